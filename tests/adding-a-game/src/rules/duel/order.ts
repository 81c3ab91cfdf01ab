import type { Slot } from '../../../../../src/core/index.ts';
import { sortSlots } from '../../../../../src/core/index.ts';
import type { DuelEncounter } from './state.ts';

/**
 * "The highest goes first, then the others in descending order." "On a tie, whoever joined the fight
 * first goes first." Sorting is stable on the roster's order, so the earlier one stays above.
 */
export function duelOrder(state: DuelEncounter, initiative: Readonly<Record<string, number>>): Slot[] {
  const slots: Slot[] = state.roster
    .filter((id) => initiative[id] !== undefined)
    .map((id) => ({ key: id, kind: 'actor', members: [id], initiative: initiative[id]!, sortKey: [initiative[id]!] }));
  const sorted = sortSlots(slots);
  return sorted.map((slot, i) => {
    const above = sorted[i - 1];
    if (!above || above.initiative !== slot.initiative) return slot;
    return { ...slot, tieBreak: `tied with ${state.combatants[above.key]!.name}, who joined first` };
  });
}
