import { describe, expect, it } from 'vitest';
import { Fight } from '../sine-nomine/testing.ts';
import { swn } from './index.ts';

const weapons = [
  { name: 'Laser pistol', damage: '1d6', kind: 'ranged' },
  { name: 'Knife', damage: '1d4', attributes: ['str', 'dex'], shock: { damage: 1, ac: 15 } },
  { name: 'Rifle', damage: '1d10', kind: 'ranged', skill: 'shoot' },
];

/** Vasquez (attack +1, Shoot 1, Dex +1, Str -1, no Stab) acts first against two Goblins. */
const fight = (stats: Record<string, unknown> = {}, goblin: Record<string, unknown> = {}) =>
  new Fight([swn], {
    rules: 'swn',
    sides: [{ name: 'PCs', players: true }, { name: 'Goblins' }],
    combatants: [
      { name: 'Vasquez', kind: 'pc', side: 'PCs', stats: { hp: 10, ac: 14, attackBonus: 1, dexMod: 1, strMod: -1, skills: { shoot: 1, punch: 2 }, weapons, ...stats } },
      { name: 'Goblin', side: 'Goblins', count: 2, stats: { hp: 8, ac: 13, attackBonus: 2, weapons: [{ name: 'Spear', damage: '1d6' }], ...goblin } },
    ],
    commands: [{ type: 'roll-initiative', dice: { Vasquez: [8], Goblin: [2], 'Goblin 2': [1] } }, { type: 'start' }],
  });

