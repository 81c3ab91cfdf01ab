import { describe, expect, it } from 'vitest';
import { cwn } from '../cwn/index.ts';
import { Fight } from '../sine-nomine/testing.ts';
import { swn } from './index.ts';

const monoblade = { name: 'Monoblade', damage: '1d8', ignoresPrimitiveArmour: true, shock: { damage: 2, ac: 13 } };
const laser = { name: 'Laser pistol', damage: '1d6', kind: 'ranged' };
const knife = { name: 'Knife', damage: '1d4', primitive: true, shock: { damage: 1, ac: 15 } };

/** Vasquez (Combat shirt, advanced; Monoblade) acts first, then the Pirate (Leather jack, primitive; Knife). */
const fight = (vasquez: Record<string, unknown> = {}, pirate: Record<string, unknown> = {}) =>
  new Fight([swn, cwn], {
    rules: 'swn',
    sides: [{ name: 'PCs', players: true }, { name: 'Pirates' }],
    combatants: [
      {
        name: 'Vasquez',
        kind: 'pc',
        side: 'PCs',
        stats: { hp: 10, ac: 14, attackBonus: 1, strMod: 1, skills: { stab: 1, shoot: 1 }, armour: { name: 'Combat shirt', tech: 'advanced' }, weapons: [monoblade, laser], ...vasquez },
      },
      { name: 'Pirate', side: 'Pirates', stats: { hp: 12, ac: 15, attackBonus: 1, armour: { name: 'Leather jack', tech: 'primitive' }, weapons: [knife, laser], ...pirate } },
    ],
    commands: [{ type: 'roll-initiative', dice: { Vasquez: [8], Pirate: [2] } }, { type: 'start' }],
  });

const attack = (actor: string, target: string, weapon: string, hit: number, damage = 3) => ({ type: 'attack', actor, target, weapon, dice: { hit: [hit], damage: [damage] } });

describe('swn tech level: "Some advanced armor will always protect completely against primitive weapons"', () => {
  it('a primitive weapon does no harm to advanced armour, hit or Shock', () => {
    const f = fight().do({ type: 'end-turn' }, attack('Pirate', 'Vasquez', 'Knife', 18));
    expect(f.last()).toEqual(["Pirate: Main action, attack on Vasquez with Knife: 18 + 1 vs AC 14, hit, but the Combat shirt's advanced armour stops the primitive Knife completely: no damage."]);
    expect(f.hp('Vasquez')).toBe(10);
    // A miss with the Knife's Shock (AC 15 or less) does nothing either.
    const g = fight().do({ type: 'end-turn' }, attack('Pirate', 'Vasquez', 'Knife', 2));
    expect(g.last()).toEqual(["Pirate: Main action, attack on Vasquez with Knife: 2 + 1 vs AC 14, miss, and the Combat shirt's advanced armour stops the primitive Knife completely: no Shock damage."]);
    expect(g.hp('Vasquez')).toBe(10);
  });

  it('weapons that are not primitive, and armour that is not advanced, work as before', () => {
    const f = fight().do({ type: 'end-turn' }, attack('Pirate', 'Vasquez', 'Laser pistol', 18));
    expect(f.last()[0]).toBe('Pirate: Main action, attack on Vasquez with Laser pistol: 18 + 1 vs AC 14, hit, 3 damage (1d6: 3).');
    const plain = fight({ armour: { name: 'Vest' } }).do({ type: 'end-turn' }, attack('Pirate', 'Vasquez', 'Knife', 18));
    expect(plain.last()[0]).toBe('Pirate: Main action, attack on Vasquez with Knife: 18 + 1 vs AC 14, hit, 3 damage (1d4: 3).');
    const unnamed = fight({ armour: { tech: 'advanced' } }).do({ type: 'end-turn' }, attack('Pirate', 'Vasquez', 'Knife', 18));
    expect(unnamed.last()[0]).toContain("hit, but Vasquez's advanced armour stops the primitive Knife completely: no damage.");
  });
});

