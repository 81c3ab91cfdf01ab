import { createEngine, runScript } from '../../core/index.ts';
import type { Decision, Encounter, EngineEvent, StoredEvent } from '../../core/index.ts';
import { popcorn } from './index.ts';
import type { PopcornEncounter } from './state.ts';

/** Shared by the module's tests: an engine with the popcorn module only, a small cast and a runner. */
export const engine = createEngine([popcorn]);

export const party = [
  { name: 'Mira', kind: 'pc', side: 'Party', hp: 10, stats: { heroDice: 3, luckDie: 'd8' } },
  { name: 'Brom', kind: 'pc', side: 'Party', hp: 14, stats: { heroDice: 1, luckDie: 'd6' } },
];
export const orcs = [{ name: 'Orc', side: 'Orcs', hp: 8, count: 2, stats: { heroDice: 1, group: 'Orcs' } }];

export interface Run {
  readonly enc: Encounter;
  readonly s: PopcornEncounter;
  readonly events: readonly StoredEvent[];
  readonly log: string[];
}

/** Run a script (rules popcorn, the party and two orcs unless given); throws if a command is refused. */
export function run(script: Record<string, unknown>): Run {
  const r = runScript(engine, { rules: 'popcorn', combatants: [...party, ...orcs], ...script }, 1);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.code}: ${r.rejection.message}`);
  return { enc: r.encounter, s: r.encounter.state as PopcornEncounter, events: r.events, log: engine.log(r.events).map((l) => l.text) };
}

/** Run, then decide one more command (for refusals). */
export function attempt(script: Record<string, unknown>, command: Record<string, unknown>): Decision<EngineEvent> {
  return engine.decide(run(script).enc, command);
}
