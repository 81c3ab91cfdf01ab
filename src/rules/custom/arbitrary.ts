import type { Encounter } from '../../core/index.ts';
import { attackPreset } from './stored-attacks.ts';

const shortsword = { name: 'Shortsword', hit: '+4', damage: '1d6+2' };
const spear = { name: 'Spear', hit: '2d6', vs: 9 };

/** The starting point of the custom module's property tests. */
export const setup = {
  rules: 'custom',
  options: { tieBreak: 'roll-off', reroll: true },
  combatants: [
    { name: 'Hero', kind: 'pc', side: 'Party', hp: 20, stats: { initiative: '1d20+2', defense: 13, attacks: [shortsword, spear] } },
    { name: 'Wizard', kind: 'pc', side: 'Party', hp: 9, stats: { defense: 10 } },
    { name: 'Orc', hp: 15, count: 2, stats: { defense: 12 } },
  ],
};

/** Plausible commands for the state, legal or not. */
export function candidates(enc: Encounter, pick: <T>(xs: readonly T[]) => T, int: (min: number, max: number) => number): unknown[] {
  const names = enc.state.roster.map((id) => enc.state.combatants[id]!.name);
  const someone = names.length > 0 ? pick(names) : 'Nobody';
  const other = names.length > 0 ? pick(names) : 'Nobody';
  return [
    { type: 'start' },
    { type: 'end-turn' },
    { type: 'end-turn' },
    { type: 'roll-initiative' },
    { type: 'set-initiative', combatant: someone, total: int(1, 20) },
    { type: 'act', actor: someone, label: 'Shouts' },
    { type: 'attack', actor: someone, target: other, hit: '1d20+3', damage: '1d8', dice: { hit: int(1, 20), damage: int(1, 8) } },
    { type: 'attack', actor: someone, target: other, hit: '1d20', vs: int(5, 20) },
    { type: 'attack', actor: someone, target: other, ...attackPreset(pick([shortsword, spear])) },
    { type: 'attack', actor: someone, target: other, ...attackPreset(shortsword), dice: { hit: int(1, 20), damage: int(1, 6) } },
    { type: 'attack', actor: someone, target: someone, ...attackPreset(shortsword) },
    { type: 'damage', combatants: [someone], amount: int(0, 12) },
    { type: 'heal', combatants: [someone, other], amount: int(1, 6) },
    { type: 'add-condition', combatants: [someone], name: 'Dazed', duration: pick([{ rounds: int(1, 3) }, { until: 'turn-end', of: other }, 'until-removed']) },
    { type: 'add-combatant', name: pick(['Orc', 'Wolf']), hp: int(1, 10) },
    { type: 'add-combatant', name: 'Bandit', hp: int(1, 10), stats: { defense: int(8, 14), attacks: [shortsword] } },
    { type: 'add-combatant', name: 'Broken', stats: { attacks: [{ name: 'Club', hit: 'lots' }] } },
    { type: 'remove-combatant', combatant: someone },
    { type: 'reorder', combatant: someone, before: other },
    { type: 'set-defeated', combatant: someone, defeated: pick([true, false]) },
    { type: 'end-encounter' },
    { type: 'reopen-encounter' },
  ];
}
