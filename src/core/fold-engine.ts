import { emptyEncounter, evolve } from './encounter.ts';
import type { Encounter } from './encounter.ts';
import type { EngineEvent, StoredEvent } from './events.ts';
import { buildLog } from './log.ts';
import type { LogEntry } from './log.ts';
import { resolveRef } from './refs.ts';
import type { FoldModule } from './rule-module.ts';
import type { ActionOption, WhoMayAct } from './turn.ts';

/**
 * The half of the engine that reads: fold stored events, replay a log, and answer who may act, what a
 * combatant may still do and the log in words, over the fold halves of rule modules (`FoldModule`).
 * It decides nothing and holds no schemas, so it loads without zod: the GM screen shows a fight with
 * it before the deciding half (`createEngine`, src/core/engine.ts) has arrived.
 */
export function createFoldEngine<T extends FoldModule>(modules: readonly T[]) {
  const byId = new Map<string, T>(modules.map((m) => [m.id, m]));

  const moduleOf = (encounter: Encounter, event?: EngineEvent): T => {
    const id = event?.type === 'encounter-created' ? event.rules.id : encounter.state.rules.id;
    const m = byId.get(id);
    if (!m) throw new Error(`No rule module "${id}" is registered with this engine.`);
    return m;
  };

  return {
    modules: byId as ReadonlyMap<string, T>,
    moduleOf,

    evolve(encounter: Encounter, stored: StoredEvent): Encounter {
      return evolve(encounter, stored, moduleOf(encounter, stored.event));
    },

    replay(events: Iterable<StoredEvent>): Encounter {
      // The module is resolved once (from encounter-created), not for every event.
      let e = emptyEncounter();
      let module: T | undefined;
      for (const stored of events) {
        if (module === undefined || stored.event.type === 'encounter-created') module = moduleOf(e, stored.event);
        e = evolve(e, stored, module);
      }
      return e;
    },

    whoMayAct(encounter: Encounter): WhoMayAct {
      return moduleOf(encounter).whoMayAct(encounter.state);
    },

    /** What a combatant (id or name) may still do; undefined if there is no such combatant. */
    allowedActions(encounter: Encounter, ref: string): readonly ActionOption[] | undefined {
      const id = resolveRef(encounter.state, ref);
      return id === undefined ? undefined : moduleOf(encounter).allowedActions(encounter.state, id);
    },

    log(events: readonly StoredEvent[]): LogEntry[] {
      const first = events[0]?.event;
      if (!first || first.type !== 'encounter-created') return [];
      const m = byId.get(first.rules.id);
      return m ? buildLog(events, m) : [];
    },
  };
}

export type FoldEngine = ReturnType<typeof createFoldEngine<FoldModule>>;
