import type { Combatant, Side } from './combatant.ts';

export type EncounterStatus = 'setup' | 'running' | 'ended';

/**
 * Everything undo restores: the roster, tracks, conditions, the round and the rule module's own state
 * (initiative, who has acted, actions spent). Plain, immutable JSON; a fold of the events.
 */
export interface EncounterState<M = unknown> {
  readonly rules: { readonly id: string; readonly version: number };
  readonly options: Readonly<Record<string, unknown>>;
  readonly title: string;
  readonly status: EncounterStatus;
  /** While ended: the status to return to if the encounter is reopened. */
  readonly endedFrom?: EncounterStatus;
  /** 0 before the fight starts (and during an opening or free round that precedes round 1). */
  readonly round: number;
  /** Whose turn is open: between their `turn-started` and `turn-ended` (kept by the core). */
  readonly inTurn: readonly string[];
  readonly sides: Readonly<Record<string, Side>>;
  readonly sideOrder: readonly string[];
  readonly combatants: Readonly<Record<string, Combatant>>;
  /** Display order of the roster; the rule module keeps its own turn order. */
  readonly roster: readonly string[];
  readonly nextCombatant: number;
  readonly nextCondition: number;
  readonly module: M;
}

export function combatantList<M>(state: EncounterState<M>): Combatant[] {
  const out: Combatant[] = [];
  for (const id of state.roster) {
    const c = state.combatants[id];
    if (c) out.push(c);
  }
  return out;
}

export function nameOf(state: EncounterState, id: string): string {
  return state.combatants[id]?.name ?? id;
}
