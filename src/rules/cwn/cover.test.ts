import { describe, expect, it } from 'vitest';
import { Fight } from '../sine-nomine/testing.ts';
import { cwn } from './index.ts';

/** Vasquez (attack +1, Shoot 1, Dex +1) shoots a Razor (AC 12): the bonus is +3 before modifiers. */
const fight = () =>
  new Fight([cwn], {
    rules: 'cwn',
    sides: [{ name: 'Crew', players: true }, { name: 'Razors' }],
    combatants: [
      { name: 'Vasquez', kind: 'pc', side: 'Crew', stats: { hp: 10, attackBonus: 1, dexMod: 1, skills: { shoot: 1, stab: 0 }, weapons: [{ name: 'Pistol', damage: '1d6', kind: 'ranged' }, { name: 'Knife', damage: '1d4' }] } },
      { name: 'Razor', side: 'Razors', stats: { hp: 9, ac: 12 } },
    ],
    commands: [{ type: 'roll-initiative', dice: { Crew: [8], Razors: [1] } }, { type: 'start' }, { type: 'begin-turn', combatant: 'Vasquez' }],
  });

const shot = (modifiers: string[], weapon = 'Pistol') =>
  fight().do({ type: 'attack', actor: 'Vasquez', target: 'Razor', weapon, modifiers, dice: { hit: [10], damage: [2] } }).last()[0]!;

describe('cwn cover and positioning', () => {
  it('the cover table: half cover -2, three-quarter cover -4', () => {
    expect(shot(['half-cover'])).toBe('Vasquez: Main action, attack on Razor with Pistol: 10 + 1 vs AC 12 (half cover -2), miss.');
    expect(shot(['three-quarter-cover'])).toBe('Vasquez: Main action, attack on Razor with Pistol: 10 - 1 vs AC 12 (three-quarter cover -4), miss.');
  });

  it('"Full Cover -8 (can\'t hit)": refused with a clear message', () => {
    expect(fight().refuse({ type: 'attack', actor: 'Vasquez', target: 'Razor', modifiers: ['full-cover'] })).toEqual({
      code: 'attack/full-cover',
      message: 'Razor is in full cover and cannot be hit (-8): attack someone else or wait for an opening.',
    });
  });

  it('"When multiple penalties are applied for cover or positioning, use only the worst"', () => {
    expect(shot(['half-cover', 'three-quarter-cover', 'prone-distant'])).toBe(
      'Vasquez: Main action, attack on Razor with Pistol: 10 - 1 vs AC 12 (three-quarter cover -4; half cover ignored: only the worst cover or positioning penalty applies; shooting at a distant prone foe ignored: only the worst cover or positioning penalty applies), miss.',
    );
  });

  it('"Otherwise, penalties stack; ... -2 for half cover and -4 for shooting a pistol in melee for -6 total"', () => {
    expect(shot(['half-cover', 'pistol-in-melee'])).toBe('Vasquez: Main action, attack on Razor with Pistol: 10 - 3 vs AC 12 (half cover -2; shooting a pistol in melee -4), miss.');
  });

  it('bonuses stack too, and cover applies to melee unless the meleeIgnoresCover option says otherwise', () => {
    expect(shot(['adjacent-prone', 'half-cover'], 'Knife')).toBe(
      'Vasquez: Main action, attack on Razor with Knife: 10 + 1 vs AC 12 (adjacent prone foe +2; half cover -2), miss.',
    );
  });
});
