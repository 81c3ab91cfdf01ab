/**
 * Seats as players read them. A phone may sit at a player character it can see that is still in the
 * fight; every refusal is worded so that asking about a hidden combatant tells nothing (the same words
 * as for a name that does not exist). Pure.
 */
import type { EncounterState } from '../../core/index.ts';
import type { PlayerIds } from './player-ids.ts';
import { visibleRef } from './requests.ts';

/** What the phone in a seat reads of it. */
export interface SeatView {
  /** Its character as players know it in this fight (player id); null when it is not in this fight, or not on the player view. */
  readonly combatant: string | null;
  readonly name: string;
}

export type SeatChoice = { readonly ok: true; readonly id: string; readonly name: string } | { readonly ok: false; readonly code: string; readonly message: string };

/** The combatant a phone asks to sit at (by the id players know it by, or its name), or why it may not. */
export function seatChoice(state: EncounterState, ids: PlayerIds, ref: string): SeatChoice {
  const c = visibleRef(state, ids, ref);
  if (!c) return { ok: false, code: 'seat/unknown', message: 'There is no player character by that name on the player view: choose one the view shows.' };
  if (c.kind !== 'pc') return { ok: false, code: 'seat/not-a-pc', message: `${c.name} is not a player character: a seat is for a player's own character.` };
  if (c.defeated) return { ok: false, code: 'seat/defeated', message: `${c.name} is out of the fight: a seat is for a character who can still act. Ask the GM to seat you.` };
  return { ok: true, id: c.id, name: c.name };
}

/** The seat's character in this fight, as its phone may read it. `combatant`: the engine's id, or null. */
export function seatView(state: EncounterState, ids: PlayerIds, combatant: string | null, name: string): SeatView {
  const c = combatant !== null && Object.hasOwn(state.combatants, combatant) ? state.combatants[combatant] : undefined;
  const known = c && !c.hidden ? ids.of(c.id) : undefined;
  return { combatant: known ?? null, name: known !== undefined && c ? c.name : name };
}
