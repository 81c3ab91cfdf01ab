import type { Encounter } from '../../core/index.ts';
import { allowanceViolation as violation, candidatesFor } from '../sine-nomine/index.ts';
import { swnGame } from './game.ts';

/** The starting point of the swn property tests: a script without commands. */
export const setup = {
  rules: 'swn',
  options: { initiative: 'individual' },
  sides: [{ name: 'PCs', players: true }, { name: 'Pirates' }],
  combatants: [
    { name: 'Vasquez', kind: 'pc', side: 'PCs', stats: { hp: 12, ac: 14, attackBonus: 1, dexMod: 2, skills: { shoot: 1, sneak: 0 }, weapons: [{ name: 'Laser pistol', damage: '1d6', kind: 'ranged' }] } },
    { name: 'Lee', kind: 'pc', side: 'PCs', stats: { hp: 9, ac: 12, strMod: 1, skills: { stab: 0, notice: 1 }, weapons: [{ name: 'Knife', damage: '1d4', attributes: ['str', 'dex'], shock: { damage: 1, ac: 15 } }] } },
    { name: 'Pirate', side: 'Pirates', count: 2, stats: { hp: 6, ac: 13, attackBonus: 1, weapons: [{ name: 'Cutlass', damage: '1d8', shock: { damage: 2, ac: 13 } }] } },
  ],
};

/** Plausible commands, legal or not, for the property harness. */
export function candidates(encounter: Encounter, pick: <T>(xs: readonly T[]) => T, int: (min: number, max: number) => number): unknown[] {
  return candidatesFor(swnGame, encounter, pick, int);
}

/** A message if anyone exceeded a round's Main and Move allowance. */
export function allowanceViolation(encounter: Encounter): string | null {
  return violation(swnGame, encounter);
}
