import { describe, expect, it } from 'vitest';
import { replayCampaign } from './campaign.ts';
import type { StoredCampaignEvent } from './events.ts';
import { after, build, party, refused, vault } from './testing.ts';
import type { Built } from './testing.ts';

const linked = (b: Built = party()): Built => after(b, { type: 'link-fight', fight: 'enc1', title: 'Crypt ambush', pcs: { Vasquez: 'c1', p2: 'c2' } });

describe('link-fight and unlink-fight', () => {
  it('records the fight and which combatant each PC became', () => {
    const b = linked();
    expect(b.campaign.state.fights.enc1).toEqual({ id: 'enc1', title: 'Crypt ambush', pcs: { p1: 'c1', p2: 'c2' }, writtenBack: 0 });
    expect(b.campaign.state.fightOrder).toEqual(['enc1']);
    const out = after(b, { type: 'unlink-fight', fight: 'enc1' });
    expect(out.campaign.state.fights).toEqual({});
    expect(out.campaign.state.fightOrder).toEqual([]);
  });
  it('takes an encounter id that is a prototype name', () => {
    const b = after(party(), { type: 'link-fight', fight: 'constructor', title: '', pcs: {} });
    expect(Object.keys(b.campaign.state.fights)).toEqual(['constructor']);
    expect(after(b, { type: 'unlink-fight', fight: 'constructor' }).campaign.state.fightOrder).toEqual([]);
  });
  it('refuses a fight linked twice, an unknown PC, a PC or a combatant given twice, an unknown fight', () => {
    const b = linked();
    expect(refused(b.campaign, { type: 'link-fight', fight: 'enc1', title: 'Again' })).toMatchObject({ code: 'campaign/fight-exists', details: { path: 'fight' } });
    expect(refused(b.campaign, { type: 'link-fight', fight: 'enc2', title: 'X', pcs: { Bob: 'c1' } })).toMatchObject({ code: 'campaign/unknown-pc', details: { path: 'pcs.Bob' } });
    expect(refused(b.campaign, { type: 'link-fight', fight: 'enc2', title: 'X', pcs: { Vasquez: 'c1', p1: 'c2' } }).message).toContain('Vasquez is listed twice');
    expect(refused(b.campaign, { type: 'link-fight', fight: 'enc2', title: 'X', pcs: { Vasquez: 'c1', Lee: 'c1' } }).message).toContain('"c1" is given to two PCs');
    expect(refused(b.campaign, { type: 'link-fight', fight: '', title: 'X' }).details).toEqual({ path: 'fight' });
    expect(refused(b.campaign, { type: 'unlink-fight', fight: 'enc9' })).toMatchObject({ code: 'campaign/unknown-fight', details: { path: 'fight' } });
  });
});

