import type { Combatant, Side } from './combatant.ts';
import type { EncounterState } from './state.ts';

/**
 * Own-property lookups for records keyed by what a user typed (combatant ids, side ids, track names,
 * skill names, dice keys). A plain `record[key]` also finds what every object inherits: `toString`,
 * `valueOf`, `constructor`, `__proto__` would "exist" in every record. These never do.
 */
export function own<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Whether the record has this key itself (not inherited). */
export function hasOwnKey(record: Readonly<Record<string, unknown>>, key: string): boolean {
  return Object.hasOwn(record, key);
}

/** The combatant with this id, if there is one. */
export function combatantById(state: EncounterState, id: string): Combatant | undefined {
  return own(state.combatants, id);
}

/** The side with this id, if there is one. */
export function sideById(state: EncounterState, id: string): Side | undefined {
  return own(state.sides, id);
}
