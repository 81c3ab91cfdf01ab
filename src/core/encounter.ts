import type { RngState } from '../dice/index.ts';
import type { EngineEvent, StoredEvent } from './events.ts';
import { emptyState, evolveState } from './evolve.ts';
import type { RuleModule } from './rule-module.ts';
import { push } from './stack.ts';
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

/** Apply one stored event. Pure; never throws on a well-formed log. */
export function evolve(encounter: Encounter, stored: StoredEvent, module: RuleModule): Encounter {
  const event = stored.event;
  const base = { ...encounter, version: stored.seq, cmd: Math.max(encounter.cmd, stored.cmd) };
  switch (event.type) {
    case 'encounter-created':
      return { ...base, state: evolveState(encounter.state, event, module), rng: event.rng, undo: null, redo: null };
    case 'rng-advanced':
      return { ...base, rng: event.rng };
    case 'undone': {
      const step = encounter.undo;
      if (!step) return base;
      return {
        ...base,
        state: step.top.state,
        undo: step.rest,
        redo: push(encounter.redo, { cmd: step.top.cmd, state: encounter.state }),
      };
    }
    case 'redone': {
      const step = encounter.redo;
      if (!step) return base;
      return {
        ...base,
        state: step.top.state,
        redo: step.rest,
        undo: push(encounter.undo, { cmd: step.top.cmd, state: encounter.state }),
      };
    }
    default: {
      // The first event of a new command opens an undo step holding the state before it.
      const fresh = stored.cmd > encounter.cmd;
      return {
        ...base,
        state: evolveState(encounter.state, event, module),
        undo: fresh ? push(encounter.undo, { cmd: stored.cmd, state: encounter.state }) : encounter.undo,
        redo: fresh ? null : encounter.redo,
      };
    }
  }
}

/** Fold a whole log. */
export function replay(events: Iterable<StoredEvent>, module: RuleModule): Encounter {
  let e = emptyEncounter();
  for (const stored of events) e = evolve(e, stored, module);
  return e;
}

/** Number the events of one decision as the next command of this encounter. */
export function stamp(encounter: Encounter, events: readonly EngineEvent[]): StoredEvent[] {
  const cmd = encounter.cmd + 1;
  return events.map((event, i) => ({ seq: encounter.version + i + 1, cmd, event }));
}
