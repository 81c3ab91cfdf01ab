/** A Sine Nomine game's example fight, played in the browser's engine: for the surprise tests. */
import { readFileSync } from 'node:fs';
import { createEngine } from '../../../core/index.ts';
import type { Command, Encounter, Engine } from '../../../core/index.ts';
import { loadGame } from '../index.ts';

interface Script {
  readonly options?: Record<string, unknown>;
  readonly sides: Record<string, unknown>[];
  readonly combatants: Record<string, unknown>[];
  readonly commands: Command[];
}

/** A game's example fight (its sides and combatants), with `commands` of its own played. */
export async function example(rules: 'swn' | 'cwn', commands: Command[] = []): Promise<{ engine: Engine; enc: Encounter }> {
  const script = JSON.parse(readFileSync(new URL(`../../../rules/${rules}/examples/fight.json`, import.meta.url), 'utf8')) as Script;
  const kit = await loadGame(rules);
  const engine = createEngine([kit.module]);
  const created = engine.create({ rules, seed: 1, ...(script.options ? { options: script.options } : {}) });
  if (!created.ok) throw new Error(created.rejection.message);
  let enc = engine.apply(engine.replay([]), created.events).encounter;
  for (const c of [...script.sides.map((x) => ({ type: 'add-side', ...x })), ...script.combatants.map((x) => ({ type: 'add-combatant', ...x })), ...commands]) {
    const r = engine.execute(enc, c);
    if (!r.ok) throw new Error(`${c.type}: ${r.rejection.message}`);
    enc = r.encounter;
  }
  return { engine, enc };
}

export const idOf = (enc: Encounter, name: string): string => Object.values(enc.state.combatants).find((c) => c.name === name)!.id;
