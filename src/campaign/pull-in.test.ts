import { describe, expect, it } from 'vitest';
import { engine } from '../rules/index.ts';
import { pullIn } from './pull-in.ts';
import { build, after, fightFrom, party, vault } from './testing.ts';
import type { Built } from './testing.ts';
import { writeBackProposal } from './write-back.ts';

const body = (b: Built, request = {}) => {
  const p = pullIn(b.campaign.state, request);
  if (!p.ok) throw new Error(p.rejection.message);
  return p;
};
const refusal = (b: Built, request: unknown) => {
  const p = pullIn(b.campaign.state, request as never);
  if (p.ok) throw new Error('expected a rejection');
  return p.rejection;
};

describe('pullIn', () => {
  it('brings the whole party by default, with its current tracks, and templates with counts', () => {
    const b = after(party(), { type: 'set-pc-track', pc: 'Vasquez', track: 'hp', value: 5 });
    const p = body(b, { templates: [{ template: 'raider', count: 3 }] });
    expect(p.pcIds).toEqual(['p1', 'p2']);
    expect(p.body).toEqual({
      rules: 'custom',
      title: 'Docks: fight 1',
      options: b.campaign.state.options,
      sides: [{ name: 'Party', players: true }],
      combatants: [
        { name: 'Vasquez', kind: 'pc', side: 'Party', stats: { tieModifier: 0 }, tracks: { hp: { value: 5, max: 12 } } },
        { name: 'Lee', kind: 'pc', side: 'Party', stats: { tieModifier: 0 }, tracks: { hp: { value: 9, max: 9 } } },
        { name: 'Raider', kind: 'npc', stats: { tieModifier: 0, defense: 12 }, hp: 6, notes: '', gmNotes: '', hidden: false, count: 3 },
      ],
    });
    const enc = fightFrom(b.campaign, { templates: [{ template: 'raider', count: 3 }] });
    const names = enc.state.roster.map((id) => enc.state.combatants[id]!.name);
    expect(names).toEqual(['Vasquez', 'Lee', 'Raider', 'Raider 2', 'Raider 3']);
    expect(enc.state.combatants.c1!.tracks.hp).toEqual({ value: 5, max: 12 });
  });
  it('takes the PCs asked for (by id or name, once each), a title, and hides the NPCs when asked', () => {
    const b = after(party(), { type: 'update-template', template: 'Raider', side: 'Raiders', hidden: true });
    const p = body(b, { title: 'Crypt ambush', pcs: ['LEE', 'p2'], templates: [{ template: 't1', count: 1 }], hidden: false });
    expect(p.pcIds).toEqual(['p2']);
    expect(p.body.title).toBe('Crypt ambush');
    expect(p.body.combatants[1]).toMatchObject({ side: 'Raiders', hidden: false });
    expect(body(b, { pcs: [], templates: [{ template: 'Raider', count: 2 }] }).body.combatants).toMatchObject([{ hidden: true, count: 2 }]);
  });
  it('names what it cannot find, and what is wrong with the request, by its path', () => {
    const b = party();
    expect(refusal(b, { templates: [{ template: 'Raider', count: 1 }, { template: 'Orc', count: 2 }] })).toMatchObject({ code: 'campaign/unknown-template', details: { path: 'templates[1].template', ref: 'Orc' } });
    expect(refusal(b, { templates: [{ template: 'Orc', count: 2 }] }).message).toMatch(/^templates\[0\]\.template: there is no template called "Orc"/);
    expect(refusal(b, { pcs: ['constructor'] })).toMatchObject({ code: 'campaign/unknown-pc', details: { path: 'pcs[0]' } });
    expect(refusal(b, { templates: [{ template: 'Raider', count: 0 }] })).toMatchObject({ code: 'campaign/invalid', details: { path: 'templates[0].count' } });
    expect(refusal(b, { colour: 'red' }).code).toBe('campaign/invalid');
    expect(refusal(b, { title: 'A\u202Eb' }).code).toBe('command/invalid-text');
    expect(refusal(b, { templates: Array.from({ length: 11 }, () => ({ template: 'Raider', count: 50 })) }).code).toBe('campaign/too-many-combatants');
  });
  it('Fallout: the fight\'s pools start where the campaign\'s stand', () => {
    const b = build([{ type: 'link-fight', fight: 'f1', title: 'A', pcs: {} }, { type: 'write-back', fight: 'f1', pools: { party: { from: 1, to: 4 }, gm: { from: 2, to: 7 } } }], vault());
    expect(body(b).body.options).toMatchObject({ partyPoolStart: 4, gmPoolStart: 7, partyPoolMax: 6 });
    const enc = fightFrom(b.campaign);
    expect((enc.state.module as { pools: unknown }).pools).toEqual({ party: 4, gm: 7 });
    expect(enc.state.combatants.c1!.tracks.luck).toEqual({ value: 3, max: 3, label: 'Luck points' });
  });
  it('leaves tracks whose names the core refuses to the encounter, and cuts long labels', () => {
    const knife = { name: 'Throwing knife of the longest night', type: 'thrown', damage: 2, quantity: 3 };
    const b = build([{ type: 'add-pc', name: 'Cait', stats: { per: 5, agi: 6, hp: 8, weapons: [knife] }, tracks: { fatigue: { value: 1, label: 'x'.repeat(40) } } }], vault());
    const cait = body(b).body.combatants[2]!;
    expect(Object.keys(cait.kind === 'pc' ? cait.tracks : {})).toEqual(['hp', 'fatigue']);
    expect(fightFrom(b.campaign).state.combatants.c3!.tracks['thrown:Throwing knife of the longest night']).toMatchObject({ value: 3 });
  });
});

