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
  /** The turn clock (`turn-timed`, `clock-paused`, `clock-resumed`: src/core/turn-clock.ts). */
  readonly clock: TurnClock;
  readonly module: M;
}

/**
 * When the current turn started and how long it has been paused, in ms since the epoch as the server's
 * clock gave them (`DecideOptions.at`): the engine reads no clock. `pausedMs`: paused time within the
 * current turn, before `pausedAt` (set while paused).
 */
export interface TurnClock {
  readonly turnStartedAt: number | null;
  readonly pausedAt: number | null;
  readonly pausedMs: number;
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

/**
 * The state with the rule module's part replaced. Built field by field: V8 allocates an object literal
 * faster than it clones through a spread, and modules call this on most events.
 */
export function withModule<M>(state: EncounterState<M>, module: M): EncounterState<M> {
  // An ended encounter (rare) keeps `endedFrom` in its place; otherwise one literal, no spread inside it.
  if (state.endedFrom !== undefined) return { ...state, module };
  return {
    rules: state.rules,
    options: state.options,
    title: state.title,
    status: state.status,
    round: state.round,
    inTurn: state.inTurn,
    sides: state.sides,
    sideOrder: state.sideOrder,
    combatants: state.combatants,
    roster: state.roster,
    nextCombatant: state.nextCombatant,
    nextCondition: state.nextCondition,
    clock: state.clock,
    module,
  };
}

type CoreChanges = Partial<Omit<EncounterState, 'module' | 'endedFrom'>>;

/** The state with some core fields replaced, built field by field (see `withModule`). */
export function withCore<M>(state: EncounterState<M>, c: CoreChanges): EncounterState<M> {
  // An ended encounter (rare): a spread keeps every key, `endedFrom` included, in its place.
  if (state.endedFrom !== undefined) return { ...state, ...c };
  // Without `endedFrom` (nearly always): one literal, no spread in the middle (the same key order).
  return {
    rules: c.rules ?? state.rules,
    options: c.options ?? state.options,
    title: c.title ?? state.title,
    status: c.status ?? state.status,
    round: c.round ?? state.round,
    inTurn: c.inTurn ?? state.inTurn,
    sides: c.sides ?? state.sides,
    sideOrder: c.sideOrder ?? state.sideOrder,
    combatants: c.combatants ?? state.combatants,
    roster: c.roster ?? state.roster,
    nextCombatant: c.nextCombatant ?? state.nextCombatant,
    nextCondition: c.nextCondition ?? state.nextCondition,
    clock: c.clock ?? state.clock,
    module: state.module,
  };
}