describe('swn tech level: "some advanced weapons can ignore primitive gear, treating it as AC 10"', () => {
  it('the hit roll, and Shock, go against AC 10', () => {
    // 8 + 1 (attack) + 1 (Stab) + 1 (Str) = 11: a miss against the Pirate's AC 15, a hit against 10.
    const f = fight().do(attack('Vasquez', 'Pirate', 'Monoblade', 8, 4));
    expect(f.last()).toEqual([
      'Vasquez: Main action, attack on Pirate with Monoblade: 8 + 3 vs AC 10 (the Monoblade ignores the primitive Leather jack: AC 10 instead of 15), hit, 5 damage (1d8: 4 + 1).',
      'Pirate takes 5 damage (HP 12 → 7).',
    ]);
    // Shock "2 points/AC 13" does not reach AC 15, but it reaches AC 10.
    const g = fight().do(attack('Vasquez', 'Pirate', 'Monoblade', 2));
    expect(g.last()[0]).toBe('Vasquez: Main action, attack on Pirate with Monoblade: 2 + 3 vs AC 10 (the Monoblade ignores the primitive Leather jack: AC 10 instead of 15), miss, Shock: 3 damage.');
  });

  it('other weapons, and armour that is not primitive, keep the AC', () => {
    expect(fight().do(attack('Vasquez', 'Pirate', 'Laser pistol', 8)).last()[0]).toBe('Vasquez: Main action, attack on Pirate with Laser pistol: 8 + 2 vs AC 15, miss.');
    expect(fight({}, { armour: { name: 'Vest', tech: 'standard' } }).do(attack('Vasquez', 'Pirate', 'Monoblade', 8)).last()[0]).toBe(
      'Vasquez: Main action, attack on Pirate with Monoblade: 8 + 3 vs AC 15, miss.',
    );
    const unnamed = fight({}, { armour: { tech: 'primitive' } }).do(attack('Vasquez', 'Pirate', 'Monoblade', 8, 4));
    expect(unnamed.last()[0]).toContain('vs AC 10 (the Monoblade ignores the primitive armour: AC 10 instead of 15), hit');
    // "treating it as AC 10" never makes a target harder to hit.
    expect(fight({}, { ac: 9 }).do(attack('Vasquez', 'Pirate', 'Monoblade', 6, 4)).last()[0]).toBe('Vasquez: Main action, attack on Pirate with Monoblade: 6 + 3 vs AC 9, hit, 5 damage (1d8: 4 + 1).');
  });
});

describe('swn tech level stats', () => {
  it('are validated, and documented in one sentence each', () => {
    const f = fight();
    const add = (stats: Record<string, unknown>) => f.refuse({ type: 'add-combatant', name: 'Thug', side: 'Pirates', stats });
    expect(add({ weapons: [{ ...knife, ignoresPrimitiveArmour: true }] })).toMatchObject({ code: 'combatant/invalid-stats' });
    expect(add({ armour: { tech: 'ancient' } })).toMatchObject({ code: 'combatant/invalid-stats' });
    expect(add({ armour: { name: 'Vest', ac: 13 } })).toMatchObject({ code: 'combatant/invalid-stats' });
    expect(swn.statDocs.armour).toContain('"advanced" always protects completely against primitive weapons');
    expect(swn.statDocs.armour).toContain('"primitive" counts as AC 10');
    expect(swn.statDocs.weapons).toContain('ignoresPrimitiveArmour');
    // Cities Without Number has no such rule in its text: no armour stat there, and the weapon flags say so.
    expect(cwn.stats.safeParse({ armour: { tech: 'advanced' } }).success).toBe(false);
    expect(cwn.statDocs.weapons).toContain('primitive and ignoresPrimitiveArmour are ignored in Cities Without Number');
  });
});