describe('write-back', () => {
  it('writes the reviewed values, clamped to the campaign\'s bounds, and counts the write-back', () => {
    const b = after(linked(), { type: 'write-back', fight: 'enc1', changes: [{ pc: 'p1', track: 'hp', from: 12, to: 5 }, { pc: 'Lee', track: 'HP', from: 9, to: 15 }] });
    expect(b.campaign.state.pcs.p1!.tracks.hp).toEqual({ value: 5, max: 12 });
    expect(b.campaign.state.pcs.p2!.tracks.hp).toEqual({ value: 9, max: 9 });
    expect(b.campaign.state.fights.enc1!.writtenBack).toBe(1);
    expect(b.events.at(-1)!.event).toEqual({ type: 'written-back', fight: 'enc1', changes: [{ pc: 'p1', track: 'hp', from: 12, to: 5 }] });
    const undone = after(b, { type: 'undo' });
    expect(undone.campaign.state).toEqual(linked().campaign.state);
  });
  it('an empty write-back still counts: the GM kept everything', () => {
    const b = after(linked(), { type: 'write-back', fight: 'enc1' });
    expect(b.campaign.state.fights.enc1!.writtenBack).toBe(1);
  });
  it('refuses anything that moved since the review, and writes nothing', () => {
    const b = after(linked(), { type: 'set-pc-track', pc: 'Vasquez', track: 'hp', value: 7 });
    const stale = refused(b.campaign, { type: 'write-back', fight: 'enc1', changes: [{ pc: 'Lee', track: 'hp', from: 9, to: 3 }, { pc: 'Vasquez', track: 'hp', from: 12, to: 5 }] });
    expect(stale).toMatchObject({ code: 'campaign/stale', details: { path: 'changes[1].from' } });
    expect(stale.message).toBe("Vasquez's HP changed since you reviewed it (it is 7 now, not 12): review the write-back again.");
  });
  it('refuses an unknown fight, PC or track, a PC not in the fight, and a track written twice', () => {
    const b = after(linked(), { type: 'add-pc', name: 'Mara', hp: 5 });
    const c = b.campaign;
    expect(refused(c, { type: 'write-back', fight: 'enc2' }).code).toBe('campaign/unknown-fight');
    expect(refused(c, { type: 'write-back', fight: 'enc1', changes: [{ pc: 'Bob', track: 'hp', from: 1, to: 2 }] }).details).toMatchObject({ path: 'changes[0].pc' });
    expect(refused(c, { type: 'write-back', fight: 'enc1', changes: [{ pc: 'Lee', track: 'ammo', from: 1, to: 2 }] })).toMatchObject({ code: 'campaign/unknown-track', details: { path: 'changes[0].track' } });
    expect(refused(c, { type: 'write-back', fight: 'enc1', changes: [{ pc: 'Mara', track: 'hp', from: 5, to: 2 }] }).message).toBe('changes[0].pc: Mara did not take part in “Crypt ambush”.');
    const twice = refused(c, { type: 'write-back', fight: 'enc1', changes: [{ pc: 'Lee', track: 'hp', from: 9, to: 2 }, { pc: 'p2', track: 'hp', from: 9, to: 3 }] });
    expect(twice).toMatchObject({ code: 'campaign/invalid', details: { path: 'changes[1]' } });
    expect(refused(c, { type: 'write-back', fight: 'enc1', pools: { party: { from: 0, to: 1 }, gm: { from: 0, to: 1 } } }).code).toBe('campaign/no-pools');
  });
  it('Fallout: writes the pools back, within their bounds, and refuses stale pools', () => {
    const b = after(vault(), { type: 'link-fight', fight: 'f1', title: 'Vault door', pcs: { Nora: 'c1' } });
    const written = after(b, { type: 'write-back', fight: 'f1', pools: { party: { from: 1, to: 9 }, gm: { from: 2, to: 5 } } });
    expect(written.campaign.state.pools).toEqual({ party: 6, gm: 5 });
    const stale = refused(b.campaign, { type: 'write-back', fight: 'f1', pools: { party: { from: 1, to: 2 }, gm: { from: 3, to: 5 } } });
    expect(stale).toMatchObject({ code: 'campaign/stale', details: { path: 'pools.gm.from' } });
    expect(stale.message).toContain("The GM's pool changed since you reviewed it (it holds 2 AP now, not 3)");
    const same = after(b, { type: 'write-back', fight: 'f1', pools: { party: { from: 1, to: 1 }, gm: { from: 2, to: 2 } } });
    expect(same.events.at(-1)!.event).toEqual({ type: 'written-back', fight: 'f1', changes: [] });
  });
});

describe('fights in a long campaign', () => {
  it('keeps at most 10,000 (the log replays in time proportional to its length)', () => {
    const created = build([{ type: 'create', title: 'Long', rules: 'custom' }]);
    const events = [
      ...created.events,
      ...Array.from({ length: 10_000 }, (_, i): StoredCampaignEvent => ({ seq: i + 2, cmd: i + 2, event: { type: 'fight-linked', fight: { id: `e${i}`, title: '', pcs: {}, writtenBack: 0 } } })),
    ];
    const started = performance.now();
    const campaign = replayCampaign(events);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(campaign.state.fightOrder).toHaveLength(10_000);
    expect(refused(campaign, { type: 'link-fight', fight: 'one-more', title: '' }).code).toBe('campaign/too-many-fights');
    const unlinked = after({ campaign, events }, { type: 'unlink-fight', fight: 'e0' });
    expect(after(unlinked, { type: 'link-fight', fight: 'one-more', title: '' }).campaign.state.fightOrder.at(-1)).toBe('one-more');
  });
});
