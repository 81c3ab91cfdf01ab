import { describe, expect, it } from 'vitest';
import { Fight } from '../sine-nomine/testing.ts';
import { cwn } from './index.ts';

const pc = (name: string, dexMod = 0, extra: Record<string, unknown> = {}) => ({ name, kind: 'pc', side: 'Crew', stats: { hp: 10, ac: 13, dexMod, ...extra } });
const npc = (name: string, side = 'Razors', stats: Record<string, unknown> = {}) => ({ name, side, stats: { hp: 6, ac: 12, ...stats } });
const fight = (combatants: unknown[], options: Record<string, unknown> = {}) =>
  new Fight([cwn], { rules: 'cwn', options, sides: [{ name: 'Crew', players: true }, { name: 'Razors' }, { name: 'Cops' }], combatants });

describe('cwn side initiative (the default)', () => {
  it('"each side involved in it rolls initiative, rolling 1d8 and adding their group\'s best Dexterity modifier. NPCs usually add nothing"', () => {
    const f = fight([pc('Vasquez', 1), pc('Jin', 2), npc('Razor', 'Razors', { dexMod: 3 })]).do({ type: 'roll-initiative', dice: { Crew: [3], Razors: [4] } });
    expect(f.log()).toContain('Initiative: Crew 5 (1d8: 3, +2 Dex of Jin).');
    expect(f.log()).toContain('Initiative: Razors 4 (1d8: 4).');
    expect(f.order()).toEqual(['Crew 5', 'Razors 4']);
  });

  it('README: NPC sides add nothing "unless the GM gives them a modifier" (option or set-side)', () => {
    const f = new Fight([cwn], {
      rules: 'cwn',
      options: { sideModifiers: { Razors: 2 } },
      sides: [{ name: 'Crew', players: true }, { name: 'Razors' }, { name: 'Cops' }],
      combatants: [pc('Vasquez'), npc('Razor'), npc('Cop', 'Cops')],
      commands: [{ type: 'set-side', side: 'Cops', modifier: -1 }],
    }).do({ type: 'roll-initiative', dice: { Crew: [4], Razors: [4], Cops: [4] } });
    expect(f.order()).toEqual(['Razors 6', 'Crew 4', 'Cops 3']);
    expect(f.log()).toContain('Initiative: Cops 3 (1d8: 4, -1 side modifier).');
    expect(f.refuse({ type: 'set-side', side: 'Razors', modifier: 0 })).toMatchObject({ code: 'initiative/already-rolled' });
  });

  it('"The groups then act in order from highest to lowest rolls, with PC sides winning ties"; NPC sides tied roll off', () => {
    const f = fight([npc('Razor'), pc('Vasquez'), npc('Cop', 'Cops')]).do({
      type: 'roll-initiative',
      dice: { Crew: [5], Razors: [5], Cops: [5], 'roll-off:Razors': [2], 'roll-off:Cops': [6] },
    });
    expect(f.order()).toEqual(['Crew 5', 'Cops 5 (tied with Crew: PCs win ties)', 'Razors 5 (tied with Cops: roll-off 6 vs 2)']);
  });

  it('"Members of a side can act in any order the group agrees upon when it is that side\'s turn to act"', () => {
    const f = fight([pc('Vasquez'), pc('Jin'), npc('Razor')]).do({ type: 'roll-initiative', dice: { Crew: [7], Razors: [1] } }, { type: 'start' });
    expect(f.now()).toMatchObject({ kind: 'side', side: 'crew', active: null, waiting: [f.id('Vasquez'), f.id('Jin')], label: 'Crew' });
    f.do({ type: 'begin-turn', combatant: 'Jin' }, { type: 'end-turn' }, { type: 'begin-turn', combatant: 'Vasquez' }, { type: 'end-turn' });
    expect(f.now()).toMatchObject({ kind: 'side', side: 'razors', waiting: [f.id('Razor')] });
    expect(f.refuse({ type: 'begin-turn', combatant: 'Jin' })).toMatchObject({ code: 'turn/not-your-turn' });
  });

  it('"When the slowest group has acted, the round ends and a new round starts in the same initiative order"', () => {
    const f = fight([pc('Vasquez'), npc('Razor')]).do({ type: 'roll-initiative', dice: { Crew: [2], Razors: [6] } }, { type: 'start' });
    f.do({ type: 'act', actor: 'Razor', action: 'move' }, { type: 'end-turn' });
    f.do({ type: 'act', actor: 'Vasquez', action: 'move' }, { type: 'end-turn' });
    expect(f.now()).toMatchObject({ kind: 'side', round: 2, side: 'razors' });
    expect(f.order()).toEqual(['Razors 6', 'Crew 2']);
  });

  it('a late joiner joins its side\'s turn without a roll; a new side rolls on joining', () => {
    const f = fight([pc('Vasquez'), npc('Razor')]).do({ type: 'roll-initiative', dice: { Crew: [6], Razors: [2] } }, { type: 'start' });
    f.do({ type: 'add-combatant', name: 'Razor', side: 'Razors' });
    expect(f.last()).toContain("Razor 2 joins the Razors' turn.");
    f.do({ type: 'add-combatant', name: 'Cop', side: 'Cops', dice: { Cops: [8] } });
    expect(f.last()).toContain("Cop's place in round 1 has passed: it acts from round 2.");
    expect(f.order()).toEqual(['Cops 8', 'Crew 6', 'Razors 2']);
    expect(f.now()).toMatchObject({ kind: 'side', side: 'crew' });
  });

  it('"If a PC has some cyber or ability that allows them to automatically win initiative, they go first even if their side loses initiative"', () => {
    const f = fight([pc('Vasquez'), pc('Jin', 2, { autoInitiative: true }), npc('Razor')]).do({ type: 'roll-initiative', dice: { Crew: [1], Razors: [8], Jin: [1] } });
    expect(f.order()).toEqual(['Jin 3', 'Razors 8', 'Crew 3']);
    f.do({ type: 'start' });
    expect(f.now()).toMatchObject({ kind: 'actor', actor: f.id('Jin') });
  });

  it('"If two such boosted combatants oppose each other, they act in whatever order the initiative dice indicated"', () => {
    const f = fight([pc('Jin', 0, { autoInitiative: true }), npc('Boss', 'Razors', { autoInitiative: true, dexMod: 1 })]).do({
      type: 'roll-initiative',
      dice: { Jin: [3], Boss: [5] },
    });
    expect(f.order()).toEqual(['Boss 6', 'Jin 3']);
  });

  it('"individual initiative ... each combatant rolling 1d8 ... As before, PCs win ties"', () => {
    const f = fight([npc('Razor', 'Razors', { dexMod: 1 }), pc('Vasquez', 1)], { initiative: 'individual' }).do({ type: 'roll-initiative', dice: { Razor: [4], Vasquez: [4] } }, { type: 'start' });
    expect(f.order()).toEqual(['Vasquez 5', 'Razor 5 (tied with Vasquez: PCs win ties)']);
    expect(f.now()).toMatchObject({ kind: 'actor', actor: f.id('Vasquez') });
  });

  // Unlike SWN's surprised combatant, a surprised CWN side is not kept from rolling: its enemies get "a full free
  // round of action before initiative can be rolled", so by the roll nobody is surprised any more.
  it('"they roll 1d8 and add the best Dexterity modifier among them": a side surprised in the free round counts every member', () => {
    const f = fight([pc('Vasquez', 2), pc('Jin', 1), npc('Razor')]).do({ type: 'surprise', side: 'Crew' }, { type: 'start' }, { type: 'end-turn', dice: { Crew: [3], Razors: [2] } });
    expect(f.log()).toContain('Initiative: Crew 5 (1d8: 3, +2 Dex of Vasquez).');
  });

  it('end-turn with nobody begun ends the side\'s turn', () => {
    const f = fight([pc('Vasquez'), npc('Razor')]).do({ type: 'roll-initiative', dice: { Crew: [6], Razors: [2] } }, { type: 'start' }, { type: 'end-turn' });
    expect(f.last()).toEqual(["End of the Crew's turn. Vasquez did not act this round.", "Razors' turn (initiative 2): Razor acts (begin-turn)."]);
    expect(f.refuse({ type: 'end-turn', combatant: 'Vasquez' })).toMatchObject({ code: 'turn/not-your-turn' });
  });
});
