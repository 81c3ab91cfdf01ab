import { describe, expect, it } from 'vitest';
import { extraTracks, hpParts } from './render.ts';
import { followTable, MAX_BACKOFF_MS, nextRead, POLL_MS, tableApiPath } from './table-follow.ts';
import type { TableAnswer } from './table-follow.ts';

const party: TableAnswer['party'] = [
  { name: 'Vasquez', tracks: { hp: { value: 5, max: 12 }, luck: { value: 2, max: 3, label: 'Luck' } } },
  { name: 'Kade', tracks: { hp: { value: 10, max: 10 } } },
];
const table = (fight: TableAnswer['fight']): TableAnswer => ({ campaign: { id: 'c1', title: 'The Drowned Coast', rules: 'swn' }, screen: 'player', fight, party });
const fight = (id: string, status: 'setup' | 'running' | 'ended' = 'running') => ({ id, title: id, status, round: 1 });

describe('the table link follows its campaign', () => {
  it('shows the current fight, and switches to a new one without waiting for the old one', () => {
    expect(followTable({ ok: true, table: table(fight('f1')) }, null)).toEqual({ kind: 'fight', id: 'f1' });
    expect(followTable({ ok: true, table: table(fight('f1')) }, 'f1')).toEqual({ kind: 'keep' });
    expect(followTable({ ok: true, table: table(fight('f2', 'setup')) }, 'f1')).toEqual({ kind: 'fight', id: 'f2' });
  });

  it('waits between fights, with the party as it stands', () => {
    const t = table(null);
    expect(followTable({ ok: true, table: t }, 'f1')).toEqual({ kind: 'waiting', table: t });
    expect(followTable({ ok: true, table: t }, null)).toEqual({ kind: 'waiting', table: t });
    // An ended fight is never shown as current, even if an answer named one.
    const ended = table(fight('f1', 'ended'));
    expect(followTable({ ok: true, table: ended }, 'f1')).toEqual({ kind: 'waiting', table: ended });
  });

  it('says the link was replaced when the key stops opening the campaign, and retries anything else', () => {
    for (const status of [401, 403, 404]) expect(followTable({ ok: false, status }, 'f1')).toEqual({ kind: 'replaced' });
    for (const status of [0, 429, 500, 502, 503]) expect(followTable({ ok: false, status }, 'f1')).toEqual({ kind: 'retry' });
  });

  it('reads every few seconds, less often after failures in a row, never faster than the poll', () => {
    expect(nextRead(0)).toBe(POLL_MS);
    expect([1, 2, 3].map(nextRead)).toEqual([10_000, 20_000, 40_000]);
    expect(nextRead(4)).toBe(MAX_BACKOFF_MS);
    expect(nextRead(1000)).toBe(MAX_BACKOFF_MS);
    expect(nextRead(-1)).toBe(POLL_MS);
  });

  it('asks the campaign route', () => {
    expect(tableApiPath('c 1')).toBe('/api/campaigns/c%201/table');
  });
});

describe('the party on the waiting screen', () => {
  it('shows HP as a bar and the other tracks in words', () => {
    expect(hpParts(party[0]!.tracks.hp)).toEqual({ value: 5, max: 12, text: '5/12', ratio: 5 / 12, band: 'low' });
    expect(hpParts({ value: 0, max: 10 })?.band).toBe('empty');
    expect(hpParts(undefined)).toBeNull();
    expect(extraTracks(party[0]!)).toEqual(['Luck 2/3']);
    expect(extraTracks(party[1]!)).toEqual([]);
  });
});
