import { combatantById } from './lookup.ts';
import { reject } from './rejection.ts';
import type { Decision } from './rejection.ts';
import type { EncounterState } from './state.ts';

/**
 * Commands may name combatants by id ("c3") or by name ("Goblin 2", any case). These keys, at any
 * depth of a command, always hold combatant references and are resolved to ids before deciding.
 */
export const REF_KEYS: ReadonlySet<string> = new Set([
  'combatant',
  'combatants',
  'actor',
  'actors',
  'target',
  'targets',
  'before',
  'after',
  'of',
  'to',
  'initiator',
  'first',
]);

/** The id of the combatant `ref` names (its id, or its name in any case); own properties only, so `toString` names nobody. */
export function resolveRef(state: EncounterState, ref: string): string | undefined {
  if (combatantById(state, ref)) return ref;
  const wanted = ref.normalize('NFC').trim().toLowerCase();
  for (const id of state.roster) {
    const c = combatantById(state, id);
    if (c && c.name.toLowerCase() === wanted) return id;
  }
  return undefined;
}

export function unknownCombatant<E>(state: EncounterState, ref: string): Decision<E> {
  const names = state.roster.map((id) => state.combatants[id]?.name).filter(Boolean);
  const list = names.length > 0 ? ` Combatants: ${names.join(', ')}.` : ' There are no combatants yet.';
  return reject('combatant/unknown', `There is no combatant called "${ref}".${list}`, { ref });
}

/** A copy of `value` with every combatant reference replaced by its id, or the first unknown reference. */
export function resolveRefs(
  state: EncounterState,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; ref: string } {
  try {
    return { ok: true, value: walk(state, value, false) };
  } catch (e) {
    if (e instanceof UnknownRef) return { ok: false, ref: e.ref };
    throw e;
  }
}

/** `v` with its references resolved (`isRef`: `v` sits under a reference key); throws UnknownRef. */
function walk(state: EncounterState, v: unknown, isRef: boolean): unknown {
  if (typeof v === 'string' && isRef) {
    const id = resolveRef(state, v);
    if (id === undefined) throw new UnknownRef(v);
    return id;
  }
  if (Array.isArray(v)) return v.map((x) => walk(state, x, isRef));
  if (typeof v === 'object' && v !== null) {
    // Entries, not assignment: a "__proto__" key stays a key instead of replacing the prototype.
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(state, x, REF_KEYS.has(k))]));
  }
  return v;
}

class UnknownRef extends Error {
  constructor(readonly ref: string) {
    super(ref);
  }
}
