/**
 * Log lines for new events without re-reading the whole log. The core's `buildLog` folds from the
 * first event (O(events) per call); here it runs over one synthetic "restore" event followed by the new
 * events, with the rule module wrapped so that the restore event sets the state to the encounter's
 * state before them. Every line is then described exactly as the full log would describe it.
 * Undo and redo lines quote the undone command's first line, which lies outside the window: for those
 * batches the caller rebuilds the whole log instead (`needsFullLog`).
 */
import { buildLog } from '../../core/index.ts';
import type { Encounter, Engine, EngineEvent, LogEntry, RuleModule, StoredEvent } from '../../core/index.ts';

const RESTORE = 'turnkeeper-server/restore';

export function needsFullLog(events: readonly StoredEvent[]): boolean {
  return events.some((e) => e.event.type === 'undone' || e.event.type === 'redone');
}

/** The log lines of `events`, appended after `before` (null if that cannot be done incrementally). */
export function newLogLines(engine: Engine, before: Encounter, events: readonly StoredEvent[]): LogEntry[] | null {
  if (events.length === 0) return [];
  if (needsFullLog(events)) return null;
  const module = engine.modules.get(before.state.rules.id);
  if (!module) return null;
  const saved = before.state;
  // Methods, not arrow properties: tsx's esbuild would define the `name` of each arrow, on every batch.
  const restoring: RuleModule = {
    ...module,
    evolve(state, event: EngineEvent) {
      return event.type === RESTORE ? (saved as typeof state) : module.evolve(state, event);
    },
    describe(event, state) {
      return event.type === RESTORE ? null : module.describe(event, state);
    },
  };
  const restore: StoredEvent = { seq: before.version, cmd: before.cmd, event: { type: RESTORE } };
  return buildLog([restore, ...events], restoring).filter((l) => l.seq > before.version);
}
