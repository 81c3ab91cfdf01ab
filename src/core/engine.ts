import { Prng } from '../dice/index.ts';
import { decide } from './decide.ts';
import { stamp } from './encounter.ts';
import type { Encounter } from './encounter.ts';
import type { EngineEvent, StoredEvent } from './events.ts';
import { createFoldEngine } from './fold-engine.ts';
import { accept, reject } from './rejection.ts';
import type { Decision, Rejection } from './rejection.ts';
import type { DecideOptions, RuleModule } from './rule-module.ts';
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
 * The engine over a set of rule modules: create and decide, with the fold engine's evolve, replay and
 * queries (src/core/fold-engine.ts), each choosing the module the encounter was created with.
 */
export function createEngine(modules: readonly RuleModule[]) {
  const fold = createFoldEngine(modules);
  const byId = fold.modules;

  const engine = {
    ...fold,

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

    /** `options`: what the caller knows beyond the command's JSON (a player's request: `playerWords`). */
    decide(encounter: Encounter, command: unknown, options: DecideOptions = {}): Decision<EngineEvent> {
      if (encounter.version === 0) return reject('encounter/not-created', 'Create the encounter first.');
      return decide(encounter, command, fold.moduleOf(encounter), options);
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
      for (const s of stored) next = fold.evolve(next, s);
      return { ok: true, encounter: next, events: stored };
    },
  };
  return engine;
}

export type Engine = ReturnType<typeof createEngine>;
