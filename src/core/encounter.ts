import type { RngState } from '../dice/index.ts';
import type { EngineEvent, StoredEvent } from './events.ts';
import { emptyState, evolveState } from './evolve.ts';
import type { FoldModule } from './rule-module.ts';
import { push, pushBounded } from './stack.ts';
import type { Stack } from './stack.ts';
import type { EncounterState } from './state.ts';

export interface UndoStep {
  /** The command this step undoes or redoes. */
  readonly cmd: number;
  /** The state to restore: before the command (undo stack) or after it (redo stack). */
  readonly state: EncounterState;
}

/**
 * An encounter as the fold of its stored events. `state` is what undo restores; the rest is not
 * undoable: the version, the last command number, the PRNG position (so an undone roll is not rolled
 * again with the same dice) and the undo and redo stacks, which are derived from the log on replay and
 * never stored. Undo and redo are events in the log; the log is never rewritten.
 */
export interface Encounter {
  readonly state: EncounterState;
  readonly version: number;
  readonly cmd: number;
  readonly rng: RngState;
  readonly undo: Stack<UndoStep>;
  readonly redo: Stack<UndoStep>;
}

export function emptyEncounter(): Encounter {
  return { state: emptyState(), version: 0, cmd: 0, rng: { alg: 'sfc32', s: [0, 0, 0, 0] }, undo: null, redo: null };
}

/**
 * How many commands back undo reaches. The fold keeps between this and twice this many steps (it trims
 * in batches), the same on every replay, so decide and replay always agree.
 */
export const UNDO_LIMIT = 500;

/** Apply one stored event. Pure; never throws on a well-formed log. */
export function evolve(encounter: Encounter, stored: StoredEvent, module: FoldModule): Encounter {
  const event = stored.event;
  const version = stored.seq;
  const cmd = stored.cmd > encounter.cmd ? stored.cmd : encounter.cmd;
  switch (event.type) {
    case 'encounter-created':
      return make(evolveState(encounter.state, event, module), version, cmd, event.rng, null, null);
    case 'rng-advanced':
      return make(encounter.state, version, cmd, event.rng, encounter.undo, encounter.redo);
    case 'undone': {
      const step = encounter.undo;
      if (!step) return make(encounter.state, version, cmd, encounter.rng, null, encounter.redo);
      const redo = push(encounter.redo, { cmd: step.top.cmd, state: encounter.state });
      return make(step.top.state, version, cmd, encounter.rng, step.rest, redo);
    }
    case 'redone': {
      const step = encounter.redo;
      if (!step) return make(encounter.state, version, cmd, encounter.rng, encounter.undo, null);
      const undo = pushBounded(encounter.undo, { cmd: step.top.cmd, state: encounter.state }, UNDO_LIMIT);
      return make(step.top.state, version, cmd, encounter.rng, undo, step.rest);
    }
    default: {
      const state = evolveState(encounter.state, event, module);
      // The first event of a new command opens an undo step holding the state before it.
      if (stored.cmd > encounter.cmd) {
        const undo = pushBounded(encounter.undo, { cmd: stored.cmd, state: encounter.state }, UNDO_LIMIT);
        return make(state, version, cmd, encounter.rng, undo, null);
      }
      return make(state, version, cmd, encounter.rng, encounter.undo, encounter.redo);
    }
  }
}

function make(
  state: EncounterState,
  version: number,
  cmd: number,
  rng: RngState,
  undo: Stack<UndoStep>,
  redo: Stack<UndoStep>,
): Encounter {
  return { state, version, cmd, rng, undo, redo };
}

/** Fold a whole log. */
export function replay(events: Iterable<StoredEvent>, module: FoldModule): Encounter {
  let e = emptyEncounter();
  for (const stored of events) e = evolve(e, stored, module);
  return e;
}

/** Number the events of one decision as the next command of this encounter. */
export function stamp(encounter: Encounter, events: readonly EngineEvent[]): StoredEvent[] {
  const cmd = encounter.cmd + 1;
  return events.map((event, i) => ({ seq: encounter.version + i + 1, cmd, event }));
}
