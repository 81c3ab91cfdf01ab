import { describe, expect, it } from 'vitest';
import { after, build, NORA, party, refused, vault } from './testing.ts';
import type { Built } from './testing.ts';

const pcOf = (b: Built, id: string) => b.campaign.state.pcs[id]!;

describe('add-pc', () => {
  it('numbers PCs, puts them on the party side and builds tracks as add-combatant does', () => {
    const b = build([
      { type: 'create', title: 'Drift', rules: 'swn', partySide: 'Crew' },
      { type: 'add-pc', name: 'Vasquez', stats: { hp: 12, ac: 14 } },
      { type: 'add-pc', name: 'Lee', side: 'Rogues', stats: { hp: 9 }, hp: 11, tracks: { ammo: { value: 3, max: 6, label: 'clips' } }, notes: 'Hacker' },
    ]);
    expect(pcOf(b, 'p1')).toMatchObject({ id: 'p1', name: 'Vasquez', side: 'Crew', tracks: { hp: { value: 12, max: 12 } }, notes: '' });
    expect(pcOf(b, 'p1').stats).toMatchObject({ hp: 12, ac: 14 });
    expect(pcOf(b, 'p2')).toMatchObject({ side: 'Rogues', notes: 'Hacker', tracks: { hp: { value: 11, max: 11 }, ammo: { value: 3, max: 6, label: 'clips' } } });
    expect(b.campaign.state.pcOrder).toEqual(['p1', 'p2']);
  });
  it('never reuses an id', () => {
    const b = build([{ type: 'remove-pc', pc: 'Lee' }, { type: 'add-pc', name: 'Mara' }], party());
    expect(b.campaign.state.pcOrder).toEqual(['p1', 'p3']);
  });
  it('refuses a taken name (any case), a bad sheet by its path, a bad track and a bad name', () => {
    const { campaign } = party();
    expect(refused(campaign, { type: 'add-pc', name: 'VASQUEZ' })).toMatchObject({ code: 'campaign/name-taken', details: { path: 'name' } });
    const stats = refused(vault().campaign, { type: 'add-pc', name: 'Cait', stats: { ...NORA, hp: -3 } });
    expect(stats).toMatchObject({ code: 'campaign/invalid-stats', details: { path: 'stats.hp' } });
    expect(stats.message).toMatch(/^Cait: stats\.hp: /);
    const nested = refused(vault().campaign, { type: 'add-pc', name: 'Cait', stats: { ...NORA, weapons: [{ name: 'Bat', type: 'club', damage: 2 }] } });
    expect(nested.details).toEqual({ path: 'stats.weapons[0].type' });
    expect(refused(campaign, { type: 'add-pc', name: 'Cait', tracks: { hp: { value: 9, max: 5 } } })).toMatchObject({ code: 'campaign/invalid-track', details: { path: 'tracks.hp' } });
    expect(refused(campaign, { type: 'add-pc', name: 'Cait', tracks: { hp: { value: 1, min: 3, max: 2 } } }).message).toContain('minimum (3) is above the maximum (2)');
    expect(refused(campaign, { type: 'add-pc', name: '\u200B' })).toMatchObject({ code: 'name/invalid', details: { path: 'name' } });
    expect(refused(campaign, { type: 'add-pc', name: 'Cait', notes: 'x'.repeat(4001) }).code).toBe('command/invalid');
    expect(refused(campaign, { type: 'add-pc', name: 'Cait', hp: -1 }).details).toEqual({ path: 'hp' });
  });
  it('refuses a maximum HP below 1, from the sheet, the hp field or a track given, in words', () => {
    const swn = build([{ type: 'create', title: 'Drift', rules: 'swn' }]);
    const sheet = refused(swn.campaign, { type: 'add-pc', name: 'Kade', stats: { hp: 0, ac: 13 } });
    expect(sheet).toEqual({ code: 'campaign/hp-too-low', message: 'Kade: stats.hp: at least 1 (a character at 0 HP is defeated before the fight starts).', details: { path: 'stats.hp' } });
    expect(refused(party().campaign, { type: 'add-pc', name: 'Mara', hp: 0 })).toMatchObject({ code: 'campaign/hp-too-low', details: { path: 'hp' } });
    expect(refused(party().campaign, { type: 'add-pc', name: 'Mara', tracks: { hp: { value: 0, max: 0 } } })).toMatchObject({ code: 'campaign/hp-too-low', details: { path: 'tracks.hp' } });
    // A PC without HP (a game where the GM gives none) is fine.
    expect(after(party(), { type: 'add-pc', name: 'Mara' }).campaign.state.pcs.p3!.tracks).toEqual({});
    expect(refused(vault().campaign, { type: 'update-pc', pc: 'Nora', stats: { hp: 0 } })).toMatchObject({ code: 'campaign/hp-too-low', details: { path: 'stats.hp' } });
    expect(refused(party().campaign, { type: 'update-pc', pc: 'Lee', hp: 0 })).toMatchObject({ code: 'campaign/hp-too-low', details: { path: 'hp' } });
  });
  it('holds at most 500 PCs', () => {
    const many = build(Array.from({ length: 500 }, (_, i) => ({ type: 'add-pc', name: `PC ${i}` })), build([{ type: 'create', title: 'Horde', rules: 'custom' }]));
    expect(refused(many.campaign, { type: 'add-pc', name: 'One more' }).code).toBe('campaign/too-many-pcs');
  });
});

