import { describe, expect, it } from 'vitest';
import { evolveCampaign, replayCampaign, stampCampaign } from './campaign.ts';
import type { StoredCampaignEvent } from './events.ts';
import { after, build, party, refused } from './testing.ts';

const created: StoredCampaignEvent = { seq: 1, cmd: 1, event: { type: 'campaign-created', title: 'X', rules: 'custom', options: {}, partySide: 'Party', pools: null } };
const pc = (id: string, name: string) => ({ id, name, side: 'Party', stats: {}, tracks: { hp: { value: 5, max: 5 } }, notes: '' });

describe('the fold', () => {
  it('a command of several events is one undo step', () => {
    const log: StoredCampaignEvent[] = [
      created,
      { seq: 2, cmd: 2, event: { type: 'pc-added', pc: pc('p1', 'Vasquez') } },
      { seq: 3, cmd: 2, event: { type: 'pc-track-set', pc: 'p1', track: 'hp', from: 5, to: 2 } },
      { seq: 4, cmd: 2, event: { type: 'title-set', title: 'Y' } },
      { seq: 5, cmd: 2, event: { type: 'title-set', title: 'Z' } },
    ];
    const c = replayCampaign(log);
    expect(c.state.pcs.p1!.tracks.hp!.value).toBe(2);
    expect(c.undo!.size).toBe(1);
    const undone = evolveCampaign(c, { seq: 6, cmd: 3, event: { type: 'undone', cmd: 2 } });
    expect(undone.state).toEqual(replayCampaign([created]).state);
    const redone = evolveCampaign(undone, { seq: 7, cmd: 4, event: { type: 'redone', cmd: 2 } });
    expect(JSON.stringify(redone.state)).toBe(JSON.stringify(c.state));
  });
  it('never changes the campaign it is given', () => {
    const b = party();
    const before = JSON.stringify(b.campaign);
    for (const command of [{ type: 'remove-pc', pc: 'Lee' }, { type: 'set-pc-track', pc: 'Vasquez', track: 'hp', value: 1 }, { type: 'undo' }, { type: 'link-fight', fight: '__proto__', title: 'A' }]) after(b, command);
    expect(JSON.stringify(b.campaign)).toBe(before);
  });
  it('ignores what it cannot apply: undo with nothing to undo, unknown events, events about nobody', () => {
    const c = replayCampaign([
      created,
      { seq: 2, cmd: 2, event: { type: 'undone', cmd: 1 } },
      { seq: 3, cmd: 3, event: { type: 'mystery' } as never },
      { seq: 4, cmd: 4, event: { type: 'pc-removed', pc: 'constructor' } },
      { seq: 5, cmd: 5, event: { type: 'written-back', fight: 'x', changes: [{ pc: 'p9', track: 'hp', from: 1, to: 2 }], pools: { party: { from: 0, to: 1 }, gm: { from: 0, to: 1 } } } },
    ]);
    expect(c.state).toEqual(replayCampaign([created]).state);
    expect(c.version).toBe(5);
  });
  it('keeps "__proto__" as an ordinary id, through replay and JSON', () => {
    const b = build([{ type: 'link-fight', fight: '__proto__', title: 'Odd' }, { type: 'unlink-fight', fight: '__proto__' }, { type: 'undo' }], party());
    expect(Object.keys(b.campaign.state.fights)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(b.campaign.state.fights)).toBe(Object.prototype);
    const replayed = replayCampaign(JSON.parse(JSON.stringify(b.events)) as StoredCampaignEvent[]);
    expect(JSON.stringify(replayed.state)).toBe(JSON.stringify(b.campaign.state));
    expect(replayed.state.fights['__proto__']!.title).toBe('Odd');
  });
  it('an undone removal gives back the same JSON, order included', () => {
    const b = build([{ type: 'add-pc', name: 'Mara' }, { type: 'add-template', name: 'Wolf' }], party());
    const removed = build([{ type: 'remove-pc', pc: 'Lee' }, { type: 'remove-template', template: 'Raider' }, { type: 'undo' }, { type: 'undo' }], b);
    expect(JSON.stringify(removed.campaign.state)).toBe(JSON.stringify(b.campaign.state));
    expect(JSON.stringify(replayCampaign(removed.events).state)).toBe(JSON.stringify(b.campaign.state));
  });
  it('undo reaches back 500 commands', () => {
    let b = build(Array.from({ length: 600 }, (_, i) => ({ type: 'set-title', title: `T${i}` })), party());
    for (let i = 0; i < 500; i++) b = after(b, { type: 'undo' });
    expect(b.campaign.state.title).toBe('T99');
    expect(JSON.stringify(replayCampaign(b.events))).toBe(JSON.stringify(b.campaign));
  });
  it('stamps a decision as the next command', () => {
    const c = party().campaign;
    expect(stampCampaign(c, [{ type: 'title-set', title: 'A' }, { type: 'title-set', title: 'B' }])).toEqual([
      { seq: c.version + 1, cmd: c.cmd + 1, event: { type: 'title-set', title: 'A' } },
      { seq: c.version + 2, cmd: c.cmd + 1, event: { type: 'title-set', title: 'B' } },
    ]);
    expect(refused(c, { type: 'redo' }).code).toBe('redo/nothing');
  });
});
