import type { EncounterState } from '../../core/index.ts';
import { withModule as withCoreModule } from '../../core/index.ts';

/**
 * Where the round stands (the text's "Round Order"):
 * - `setup`: the scene has not begun.
 * - `pick`: the initiative went to a side (the GM said so, or it won the d20 roll): the side picks who starts.
 * - `turn`: step 2, `current` has the initiative and has not taken its action yet (it may act, delay,
 *   declare a conditional action or hold). `current` null: nobody has it (its holder left the fight).
 * - `pass`: step 2, `current` has taken its action and passes the initiative.
 * - `end-of-round`: the turns are over; step 3 (uncompleted actions) while someone must still choose,
 *   then steps 4 and 5 (Health Checks, other rolls and events) until `next-round` (step 6, then step 1).
 */
export type Phase = 'setup' | 'pick' | 'turn' | 'pass' | 'end-of-round';

/** A delayed or conditional action waiting to take effect. At most one per combatant. */
export interface Pending {
  readonly kind: 'delayed' | 'conditional';
  readonly label: string;
  /** The round it was declared in (carried into a later round when smaller than the current round). */
  readonly round: number;
  /** The number of the segment it was declared in. */
  readonly segment: number;
  /** Delayed actions: after a set number of segments, or at the actor's discretion. */
  readonly timing?: 'segments' | 'discretion';
  /** Delayed by segments: the number declared and the number still to pass. */
  readonly segments?: number;
  readonly left?: number;
  /** Conditional actions: the event that sets it off. */
  readonly trigger?: string;
  /** Step 3 of this round: the owner chose to continue it into the next round. */
  readonly continued?: boolean;
}

export interface PopcornState {
  readonly phase: Phase;
  /** Who has the initiative (`turn`) or must pass it (`pass`). */
  readonly current: string | null;
  /** The side picking its first member (`pick`). */
  readonly pickSide: string | null;
  /** Face-up cards: who has used this round's initiative (or not had it refreshed). */
  readonly acted: readonly string[];
  /** Actions taken this round, by combatant (one is the allowance; GM grants add one each). */
  readonly actions: Readonly<Record<string, number>>;
  /** Cards the GM flipped back face down this round (an extra action each). */
  readonly grants: Readonly<Record<string, number>>;
  readonly pending: Readonly<Record<string, Pending>>;
  /** Segments completed in the encounter (one per action taken with the initiative). */
  readonly segmentsDone: number;
  /** Who goes first next round, chosen by the round's last actor. */
  readonly nextFirst: string | null;
  /** Who has made a Health Check this round (step 4). */
  readonly healthChecks: readonly string[];
}

export type PopcornEncounter = EncounterState<PopcornState>;

export function initialPopcornState(): PopcornState {
  return {
    phase: 'setup',
    current: null,
    pickSide: null,
    acted: [],
    actions: {},
    grants: {},
    pending: {},
    segmentsDone: 0,
    nextFirst: null,
    healthChecks: [],
  };
}

export function withModule(state: PopcornEncounter, patch: Partial<PopcornState>): PopcornEncounter {
  return withCoreModule(state, { ...state.module, ...patch });
}

/** Set a combatant's track value (keeping everything else about the track, and its max unless a new one is given). */
export function patchTrack(state: PopcornEncounter, id: string, track: string, value: number, max?: number): PopcornEncounter {
  const c = state.combatants[id];
  if (!c) return state;
  const next = { ...c.tracks[track], value, ...(max !== undefined ? { max } : {}) };
  return { ...state, combatants: { ...state.combatants, [id]: { ...c, tracks: { ...c.tracks, [track]: next } } } };
}