describe('a campaign across two fights', () => {
  it('the second fight begins with the HP the first one left', () => {
    let b = party();
    let enc = fightFrom(b.campaign, { title: 'Crypt ambush', templates: [{ template: 'Raider', count: 2 }] });
    b = after(b, { type: 'link-fight', fight: 'enc1', title: 'Crypt ambush', pcs: { p1: 'c1', p2: 'c2' } });
    for (const command of [{ type: 'damage', combatants: ['Vasquez'], amount: 7 }, { type: 'damage', combatants: ['Lee'], amount: 2 }, { type: 'heal', combatants: ['Lee'], amount: 2 }, { type: 'end-encounter' }]) {
      const r = engine.execute(enc, command);
      if (!r.ok) throw new Error(r.rejection.message);
      enc = r.encounter;
    }
    const proposal = writeBackProposal(b.campaign.state, 'enc1', enc.state);
    expect(proposal).toEqual({ changes: [{ pc: 'p1', name: 'Vasquez', track: 'hp', label: 'HP', from: 12, to: 5 }], missing: [] });
    b = after(b, { type: 'write-back', fight: 'enc1', changes: proposal.changes.map(({ pc, track, from, to }) => ({ pc, track, from, to })) });
    expect(writeBackProposal(b.campaign.state, 'enc1', enc.state).changes).toEqual([]);
    const second = fightFrom(b.campaign, { title: 'The docks' });
    expect(second.state.combatants.c1!.tracks.hp).toEqual({ value: 5, max: 12 });
  });
  it('names linked PCs who left the fight; proposes nothing for a fight it does not know', () => {
    let enc = fightFrom(party().campaign);
    const r = engine.execute(enc, { type: 'remove-combatant', combatant: 'Lee' });
    if (!r.ok) throw new Error(r.rejection.message);
    enc = r.encounter;
    const b = after(party(), { type: 'link-fight', fight: 'enc1', title: 'A', pcs: { p1: 'c1', p2: 'c2' } });
    expect(writeBackProposal(b.campaign.state, 'enc1', enc.state)).toEqual({ changes: [], missing: [{ pc: 'p2', name: 'Lee' }] });
    expect(writeBackProposal(b.campaign.state, 'constructor', enc.state)).toEqual({ changes: [], missing: [] });
  });
  it('Fallout: proposes Luck, ammunition and the pools as the fight left them', () => {
    let b = vault();
    let enc = fightFrom(b.campaign);
    b = after(b, { type: 'link-fight', fight: 'f1', title: 'Vault door', pcs: { Nora: 'c1', Piper: 'c2' } });
    for (const command of [
      { type: 'set-track', combatant: 'Nora', track: 'luck', value: 1 },
      { type: 'set-track', combatant: 'Nora', track: 'ammo:10mm', value: 2 },
      { type: 'set-ap', pool: 'gm', value: 5 },
    ]) {
      const r = engine.execute(enc, command);
      if (!r.ok) throw new Error(r.rejection.message);
      enc = r.encounter;
    }
    const p = writeBackProposal(b.campaign.state, 'f1', enc.state);
    expect(p.changes).toEqual([
      { pc: 'p1', name: 'Nora', track: 'luck', label: 'Luck points', from: 3, to: 1 },
      { pc: 'p1', name: 'Nora', track: 'ammo:10mm', label: '10mm ammo', from: 6, to: 2 },
    ]);
    expect(p.pools).toEqual({ party: { from: 1, to: 1 }, gm: { from: 2, to: 5 } });
    b = after(b, { type: 'write-back', fight: 'f1', changes: p.changes.map(({ pc, track, from, to }) => ({ pc, track, from, to })), pools: p.pools });
    expect(b.campaign.state.pools).toEqual({ party: 1, gm: 5 });
    expect(b.campaign.state.pcs.p1!.tracks.luck!.value).toBe(1);
  });
});
