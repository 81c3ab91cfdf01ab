import { Prng } from '../dice/index.ts';
import { decide } from './decide.ts';
import { emptyEncounter, evolve, stamp } from './encounter.ts';
import type { Encounter } from './encounter.ts';
import type { EngineEvent, StoredEvent } from './events.ts';
import { buildLog } from './log.ts';
import type { LogEntry } from './log.ts';
import { resolveRef } from './refs.ts';
import { accept, reject } from './rejection.ts';
import type { Decision, Rejection } from './rejection.ts';
import type { RuleModule } from './rule-module.ts';
import type { ActionOption, WhoMayAct } from './turn.ts';
import { findTextProblem, titleSchema } from './text.ts';
import { rejectInvalid } from './validation.ts';

export interface NewEncounter {
  /** Rule module id: swn, cwn, kuro, fallout, popcorn, custom. */
  readonly rules: string;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly title?: string;
  /** Seeds the encounter's PRNG. The engine has no randomness of its own: the caller picks the seed. */
  readonly seed: number | string;
}

export type Executed =
  | { readonly ok: true; readonly encounter: Encounter; readonly events: readonly StoredEvent[] }
  | { readonly ok: false; readonly rejection: Rejection };

/**
 * The engine over a set of rule modules: create, decide, evolve, replay and the queries, each choosing
 * the module the encounter was created with.
 */
export function createEngine(modules: readonly RuleModule[]) {
  const byId = new Map<string, RuleModule>(modules.map((m) => [m.id, m]));

  const moduleOf = (encounter: Encounter, event?: EngineEvent): RuleModule => {
    const id = event?.type === 'encounter-created' ? event.rules.id : encounter.state.rules.id;
    const m = byId.get(id);
    if (!m) throw new Error(`No rule module "${id}" is registered with this engine.`);
    return m;
  };

  const engine = {
    modules: byId,

    /** The first event of a new encounter, or why the settings are wrong. */
    create(spec: NewEncounter): Decision<EngineEvent> {
      const module = byId.get(spec.rules);
      if (!module) {
        return reject('encounter/unknown-rules', `There are no "${spec.rules}" rules. Choose one of: ${[...byId.keys()].join(', ')}.`);
      }
      const title = titleSchema().safeParse(spec.title ?? '');
      if (!title.success) return rejectInvalid(title.error, 'encounter/invalid-title', 'The title');
      const text = findTextProblem(spec.options ?? {});
      if (text) return reject('encounter/invalid-options', `${module.title} options: ${text.path ? `"${text.path}" ` : ''}${text.problem}.`, { path: text.path });
      const options = module.options.safeParse(spec.options ?? {});
      if (!options.success) return rejectInvalid(options.error, 'encounter/invalid-options', `${module.title} options`, ['options']);
      return accept([
        {
          type: 'encounter-created',
          rules: { id: module.id, version: module.version },
          options: options.data,
          title: title.data,
          rng: Prng.fromSeed(spec.seed).state(),
        },
      ]);
    },

    decide(encounter: Encounter, command: unknown): Decision<EngineEvent> {
      if (encounter.version === 0) return reject('encounter/not-created', 'Create the encounter first.');
      return decide(encounter, command, moduleOf(encounter));
    },

    evolve(encounter: Encounter, stored: StoredEvent): Encounter {
      return evolve(encounter, stored, moduleOf(encounter, stored.event));
    },

    replay(events: Iterable<StoredEvent>): Encounter {
      // The module is resolved once (from encounter-created), not for every event.
      let e = emptyEncounter();
      let module: RuleModule | undefined;
      for (const stored of events) {
        if (module === undefined || stored.event.type === 'encounter-created') module = moduleOf(e, stored.event);
        e = evolve(e, stored, module);
      }
      return e;
    },

    /** Decide, number the events as the next command, and fold them. */
    execute(encounter: Encounter, command: unknown): Executed {
      const d = engine.decide(encounter, command);
      if (!d.ok) return d;
      return engine.apply(encounter, d.events);
    },

    /** Number and fold a decision's events (e.g. those of `create`). */
    apply(encounter: Encounter, events: readonly EngineEvent[]): Executed & { ok: true } {
      const stored = stamp(encounter, events);
      let next = encounter;
      for (const s of stored) next = engine.evolve(next, s);
      return { ok: true, encounter: next, events: stored };
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
  return engine;
}

export type Engine = ReturnType<typeof createEngine>;
