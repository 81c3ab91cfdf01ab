import { createEngine, runScript } from '../../core/index.ts';
import type { Encounter, StoredEvent } from '../../core/index.ts';
import { kuro } from './index.ts';
import type { KuroEncounter } from './state.ts';

/** Shared by the module's tests: an engine with Kuro only, a small cast, and a script runner. */
export const engine = createEngine([kuro]);

export const cast = {
  /** REF 3: 2 actions. STR 3, as in the Power Attack example. */
  Kenji: {
    name: 'Kenji',
    kind: 'pc',
    side: 'Party',
    stats: {
      REA: 3, REF: 3, DEX: 3, STR: 3, hp: 20, defence: 9,
      skills: { Kenjutsu: 2 },
      weapons: [{ name: 'Katana', damage: '2d6', skill: 'Kenjutsu' }],
    },
  },
  /** REF 2: 1 action. */
  Goro: {
    name: 'Goro',
    side: 'Bandits',
    stats: {
      REA: 2, REF: 2, DEX: 2, STR: 2, hp: 12, defence: 8,
      skills: { Kenjutsu: 1 },
      weapons: [{ name: 'Nodachi', damage: 6, skill: 'Kenjutsu' }],
    },
  },
  /** REF 5: 3 actions. */
  Aiko: {
    name: 'Aiko',
    kind: 'pc',
    side: 'Party',
    stats: {
      REA: 2, REF: 5, DEX: 4, STR: 1, hp: 10, defence: 10,
      skills: { Tanto: 3, Dodge: 2 },
      weapons: [{ name: 'Tanto', damage: 3, skill: 'Tanto' }],
    },
  },
} as const;

export interface Run {
  readonly enc: Encounter;
  readonly s: KuroEncounter;
  readonly events: readonly StoredEvent[];
  readonly log: string[];
}

/** Run a script; throws (in a test) if a command is refused. */
export function run(script: Record<string, unknown>): Run {
  const r = runScript(engine, { rules: 'kuro', ...script }, 1);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.code}: ${r.rejection.message}`);
  return { enc: r.encounter, s: r.encounter.state as KuroEncounter, events: r.events, log: engine.log(r.events).map((l) => l.text) };
}

/** Run, then try one more command and return its decision (for refusals). */
export function attempt(script: Record<string, unknown>, command: Record<string, unknown>) {
  const { enc } = run(script);
  return engine.execute(enc, command);
}

/** Log lines of these events. */
export function logOf(all: readonly StoredEvent[], from: number): string[] {
  return engine.log(all).slice(from).map((l) => l.text);
}
