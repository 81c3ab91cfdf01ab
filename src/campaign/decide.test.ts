import { describe, expect, it } from 'vitest';
import { decideCampaign } from './decide.ts';
import { emptyCampaign } from './state.ts';
import { after, build, party, refused, vault } from './testing.ts';

describe('create', () => {
  it('records the game, its options with their defaults, the party side and no pools outside Fallout', () => {
    const { campaign } = build([{ type: 'create', title: '  Docks ', rules: 'custom', options: { formula: '1d10' } }]);
    expect(campaign.state).toMatchObject({ title: 'Docks', rules: 'custom', partySide: 'Party', session: 1, pools: null, nextPc: 1, nextTemplate: 1 });
    expect(campaign.state.options).toEqual({ formula: '1d10', tieBreak: 'pcs-first', reroll: false, rollOff: '1d20' });
    expect(campaign.version).toBe(1);
    expect(campaign.undo).toBeNull();
  });
  it('starts Fallout pools from the options and takes a party side', () => {
    const { campaign } = build([{ type: 'create', title: 'Glow', rules: 'fallout', partySide: 'Vault', options: { partyPoolStart: 2, gmPoolStart: 4 } }]);
    expect(campaign.state.pools).toEqual({ party: 2, gm: 4 });
    expect(campaign.state.partySide).toBe('Vault');
  });
  it('refuses unknown rules, bad options, an empty title, and a second create', () => {
    const empty = emptyCampaign();
    expect(refused(empty, { type: 'create', title: 'X', rules: 'dnd' })).toMatchObject({ code: 'campaign/unknown-rules', details: { path: 'rules' } });
    const options = refused(empty, { type: 'create', title: 'X', rules: 'fallout', options: { partyPoolStart: 9 } });
    expect(options.code).toBe('campaign/invalid-options');
    expect(options.message).toContain('options.partyPoolStart');
    const title = refused(empty, { type: 'create', title: ' ', rules: 'swn' });
    expect(title.code).toBe('command/invalid');
    expect(title.message).toContain('title');
    expect(refused(party().campaign, { type: 'create', title: 'Again', rules: 'swn' }).code).toBe('campaign/exists');
  });
  it('must come first', () => {
    expect(refused(emptyCampaign(), { type: 'add-pc', name: 'Vasquez' }).code).toBe('campaign/not-created');
    expect(refused(emptyCampaign(), { type: 'undo' }).code).toBe('campaign/not-created');
  });
});

describe('any command', () => {
  const { campaign } = party();
  it('is a JSON object with a known type', () => {
    for (const bad of [null, 3, 'undo', [], {}, { type: 7 }]) expect(decideCampaign(campaign, bad)).toMatchObject({ ok: false, rejection: { code: 'command/invalid' } });
    for (const type of ['attack', 'constructor', '__proto__', 'toString']) {
      expect(decideCampaign(campaign, { type })).toMatchObject({ ok: false, rejection: { code: 'command/unknown' } });
    }
  });
  it('names the field that is wrong', () => {
    const extra = refused(campaign, { type: 'set-title', title: 'A', colour: 'red' });
    expect(extra.code).toBe('command/invalid');
    expect(extra.message).toContain('colour');
    const wrong = refused(campaign, { type: 'set-pc-track', pc: 'Vasquez', track: 'hp', value: 'five' });
    expect(wrong.message).toMatch(/^set-pc-track: value: /);
  });
  it('refuses control, override and reserved characters anywhere', () => {
    expect(refused(campaign, { type: 'add-pc', name: 'Va\u202Esquez' }).code).toBe('command/invalid-text');
    expect(refused(campaign, { type: 'add-pc', name: 'V', notes: 'a\u0000b' })).toMatchObject({ code: 'command/invalid-text', details: { path: 'notes' } });
    expect(refused(campaign, { type: 'add-pc', name: '\uE001' }).code).toBe('command/invalid-text');
  });
});