describe('update-pc', () => {
  it('renames, moves and rewrites notes; names by id or any case', () => {
    const b = after(party(), { type: 'update-pc', pc: 'vasquez', name: 'Vas', side: 'Scouts', notes: 'Sniper' });
    expect(pcOf(b, 'p1')).toMatchObject({ name: 'Vas', side: 'Scouts', notes: 'Sniper' });
    const again = after(b, { type: 'update-pc', pc: 'p1', name: 'Vasquez' });
    expect(pcOf(again, 'p1').name).toBe('Vasquez');
  });
  it('a new sheet sets new maximums and keeps current values, clamped', () => {
    let b = after(vault(), { type: 'set-pc-track', pc: 'Nora', track: 'hp', value: 7 });
    b = after(b, { type: 'update-pc', pc: 'Nora', stats: { hp: 15 } });
    expect(pcOf(b, 'p1').tracks.hp).toEqual({ value: 7, max: 15 });
    b = after(b, { type: 'update-pc', pc: 'Nora', stats: { hp: 5 } });
    expect(pcOf(b, 'p1').tracks.hp).toEqual({ value: 5, max: 5 });
    expect(pcOf(b, 'p1').stats.per).toBe(6);
  });
  it('tracks without a maximum take the sheet\'s new number; tracks the sheet drops go, new ones come', () => {
    let b = after(vault(), { type: 'set-pc-track', pc: 'Nora', track: 'ammo:10mm', value: 2 });
    b = after(b, { type: 'update-pc', pc: 'Nora', stats: { ammo: { '10mm': 20, fusion: 3 } } });
    expect(pcOf(b, 'p1').tracks['ammo:10mm']).toEqual({ value: 20, label: '10mm ammo' });
    expect(pcOf(b, 'p1').tracks['ammo:fusion']).toEqual({ value: 3, label: 'fusion ammo' });
    b = after(b, { type: 'update-pc', pc: 'Nora', stats: { ammo: { fusion: 3 } } });
    expect(Object.keys(pcOf(b, 'p1').tracks)).toEqual(['hp', 'luck', 'ammo:fusion']);
  });
  it('a full track stays full when its maximum rises (HP 10 of 10 → 12 of 12); a hurt PC keeps the damage', () => {
    let b = after(vault(), { type: 'update-pc', pc: 'Nora', stats: { hp: 15 } });
    expect(pcOf(b, 'p1').tracks.hp).toEqual({ value: 15, max: 15 });
    b = after(b, { type: 'set-pc-track', pc: 'Nora', track: 'hp', value: 9 });
    b = after(b, { type: 'update-pc', pc: 'Nora', stats: { hp: 18 } });
    expect(pcOf(b, 'p1').tracks.hp).toEqual({ value: 9, max: 18 });
    // Luck, a track of the sheet too: full, raised with LUC.
    b = after(b, { type: 'update-pc', pc: 'Nora', stats: { luc: 5 } });
    expect(pcOf(b, 'p1').tracks.luck).toMatchObject({ value: 5, max: 5 });
    // The hp field (Popcorn and Custom PCs): Vasquez at 12 of 12 raised to 14 is at 14.
    expect(pcOf(after(party(), { type: 'update-pc', pc: 'Vasquez', hp: 14 }), 'p1').tracks.hp).toEqual({ value: 14, max: 14 });
  });
  it('a PC kept from before at HP 0 of 0 is full when the GM gives it a maximum', () => {
    // Built as an older campaign holds it: the event, not a command (commands refuse it now).
    const old = party();
    const zero = { ...old, campaign: { ...old.campaign, state: { ...old.campaign.state, pcs: { ...old.campaign.state.pcs, p2: { ...old.campaign.state.pcs.p2!, tracks: { hp: { value: 0, max: 0 } } } } } } };
    expect(pcOf(after(zero, { type: 'update-pc', pc: 'Lee', hp: 12 }), 'p2').tracks.hp).toEqual({ value: 12, max: 12 });
    // Renaming it leaves the 0 of 0 alone: only a maximum set below 1 now is refused.
    expect(pcOf(after(zero, { type: 'update-pc', pc: 'Lee', name: 'Leah' }), 'p2').tracks.hp).toEqual({ value: 0, max: 0 });
  });
  it('leaves tracks the sheet does not give alone; hp sets the HP maximum', () => {
    let b = build([{ type: 'create', title: 'X', rules: 'swn' }, { type: 'add-pc', name: 'Kade', stats: { hp: 9 }, tracks: { fatigue: { value: 1 } } }]);
    b = after(b, { type: 'set-pc-track', pc: 'Kade', track: 'hp', value: 4 });
    b = after(b, { type: 'update-pc', pc: 'Kade', stats: { ac: 15 } });
    expect(pcOf(b, 'p1').tracks).toEqual({ hp: { value: 4, max: 9 }, fatigue: { value: 1 } });
    b = after(b, { type: 'update-pc', pc: 'Kade', hp: 12 });
    expect(pcOf(b, 'p1').tracks.hp).toEqual({ value: 4, max: 12 });
    const custom = after(party(), { type: 'update-pc', pc: 'Lee', hp: 5 });
    expect(pcOf(custom, 'p2').tracks.hp).toEqual({ value: 5, max: 5 });
  });
  it('refuses an unknown PC, a taken name, a bad sheet and a change that changes nothing', () => {
    const { campaign } = party();
    const unknown = refused(campaign, { type: 'update-pc', pc: 'Bob', notes: 'x' });
    expect(unknown).toMatchObject({ code: 'campaign/unknown-pc', details: { ref: 'Bob', path: 'pc' } });
    expect(unknown.message).toContain('PCs: Vasquez, Lee');
    expect(refused(campaign, { type: 'update-pc', pc: 'Lee', name: 'vasquez' }).code).toBe('campaign/name-taken');
    expect(refused(campaign, { type: 'update-pc', pc: 'Lee', stats: { defense: 'high' } }).details).toEqual({ path: 'stats.defense' });
    expect(refused(campaign, { type: 'update-pc', pc: 'Lee', notes: 'Medic', name: 'Lee' }).code).toBe('campaign/unchanged');
    expect(refused(campaign, { type: 'update-pc', pc: 'Lee', stats: {} }).code).toBe('campaign/unchanged');
  });
});

