import { describe, expect, it } from 'vitest';
import type { StoredCampaignEvent } from './events.ts';
import { CAMPAIGN_FILE_VERSION, checkCampaignFile } from './file.ts';
import { build, party, vault } from './testing.ts';

const fileOf = (events: readonly StoredCampaignEvent[], rules = 'custom', extra: Record<string, unknown> = {}) => ({
  format: 'turnkeeper-campaign',
  version: CAMPAIGN_FILE_VERSION,
  rules,
  title: 'Docks',
  exportedAt: '2026-11-21T10:00:00.000Z',
  events,
  fights: [],
  ...extra,
});
const fight = (rules: string) => ({ format: 'turnkeeper.encounter', formatVersion: 1, encounter: { title: 'A', rules }, events: [{ seq: 1, cmd: 1, event: { type: 'encounter-created' } }] });
/** The file with one event replaced (a JSON copy: the original stays as it was). */
const edited = (events: readonly StoredCampaignEvent[], i: number, edit: (e: Record<string, unknown>) => void) => {
  const copy = JSON.parse(JSON.stringify(events)) as Record<string, unknown>[];
  edit(copy[i]!.event as Record<string, unknown>);
  return copy as unknown as StoredCampaignEvent[];
};
const failure = (json: unknown) => {
  const r = checkCampaignFile(json);
  if (r.ok) throw new Error('expected the file to be refused');
  return { path: r.path, message: r.message };
};

describe('checkCampaignFile', () => {
  it('accepts a campaign\'s events with its fights, and replays them', () => {
    const b = build([{ type: 'link-fight', fight: 'enc1', title: 'A', pcs: { Lee: 'c2' } }, { type: 'undo' }, { type: 'redo' }], party());
    const r = checkCampaignFile(JSON.parse(JSON.stringify(fileOf(b.events, 'custom', { fights: [fight('custom')] }))));
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.campaign.state).toEqual(b.campaign.state);
      expect(r.file.fights).toHaveLength(1);
    }
    expect(checkCampaignFile(fileOf(vault().events, 'fallout')).ok).toBe(true);
  });
  it('refuses what is not a campaign file of this version, or of a game it does not know', () => {
    const { events } = party();
    expect(failure([])).toMatchObject({ path: '' });
    expect(failure({ ...fileOf(events), format: 'turnkeeper.encounter' }).message).toContain('encounter file, not a campaign');
    expect(failure({ ...fileOf(events), format: 'zip' }).path).toBe('format');
    expect(failure({ ...fileOf(events), version: 2 })).toEqual({ path: 'version', message: 'This campaign file is version 2; this Turnkeeper reads version 1. Update Turnkeeper to import it.' });
    expect(failure({ ...fileOf(events), version: '1' }).path).toBe('version');
    expect(failure(fileOf(events, 'dnd')).message).toContain('"dnd" rules, which this Turnkeeper does not have');
    expect(failure({ ...fileOf(events), colour: 1 }).path).toBe('');
    expect(failure({ ...fileOf(events), events: [] }).path).toBe('events');
    expect(checkCampaignFile(fileOf(events), 3).ok).toBe(false);
  });
  it('refuses fights of another game, or that are not encounter exports', () => {
    const { events } = party();
    expect(failure(fileOf(events, 'custom', { fights: [fight('custom'), fight('swn')] }))).toMatchObject({ path: 'fights[1].encounter.rules' });
    expect(failure(fileOf(events, 'custom', { fights: [{ encounter: { rules: 'custom' } }] })).path).toBe('fights[0].events');
  });
  it('refuses events of another game than the file says', () => {
    expect(failure(fileOf(vault().events, 'custom'))).toMatchObject({ path: 'events[0].event.rules' });
  });
  it('names the event and the field that is wrong', () => {
    const { events } = vault();
    const hp = failure(fileOf(edited(events, 1, (e) => ((e.pc as { stats: Record<string, unknown> }).stats.hp = 'lots')), 'fallout'));
    expect(hp.path).toBe('events[1].event.pc.stats.hp');
    expect(failure(fileOf(edited(events, 3, (e) => (e.type = 'template-eaten')), 'fallout'))).toMatchObject({ path: 'events[3].event.type', message: '"template-eaten" is not a campaign event.' });
    expect(failure(fileOf(edited(events, 3, (e) => (e.type = 'constructor')), 'fallout')).path).toBe('events[3].event.type');
    expect(failure(fileOf(edited(events, 3, (e) => ((e.template as Record<string, unknown>).tags = ['x'.repeat(41)])), 'fallout')).path).toBe('events[3].event.template.tags[0]');
    expect(failure(fileOf(edited(events, 2, (e) => ((e.pc as Record<string, unknown>).notes = 'a\uE001b')), 'fallout')).path).toBe('events[2].event.pc.notes');
    expect(failure(fileOf(edited(events, 2, (e) => ((e.pc as Record<string, unknown>).extra = 1)), 'fallout')).path).toBe('events[2].event.pc');
  });
  it('refuses numbering with gaps or commands that go back', () => {
    const { events } = party();
    const gap = events.map((e, i) => (i === 2 ? { ...e, seq: 9 } : e));
    expect(failure(fileOf(gap)).path).toBe('events[2].seq');
    const back = events.map((e, i) => (i === 3 ? { ...e, cmd: 1 } : e));
    expect(failure(fileOf(back)).path).toBe('events[3].cmd');
  });
  it('refuses events that do not fit the campaign as it stands', () => {
    const { events } = party();
    const at = (event: unknown) => [...events, { seq: events.length + 1, cmd: events.length + 1, event }] as StoredCampaignEvent[];
    expect(failure(fileOf(at({ type: 'pc-removed', pc: 'p7' })))).toEqual({ path: 'events[4]', message: 'This pc-removed event does not fit the campaign: there is no PC "p7" at this point. The file was edited or damaged.' });
    expect(failure(fileOf(at({ type: 'pc-track-set', pc: 'p1', track: 'luck', from: 1, to: 2 }))).message).toContain('Vasquez has no "luck" track');
    expect(failure(fileOf(at({ type: 'campaign-created', title: 'B', rules: 'custom', options: {}, partySide: 'Party', pools: null }))).message).toContain('created once');
    expect(failure(fileOf(at({ type: 'undone', cmd: 2 }))).message).toContain('no command 2 to undo');
    expect(failure(fileOf(at({ type: 'redone', cmd: 4 }))).message).toContain('no command 4 to redo');
    expect(failure(fileOf(at({ type: 'session-started', session: 5, luck: [] }))).message).toContain('the next session is 2');
    expect(failure(fileOf(at({ type: 'pc-added', pc: { id: 'p1', name: 'X', side: 'Party', stats: {}, tracks: {}, notes: '' } }))).message).toContain('the next PC is "p3"');
    expect(failure(fileOf(at({ type: 'written-back', fight: 'nope', changes: [] }))).message).toContain('no fight "nope"');
    expect(failure(fileOf(at({ type: 'fight-linked', fight: { id: 'e1', title: '', pcs: { p9: 'c1' }, writtenBack: 0 } }))).message).toContain('no PC "p9"');
    expect(failure(fileOf([...events.slice(1).map((e, i) => ({ ...e, seq: i + 1 }))])).message).toContain('the first event must be "campaign-created"');
  });
});