describe('set-title and set-options', () => {
  it('renames the campaign; the same title changes nothing', () => {
    const b = after(party(), { type: 'set-title', title: 'Harbour' });
    expect(b.campaign.state.title).toBe('Harbour');
    expect(refused(b.campaign, { type: 'set-title', title: 'Harbour' }).code).toBe('campaign/unchanged');
  });
  it('changes only the options given, checked by the game', () => {
    const b = after(vault(), { type: 'set-options', options: { partyPoolMax: 4 } });
    expect(b.campaign.state.options).toMatchObject({ partyPoolMax: 4, partyPoolStart: 1, gmPoolStart: 2 });
    const bad = refused(b.campaign, { type: 'set-options', options: { partyPoolStart: 5 } });
    expect(bad.code).toBe('campaign/invalid-options');
    expect(bad.message).toContain('options.partyPoolStart');
    expect(refused(b.campaign, { type: 'set-options', options: { partyPoolMax: 4 } }).code).toBe('campaign/unchanged');
    expect(refused(b.campaign, { type: 'set-options', options: { colour: 1 } }).code).toBe('campaign/invalid-options');
  });
});

describe('new-session', () => {
  it('counts sessions in every game', () => {
    const b = after(party(), { type: 'new-session' });
    expect(b.campaign.state.session).toBe(2);
    expect(b.events.at(-1)!.event).toEqual({ type: 'session-started', session: 2, luck: [] });
  });
  it('Fallout: Luck back to its maximum, the party pool to partyPoolStart, the GM pool to one per PC', () => {
    let b = after(vault(), { type: 'set-pc-track', pc: 'Nora', track: 'luck', value: 0 });
    b = after(b, { type: 'set-pc-track', pc: 'Piper', track: 'luck', value: 2 });
    b = after(b, { type: 'new-session' });
    const s = b.campaign.state;
    expect(s.pcs.p1!.tracks.luck!.value).toBe(3);
    expect(s.pcs.p2!.tracks.luck!.value).toBe(5);
    expect(s.pools).toEqual({ party: 1, gm: 2 });
    expect(b.events.at(-1)!.event).toMatchObject({ luck: [{ pc: 'p1', from: 0, to: 3 }, { pc: 'p2', from: 2, to: 5 }], pools: { party: { from: 1, to: 1 }, gm: { from: 2, to: 2 } } });
  });
  it('Fallout: the GM pool stops at gmPoolMax', () => {
    const b = build([{ type: 'set-options', options: { gmPoolMax: 1, gmPoolStart: 1 } }, { type: 'new-session' }], vault());
    expect(b.campaign.state.pools).toEqual({ party: 1, gm: 1 });
  });
});

describe('undo and redo', () => {
  it('undo restores the exact state before the command, redo the one after', () => {
    const before = party();
    const changed = after(before, { type: 'set-pc-track', pc: 'Vasquez', track: 'hp', value: 4 });
    const undone = after(changed, { type: 'undo' });
    expect(undone.campaign.state).toEqual(before.campaign.state);
    expect(undone.events.at(-1)!.event).toEqual({ type: 'undone', cmd: changed.campaign.cmd });
    const redone = after(undone, { type: 'redo' });
    expect(redone.campaign.state).toEqual(changed.campaign.state);
    expect(redone.campaign.version).toBe(changed.campaign.version + 2);
  });
  it('a new command clears redo; creation cannot be undone', () => {
    const undone = build([{ type: 'undo' }], party());
    const b = after(undone, { type: 'new-session' });
    expect(refused(b.campaign, { type: 'redo' }).code).toBe('redo/nothing');
    const created = build([{ type: 'create', title: 'X', rules: 'kuro' }]);
    expect(refused(created.campaign, { type: 'undo' }).code).toBe('undo/nothing');
    expect(refused(created.campaign, { type: 'redo' }).code).toBe('redo/nothing');
  });
  it('undo reaches back command by command', () => {
    const all = build([{ type: 'undo' }, { type: 'undo' }, { type: 'undo' }], party());
    expect(all.campaign.state.pcOrder).toEqual([]);
    expect(all.campaign.state.templateOrder).toEqual([]);
    expect(all.campaign.state.title).toBe('Docks');
    expect(refused(all.campaign, { type: 'undo' }).code).toBe('undo/nothing');
  });
});
