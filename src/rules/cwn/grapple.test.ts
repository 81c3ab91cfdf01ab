import { describe, expect, it } from 'vitest';
import { Fight } from '../sine-nomine/testing.ts';
import { cwn } from './index.ts';

/** Individual initiative: Vasquez (Str +1, Exert 1) acts, then Razor (Str +1, Exert 0), then Lee (untrained). */
const fight = () =>
  new Fight([cwn], {
    rules: 'cwn',
    options: { initiative: 'individual' },
    sides: [{ name: 'Crew', players: true }, { name: 'Razors' }],
    combatants: [
      { name: 'Vasquez', kind: 'pc', side: 'Crew', stats: { hp: 10, strMod: 1, skills: { exert: 1 } } },
      { name: 'Razor', side: 'Razors', stats: { hp: 8, strMod: 1, skills: { exert: 0 } } },
      { name: 'Lee', kind: 'pc', side: 'Crew', stats: { hp: 10 } },
    ],
    commands: [{ type: 'roll-initiative', dice: { Vasquez: [8], Razor: [5], Lee: [1] } }, { type: 'start' }],
  });

describe('cwn shove and grapple', () => {
  it('"Shove (Main Action) ... Make an opposed Str/Exert check. If the shover wins, they can push the target back 5 feet or knock them prone"', () => {
    const f = fight().do({ type: 'shove', actor: 'Vasquez', target: 'Razor', effect: 'prone', dice: { Vasquez: [3, 4], Razor: [2, 3] } });
    expect(f.last()).toEqual([
      'Vasquez: Main action, shove on Razor: Str/Exert 9 (2d6: 3, 4 + 2) vs 6 (2d6: 2, 3 + 1): Razor is knocked prone.',
      'Razor: Prone until removed.',
    ]);
    expect(f.refuse({ type: 'grapple', actor: 'Vasquez', target: 'Razor' })).toMatchObject({ code: 'cwn/main-spent' });
    const push = fight().do({ type: 'shove', actor: 'Vasquez', target: 'Razor', dice: { Vasquez: [3, 4], Razor: [2, 3] } });
    expect(push.last()).toEqual(['Vasquez: Main action, shove on Razor: Str/Exert 9 (2d6: 3, 4 + 2) vs 6 (2d6: 2, 3 + 1): Razor is pushed back 5 feet.']);
  });

  it('"If the target wins, nothing happens" (the defender wins ties, README)', () => {
    const f = fight().do({ type: 'shove', actor: 'Vasquez', target: 'Razor', effect: 'prone', dice: { Vasquez: [3, 3], Razor: [3, 4] } });
    expect(f.last()).toEqual(['Vasquez: Main action, shove on Razor: Str/Exert 8 (2d6: 3, 3 + 2) vs 8 (2d6: 3, 4 + 1): Razor holds its ground (the defender wins ties).']);
    expect(f.c('Razor').conditions).toEqual([]);
  });

  it('"If the grappler wins, the target is grappled and cannot move or take actions that require free hands"', () => {
    const f = fight().do({ type: 'grapple', actor: 'Vasquez', target: 'Razor', dice: { Vasquez: [5, 5], Razor: [1, 1] } }, { type: 'end-turn' });
    expect(f.c('Razor').conditions.map((k) => k.name)).toEqual(['Grappled']);
    expect(f.refuse({ type: 'act', actor: 'Razor', action: 'move' })).toEqual({ code: 'cwn/grappled', message: 'Razor is grappled and cannot move: break free first (break-free).' });
    expect(f.refuse({ type: 'leave-melee', actor: 'Razor' })).toMatchObject({ code: 'cwn/grappled' });
    expect(f.refuse({ type: 'grapple', actor: 'Razor', target: 'Lee' })).toMatchObject({ code: 'cwn/grappled' });
    f.do({ type: 'attack', actor: 'Razor', target: 'Vasquez', weapon: 'unarmed', dice: { hit: [1] } });
    expect(f.last()[0]).toContain('[Razor is grappled: no actions that need free hands]');
  });

  it('"A grappled target can attempt to break free as a Main Action by making an opposed Str/Exert check against the grappler"', () => {
    const f = fight().do({ type: 'grapple', actor: 'Vasquez', target: 'Razor', dice: { Vasquez: [5, 5], Razor: [1, 1] } }, { type: 'end-turn' });
    f.do({ type: 'break-free', actor: 'Razor', dice: { Razor: [6, 6], Vasquez: [1, 2] } });
    expect(f.last()).toEqual([
      'Razor: Main action, break free from Vasquez: Str/Exert 13 (2d6: 6, 6 + 1) vs 5 (2d6: 1, 2 + 2): Razor breaks free.',
      'Razor: Grappled removed.',
    ]);
    f.do({ type: 'act', actor: 'Razor', action: 'move' });
  });

  it('"The grappler can maintain the grapple as a Move action each round" — unmaintained, it lapses at the end of the grappler\'s turn', () => {
    const f = fight().do({ type: 'grapple', actor: 'Vasquez', target: 'Razor', dice: { Vasquez: [5, 5], Razor: [1, 1] } });
    expect(f.refuse({ type: 'act', actor: 'Vasquez', action: 'maintain-grapple' })).toMatchObject({ code: 'grapple/fresh' });
    f.do({ type: 'end-turn' }, { type: 'end-turn' }, { type: 'end-turn' });
    // Round 2: maintained with the Move action.
    f.do({ type: 'act', actor: 'Vasquez', action: 'maintain-grapple' });
    expect(f.last()).toEqual(['Vasquez maintains the grapple on Razor (Move action).']);
    expect(f.refuse({ type: 'act', actor: 'Vasquez', action: 'maintain-grapple' })).toMatchObject({ code: 'grapple/maintained' });
    f.do({ type: 'end-turn' }, { type: 'end-turn' }, { type: 'end-turn' });
    // Round 3: with the Move spent, maintaining takes the Main action as a second Move; then not at all.
    f.do({ type: 'act', actor: 'Vasquez', action: 'move' }, { type: 'end-turn' });
    expect(f.last()).toEqual(["End of Vasquez's turn.", "Vasquez's grapple on Razor lapses: not maintained this round.", 'Razor: Grappled removed.', 'Razor acts.']);
  });

  it('maintaining with the Main action when the Move is gone; "or release it as a free action"', () => {
    const f = fight().do({ type: 'grapple', actor: 'Vasquez', target: 'Razor', dice: { Vasquez: [5, 5], Razor: [1, 1] } }, { type: 'end-turn' }, { type: 'end-turn' }, { type: 'end-turn' });
    f.do({ type: 'act', actor: 'Vasquez', action: 'move' }, { type: 'act', actor: 'Vasquez', action: 'maintain-grapple' });
    expect(f.last()).toEqual(['Vasquez maintains the grapple on Razor (Main action as a second Move).']);
    f.do({ type: 'act', actor: 'Vasquez', action: 'release-grapple' });
    expect(f.last()).toEqual(['Vasquez releases Razor (free action).', 'Razor: Grappled removed.']);
    expect(f.m.grapples).toEqual([]);
  });

  it('a grapple ends when the grappler goes down or leaves the fight', () => {
    const f = fight().do({ type: 'grapple', actor: 'Vasquez', target: 'Razor', dice: { Vasquez: [5, 5], Razor: [1, 1] } }, { type: 'end-turn' });
    f.do({ type: 'remove-combatant', combatant: 'Vasquez' });
    expect(f.last()).toEqual(["Vasquez's grapple on Razor lapses: Vasquez left the fight.", 'Razor: Grappled removed.', 'Vasquez leaves the fight.']);
    const g = fight().do({ type: 'grapple', actor: 'Vasquez', target: 'Razor', dice: { Vasquez: [5, 5], Razor: [1, 1] } }, { type: 'end-turn' });
    g.do({ type: 'set-defeated', combatant: 'Vasquez' });
    expect(g.last()).toEqual(['Vasquez is defeated.', "Vasquez's grapple on Razor lapses: Vasquez is down.", 'Razor: Grappled removed.']);
  });

  it('taking the Grappled condition off by hand ends the grapple', () => {
    const f = fight().do({ type: 'grapple', actor: 'Vasquez', target: 'Razor', dice: { Vasquez: [5, 5], Razor: [1, 1] } });
    f.do({ type: 'remove-condition', combatant: 'Razor', condition: 'Grappled' });
    expect(f.last()).toEqual(['Razor: Grappled removed.', "Vasquez's grapple on Razor ends: Grappled removed by the GM."]);
    expect(f.m.grapples).toEqual([]);
  });
});