describe('swn attacks', () => {
  it('"rolls 1d20 and adds their attack bonus, their applicable skill level, and the attribute modifier" and deals "the weapon\'s damage die plus the relevant attribute modifier"', () => {
    // 14 + 1 (attack) + 1 (Shoot) + 1 (Dex) = 17 against AC 13; damage 1d6 (5) + 1 (Dex).
    const f = fight().do({ type: 'attack', actor: 'Vasquez', target: 'Goblin 2', weapon: 'Laser pistol', dice: { hit: [14], damage: [5] } });
    expect(f.last()).toEqual([
      'Vasquez: Main action, attack on Goblin 2 with Laser pistol: 14 + 3 vs AC 13, hit, 6 damage (1d6: 5 + 1).',
      'Goblin 2 takes 6 damage (HP 8 → 2).',
    ]);
    expect(f.hp('Goblin 2')).toBe(2);
  });

  it('"If the total is equal or higher than the target\'s Armor Class, the attack is successful"', () => {
    expect(fight().do({ type: 'attack', actor: 'Vasquez', target: 'Goblin', weapon: 0, dice: { hit: [10], damage: [1] } }).hp('Goblin')).toBe(6);
    const miss = fight().do({ type: 'attack', actor: 'Vasquez', target: 'Goblin', weapon: 0, dice: { hit: [9] } });
    expect(miss.last()).toEqual(['Vasquez: Main action, attack on Goblin with Laser pistol: 9 + 3 vs AC 13, miss.']);
  });

  it('"If a PC doesn\'t even have level-0 expertise in the type of weapon they\'re using, they suffer a -2 penalty"', () => {
    // The Knife uses Stab, which Vasquez lacks: 1 (attack) - 2 + 1 (best of Str -1 / Dex +1).
    const f = fight().do({ type: 'attack', actor: 'Vasquez', target: 'Goblin', weapon: 'Knife', dice: { hit: [12], damage: [3] } });
    expect(f.last()[0]).toBe('Vasquez: Main action, attack on Goblin with Knife: 12 + 0 vs AC 13 (no stab skill -2), miss, Shock: 2 damage.'.replace(' + 0', ''));
    const trained = fight({ skills: { stab: 0 } }).do({ type: 'attack', actor: 'Vasquez', target: 'Goblin', weapon: 'Knife', dice: { hit: [12], damage: [3] } });
    expect(trained.last()[0]).toBe('Vasquez: Main action, attack on Goblin with Knife: 12 + 2 vs AC 13, hit, 4 damage (1d4: 3 + 1).');
  });

  it('NPCs: "NPCs have their own attack bonus listed with their statistics, which includes any modifiers" (no -2 for them)', () => {
    const f = fight().do({ type: 'end-turn' }, { type: 'attack', actor: 'Goblin', target: 'Vasquez', dice: { hit: [12], damage: [4] } });
    expect(f.last()[0]).toBe('Goblin: Main action, attack on Vasquez with Spear: 12 + 2 vs AC 14, hit, 4 damage (1d6: 4).');
  });

  it('"If a weapon has more than one attribute listed, use the best"', () => {
    const f = fight({ strMod: 2, skills: { stab: 1 } }).do({ type: 'attack', actor: 'Vasquez', target: 'Goblin', weapon: 'Knife', dice: { hit: [10], damage: [2] } });
    expect(f.last()[0]).toBe('Vasquez: Main action, attack on Goblin with Knife: 10 + 4 vs AC 13, hit, 4 damage (1d4: 2 + 2).');
  });

  it('"Skill levels do not add to damage unless it is a Punch attack"', () => {
    // Unarmed: 1d2 + Str -1 + Punch 2.
    const f = fight().do({ type: 'attack', actor: 'Vasquez', target: 'Goblin', weapon: 'unarmed', dice: { hit: [15], damage: [2] } });
    expect(f.last()[0]).toBe('Vasquez: Main action, attack on Goblin with Unarmed: 15 + 2 vs AC 13, hit, 3 damage (1d2: 2 + 1).');
  });

  it('Shock: "would always do at least 1 point of damage whenever its wielder attacks a target with AC 15 or less, whether they hit or miss"', () => {
    const strong = { strMod: 1, skills: { stab: 0 } };
    const miss = fight(strong).do({ type: 'attack', actor: 'Vasquez', target: 'Goblin', weapon: 'Knife', dice: { hit: [2] } });
    expect(miss.last()).toEqual(['Vasquez: Main action, attack on Goblin with Knife: 2 + 2 vs AC 13, miss, Shock: 2 damage.', 'Goblin takes 2 damage (HP 8 → 6).']);
    const low = fight(strong).do({ type: 'attack', actor: 'Vasquez', target: 'Goblin', weapon: 'Knife', dice: { hit: [15], damage: [1] } });
    expect(low.last()[0]).toBe('Vasquez: Main action, attack on Goblin with Knife: 15 + 2 vs AC 13, hit, 2 damage (1d4: 1 + 1).');
    const armoured = fight(strong, { ac: 16 }).do({ type: 'attack', actor: 'Vasquez', target: 'Goblin', weapon: 'Knife', dice: { hit: [2] } });
    expect(armoured.last()).toEqual(['Vasquez: Main action, attack on Goblin with Knife: 2 + 2 vs AC 16, miss.']);
  });

  it('Shock: "a hit deals at least that much" (README)', () => {
    const f = fight({ strMod: 1, skills: { stab: 0 }, weapons: [{ name: 'Monoblade', damage: '1d4', shock: { damage: 3, ac: 15 } }] }).do({
      type: 'attack',
      actor: 'Vasquez',
      target: 'Goblin',
      dice: { hit: [15], damage: [1] },
    });
    expect(f.last()[0]).toBe('Vasquez: Main action, attack on Goblin with Monoblade: 15 + 2 vs AC 13, hit, 4 damage (1d4: 1 + 1, raised to Shock 4).');
  });

  it('the hit roll modifiers table: prone, cover and a prepared firing position', () => {
    const hit = (modifiers: string[], weapon = 'Laser pistol') =>
      fight().do({ type: 'attack', actor: 'Vasquez', target: 'Goblin', weapon, modifiers, dice: { hit: [10], damage: [1] } }).last()[0];
    expect(hit(['prepared-position'])).toBe('Vasquez: Main action, attack on Goblin with Laser pistol: 10 + 5 vs AC 13 (prepared firing position +2), hit, 2 damage (1d6: 1 + 1).');
    expect(hit(['almost-complete-cover'])).toContain('10 - 1 vs AC 13 (almost complete cover -4), miss');
    expect(hit(['adjacent-prone'])).toContain('10 + 5 vs AC 13 (adjacent prone foe +2)');
    // "Being prone doesn't stack with hard cover".
    expect(hit(['prone-distant', 'half-cover'])).toContain(
      "10 + 1 vs AC 13 (half cover -2; shooting at a distant prone foe ignored: being prone doesn't stack with hard cover), miss",
    );
    // "Melee attackers can usually ignore cover" (the meleeIgnoresCover option, on by default).
    expect(hit(['half-cover', 'melee-while-prone'], 'Knife')).toContain('10 - 4 vs AC 13 (no stab skill -2; melee attacking while prone -4; half cover ignored: melee attackers ignore cover)');
  });

  it('impossible combinations are refused in words', () => {
    const f = fight();
    expect(f.refuse({ type: 'attack', actor: 'Vasquez', target: 'Goblin', modifiers: ['half-cover', 'almost-complete-cover'] })).toEqual({
      code: 'attack/modifier-conflict',
      message: 'Choose one cover: half-cover or almost-complete-cover.',
    });
    expect(f.refuse({ type: 'attack', actor: 'Vasquez', target: 'Goblin', weapon: 'Knife', modifiers: ['prone-distant'] })).toMatchObject({ code: 'attack/modifier-weapon' });
    expect(f.refuse({ type: 'attack', actor: 'Vasquez', target: 'Goblin', weapon: 'Sword' })).toEqual({
      code: 'attack/unknown-weapon',
      message: 'Vasquez has no weapon called "Sword" (weapons: Laser pistol, Knife, Rifle, Unarmed).',
    });
    expect(f.refuse({ type: 'attack', actor: 'Vasquez', target: 'Vasquez' })).toMatchObject({ code: 'attack/self' });
    expect(f.refuse({ type: 'attack', actor: 'Vasquez', target: 'Goblin', modifiers: ['flanking'] })).toMatchObject({ code: 'command/invalid' });
  });

  it('damage stops at 0 HP and the core marks the target defeated; a damage roll typed in for a miss is ignored', () => {
    const f = fight().do({ type: 'attack', actor: 'Vasquez', target: 'Goblin', weapon: 'Rifle', situational: 2, dice: { hit: [18], damage: [10] } });
    expect(f.last()).toEqual([
      'Vasquez: Main action, attack on Goblin with Rifle: 18 + 5 vs AC 13 (situational +2), hit, 11 damage (1d10: 10 + 1).',
      'Goblin takes 8 damage (HP 8 → 0).',
      'Goblin is defeated (reduced to 0 HP).',
    ]);
    expect(f.refuse({ type: 'attack', actor: 'Vasquez', target: 'Goblin' })).toMatchObject({ code: 'attack/target-defeated' });
    const g = fight().do({ type: 'attack', actor: 'Vasquez', target: 'Goblin', dice: { hit: [1], damage: [6] } });
    expect(g.hp('Goblin')).toBe(8);
  });
});