describe('set-pc-track and remove-pc', () => {
  it('sets a track by key, key in any case, or label', () => {
    let b = after(vault(), { type: 'set-pc-track', pc: 'nora', track: 'HP', value: 3 });
    b = after(b, { type: 'set-pc-track', pc: 'Nora', track: 'luck points', value: 1 });
    expect(pcOf(b, 'p1').tracks.hp!.value).toBe(3);
    expect(pcOf(b, 'p1').tracks.luck!.value).toBe(1);
    expect(b.events.at(-1)!.event).toEqual({ type: 'pc-track-set', pc: 'p1', track: 'luck', from: 3, to: 1 });
  });
  it('refuses an unknown track, a value out of bounds, the same value and an unknown PC', () => {
    const { campaign } = party();
    expect(refused(campaign, { type: 'set-pc-track', pc: 'Lee', track: 'luck', value: 1 })).toMatchObject({ code: 'campaign/unknown-track', details: { path: 'track' } });
    const out = refused(campaign, { type: 'set-pc-track', pc: 'Lee', track: 'hp', value: 10 });
    expect(out).toMatchObject({ code: 'campaign/out-of-bounds', details: { path: 'value' } });
    expect(out.message).toContain("Lee's HP range (0 to 9)");
    expect(refused(campaign, { type: 'set-pc-track', pc: 'Lee', track: 'hp', value: -1 }).code).toBe('campaign/out-of-bounds');
    expect(refused(campaign, { type: 'set-pc-track', pc: 'Lee', track: 'hp', value: 9 }).code).toBe('campaign/unchanged');
    expect(refused(campaign, { type: 'set-pc-track', pc: 'p9', track: 'hp', value: 1 }).code).toBe('campaign/unknown-pc');
  });
  it('removes a PC; it cannot be named afterwards', () => {
    const b = after(party(), { type: 'remove-pc', pc: 'p1' });
    expect(b.campaign.state.pcOrder).toEqual(['p2']);
    expect(b.campaign.state.pcs.p1).toBeUndefined();
    expect(refused(b.campaign, { type: 'remove-pc', pc: 'Vasquez' }).code).toBe('campaign/unknown-pc');
  });
});

describe('prototype names are ordinary names', () => {
  const names = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];
  it('as PC names and track names', () => {
    let b = build([{ type: 'create', title: 'Proto', rules: 'custom' }]);
    for (const name of names) b = after(b, { type: 'add-pc', name, hp: 4, tracks: { [name]: { value: 2, max: 3 } } });
    const s = b.campaign.state;
    expect(s.pcOrder.map((id) => s.pcs[id]!.name)).toEqual(names);
    b = after(b, { type: 'set-pc-track', pc: 'constructor', track: 'constructor', value: 1 });
    expect(b.campaign.state.pcs.p1!.tracks.constructor).toEqual({ value: 1, max: 3 });
    b = after(b, { type: 'update-pc', pc: 'toString', notes: 'ok' });
    expect(b.campaign.state.pcs.p2!.notes).toBe('ok');
  });
  it('name nothing when nothing is called that', () => {
    const { campaign } = party();
    for (const name of names) {
      expect(refused(campaign, { type: 'update-pc', pc: name, notes: 'x' }).code).toBe('campaign/unknown-pc');
      expect(refused(campaign, { type: 'set-pc-track', pc: 'Lee', track: name, value: 1 }).code).toBe('campaign/unknown-track');
      expect(refused(campaign, { type: 'remove-template', template: name }).code).toBe('campaign/unknown-template');
      expect(refused(campaign, { type: 'unlink-fight', fight: name }).code).toBe('campaign/unknown-fight');
    }
  });
});
