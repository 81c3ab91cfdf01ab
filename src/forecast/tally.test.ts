import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engine } from '../rules/index.ts';
import { answerOf, encounterOfScript, forecastEncounter, forecastPolicies, mergeTallies, planForecast, playRuns } from './index.ts';
import type { ForecastPlan, Tally } from './index.ts';

const GAMES = ['custom', 'swn', 'cwn', 'kuro', 'fallout', 'popcorn'];

function planOf(game: string, runs: number, seed: number | string): { plan: ForecastPlan; encounter: Parameters<typeof forecastEncounter>[0] } {
  const script: unknown = JSON.parse(readFileSync(new URL(`../rules/${game}/examples/fight.json`, import.meta.url), 'utf8'));
  const built = encounterOfScript(engine, script, 'start');
  if (!built.ok) throw new Error(built.message);
  const plan = planForecast(built.encounter, engine.modules, forecastPolicies, { runs, seed });
  if ('ok' in plan) throw new Error(plan.message);
  return { plan, encounter: built.encounter };
}

describe('tallies shared out', () => {
  it.each(GAMES)('%s: runs played in parts and merged answer exactly what one pass answers', (game) => {
    const { plan, encounter } = planOf(game, 90, 'parts');
    const whole = forecastEncounter(encounter, { runs: 90, seed: 'parts' });
    const parts = [playRuns(plan, 0, 17), playRuns(plan, 17, 61), playRuns(plan, 61, 90)];
    expect(answerOf(plan, parts.reduce(mergeTallies))).toEqual(whole);
    // Merged in another order, and after a trip through JSON (a worker thread's message).
    const shuffled = [parts[2]!, parts[0]!, parts[1]!].map((t) => JSON.parse(JSON.stringify(t)) as Tally);
    expect(answerOf(plan, shuffled.reduce(mergeTallies))).toEqual(whole);
  });

  it('any split of the runs merges into the same tally', () => {
    const { plan } = planOf('swn', 40, 3);
    const whole = playRuns(plan, 0, 40);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 39 }), { maxLength: 5 }), (cuts) => {
        const at = [0, ...cuts.sort((a, b) => a - b), 40];
        const merged = at.slice(1).map((to, i) => playRuns(plan, at[i]!, to)).reduce(mergeTallies);
        expect(answerOf(plan, merged)).toEqual(answerOf(plan, whole));
      }),
      { numRuns: 15 },
    );
  });

  it('keeps the problem of the earliest run, whichever part met it', () => {
    const base = playRuns(planOf('custom', 4, 1).plan, 0, 2);
    const a: Tally = { ...base, problem: { run: 7, text: 'later' } };
    const b: Tally = { ...base, problem: { run: 3, text: 'earlier' } };
    expect(mergeTallies(a, b).problem).toEqual({ run: 3, text: 'earlier' });
    expect(mergeTallies(b, a).problem).toEqual({ run: 3, text: 'earlier' });
  });

  it('says when a time budget stopped a part', () => {
    const { plan } = planOf('custom', 50, 1);
    let now = 0;
    const t = playRuns(plan, 0, 50, { clock: () => (now += 10), ms: 25 });
    expect(t.stopped).toBe(true);
    expect(t.made).toBeLessThan(50);
    const f = answerOf(plan, t, 25);
    expect(f.runs).toBe(t.made);
    expect(f.notes.some((n) => n.includes(`Stopped after ${t.made} runs`))).toBe(true);
  });
});
