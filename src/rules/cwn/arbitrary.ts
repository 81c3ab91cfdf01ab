import type { Encounter } from '../../core/index.ts';
import { allowanceViolation as violation, candidatesFor } from '../sine-nomine/index.ts';
import { cwnGame } from './game.ts';

/** The starting point of the cwn property tests: a script without commands. */
export const setup = {
  rules: 'cwn',
  options: { initiative: 'side' },
  sides: [{ name: 'Crew', players: true }, { name: 'Razors' }, { name: 'Drones' }],
  combatants: [
    { name: 'Vasquez', kind: 'pc', side: 'Crew', stats: { hp: 12, ac: 14, attackBonus: 1, dexMod: 1, strMod: 1, skills: { shoot: 1, exert: 0 }, weapons: [{ name: 'Pistol', damage: '1d6', kind: 'ranged' }, { name: 'Stunner', damage: '1d8', kind: 'ranged', lessLethal: true }] } },
    { name: 'Lee', kind: 'pc', side: 'Crew', stats: { hp: 9, ac: 12, dexMod: 2, autoInitiative: true, surpriseImmune: true, weapons: [{ name: 'Knife', damage: '1d4', attributes: ['str', 'dex'], shock: { damage: 1, ac: 15 } }] } },
    { name: 'Razor', side: 'Razors', count: 2, stats: { hp: 6, ac: 12, attackBonus: 1, weapons: [{ name: 'Blade', damage: '1d6' }] } },
    { name: 'Drone', side: 'Drones', stats: { hp: 4, ac: 15, attackBonus: 2, autoInitiative: true, weapons: [{ name: 'Taser', damage: '1d4', kind: 'ranged', lessLethal: true }] } },
  ],
};

/** Plausible commands, legal or not, for the property harness. */
export function candidates(encounter: Encounter, pick: <T>(xs: readonly T[]) => T, int: (min: number, max: number) => number): unknown[] {
  return candidatesFor(cwnGame, encounter, pick, int);
}

/** A message if anyone exceeded a round's Main and Move allowance. */
export function allowanceViolation(encounter: Encounter): string | null {
  return violation(cwnGame, encounter);
}
