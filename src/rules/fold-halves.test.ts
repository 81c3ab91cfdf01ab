import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFoldEngine, runScript, viewOf } from '../core/index.ts';
import type { FoldModule, Script } from '../core/index.ts';
import { customFold } from './custom/fold.ts';
import { cwnFold } from './cwn/fold.ts';
import { custom, cwn, engine, fallout, kuro, popcorn, swn } from './index.ts';
import { falloutFold } from './fallout/fold.ts';
import { kuroFold } from './kuro/fold.ts';
import { popcornFold } from './popcorn/fold.ts';
import { swnFold } from './swn/fold.ts';

// The GM screen shows a fight with each game's fold half and the fold engine before the whole rules
// have loaded (src/web/games/index.ts): both must read every log exactly as the whole engine does.
const games: readonly [string, FoldModule, { readonly evolve: unknown }][] = [
  ['swn', swnFold as FoldModule, swn],
  ['cwn', cwnFold as FoldModule, cwn],
  ['kuro', kuroFold as FoldModule, kuro],
  ['fallout', falloutFold as FoldModule, fallout],
  ['popcorn', popcornFold as FoldModule, popcorn],
  ['custom', customFold as FoldModule, custom],
];

describe.each(games)('the %s fold half', (id, fold, whole) => {
  const script = JSON.parse(readFileSync(new URL(`./${id}/examples/fight.json`, import.meta.url), 'utf8')) as Script;
  const run = runScript(engine, script, 1);

  it('is the fold of the whole module (the same functions)', () => {
    expect(whole.evolve).toBe(fold.evolve);
  });

  it('folds the example fight, step by step, as the whole engine does: state, who may act, allowed actions, log', () => {
    expect(run.ok).toBe(true);
    if (!run.ok) return;
    const reader = createFoldEngine([fold]);
    let read = reader.replay([]);
    let full = engine.replay([]);
    for (const stored of run.events) {
      read = reader.evolve(read, stored);
      full = engine.evolve(full, stored);
      expect(viewOf(reader, read)).toEqual(viewOf(engine, full));
    }
    expect(reader.log(run.events)).toEqual(engine.log(run.events));
    expect(reader.replay(run.events)).toEqual(run.encounter);
  });
});
