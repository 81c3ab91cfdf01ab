/**
 * Whose portraits a reader may ask for: the GM every combatant, by the engine's ids; players only the
 * combatants they may see, by the ids they know them by (player-ids.ts). A hidden combatant, or one
 * players may not know of, is not among them, so its portrait answers as one that does not exist. Pure.
 */
import type { CombatantKind, EncounterState } from '../../core/index.ts';
import type { Secrets } from './secrets.ts';

export interface PortraitSubject {
  /** The id the reader knows the combatant by. */
  readonly known: string;
  /** The engine's id. */
  readonly id: string;
  readonly name: string;
  readonly kind: CombatantKind;
}

/** Every combatant the reader may see; `secrets` null: the GM's, who sees everyone. */
export function portraitSubjects(state: EncounterState, secrets: Secrets | null): PortraitSubject[] {
  const out: PortraitSubject[] = [];
  for (const id of state.roster) {
    const c = state.combatants[id];
    if (!c) continue;
    if (secrets === null) {
      out.push({ known: id, id, name: c.name, kind: c.kind });
      continue;
    }
    const known = c.hidden || secrets.ids.has(id) ? undefined : secrets.playerIds.of(id);
    if (known !== undefined) out.push({ known, id, name: c.name, kind: c.kind });
  }
  return out;
}
