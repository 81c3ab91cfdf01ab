import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encounterOfScript, forecastEncounter, forecastOfScript, MAX_RUNS, spreadOf, wilson } from './index.ts';
import type { Forecast, ForecastAnswer } from './index.ts';
import { engine } from '../rules/index.ts';

const GAMES = ['custom', 'swn', 'cwn', 'kuro', 'fallout', 'popcorn'];
const example = (game: string): unknown => JSON.parse(readFileSync(new URL(`../rules/${game}/examples/fight.json`, import.meta.url), 'utf8'));
const ok = (a: ForecastAnswer): Forecast => {
  if (!a.ok) throw new Error(`${a.code}: ${a.message}`);
  return a;
};
const duel = (extra: Record<string, unknown> = {}) => ({
  rules: 'custom',
  sides: [{ name: 'Party', players: true }, { name: 'Foes' }],
  combatants: [
    { name: 'Asha', kind: 'pc', side: 'Party', hp: 3, stats: { defense: 12, attacks: [{ name: 'Sword', hit: '+2', damage: '1d4' }] } },
    { name: 'Brom', side: 'Foes', hp: 3, stats: { defense: 12, attacks: [{ name: 'Club', hit: '+2', damage: '1d4' }] } },
  ],
  ...extra,
});

describe('forecast', () => {
  it.each(GAMES)('%s: the trusted path plays exactly the runs the full decide plays', (game) => {
    const a = ok(forecastOfScript(example(game), { runs: 60, seed: 5 }, 'start'));
    const b = ok(forecastOfScript(example(game), { runs: 60, seed: 5, checked: true }, 'start'));
    expect(a).toEqual(b);
    expect(a.undecided.runs).toBe(0);
    expect(a.sides.reduce((n, s) => n + s.wins, 0) + Math.round(a.draw.p * a.runs)).toBe(60);
  });

  it('is the same for the same seed, and differs for another', () => {
    const a = ok(forecastOfScript(duel(), { runs: 200, seed: 1 }));
    expect(ok(forecastOfScript(duel(), { runs: 200, seed: 1 }))).toEqual(a);
    expect(ok(forecastOfScript(duel(), { runs: 200, seed: 2 })).sides).not.toEqual(a.sides);
  });

  it('answers each side, each combatant and the PCs\' damage', () => {
    const f = ok(forecastOfScript(duel(), { runs: 500 }));
    expect(f.sides.map((s) => s.name)).toEqual(['Party', 'Foes']);
    expect(f.combatants.map((c) => [c.name, c.kind])).toEqual([['Asha', 'pc'], ['Brom', 'npc']]);
    const asha = f.combatants[0]!;
    expect(asha.damage!.histogram.reduce((n, h) => n + h.runs, 0)).toBe(500);
    expect(asha.damage!.max).toBeLessThanOrEqual(3);
    expect(f.combatants[1]!.damage).toBeUndefined();
  });

  it('lets the GM mark combatants fleeing or holding back', () => {
    const held = ok(forecastOfScript(duel(), { runs: 300, stances: { Brom: 'hold' } }));
    expect(held.sides[0]!.p).toBe(1);
    expect(held.combatants[0]!.down.p).toBe(0);
    const fled = forecastOfScript(duel(), { runs: 300, stances: { Brom: 'flee' } });
    expect(fled).toMatchObject({ ok: false, code: 'forecast/no-sides' });
    expect(forecastOfScript(duel(), { stances: { Nobody: 'hold' } })).toMatchObject({ ok: false, code: 'forecast/unknown-combatant' });
  });

  it('refuses bad input with a message, never a throw', () => {
    expect(forecastOfScript(duel(), { runs: 0 })).toMatchObject({ ok: false, code: 'forecast/runs' });
    expect(forecastOfScript(duel(), { runs: 1.5 })).toMatchObject({ ok: false, code: 'forecast/runs' });
    expect(forecastOfScript(duel(), { roundCap: 0 })).toMatchObject({ ok: false, code: 'forecast/round-cap' });
    expect(forecastOfScript({ rules: 'dnd' })).toMatchObject({ ok: false, code: 'encounter/unknown-rules' });
    expect(forecastOfScript('not a script')).toMatchObject({ ok: false, code: 'script/invalid' });
    // No opposing sides.
    const alone = { rules: 'custom', combatants: [{ name: 'A', kind: 'pc', hp: 3 }, { name: 'B', kind: 'pc', hp: 3 }] };
    expect(forecastOfScript(alone)).toMatchObject({ ok: false, code: 'forecast/no-sides' });
    // Nobody can hurt anyone: no stored attacks, or attacks that can never reach the defense.
    const harmless = duel({ combatants: [{ name: 'A', kind: 'pc', hp: 3 }, { name: 'B', hp: 3 }] });
    expect(forecastOfScript(harmless)).toMatchObject({ ok: false, code: 'forecast/cannot-end' });
    const tooHard = duel({
      combatants: [
        { name: 'A', kind: 'pc', hp: 3, stats: { defense: 99, attacks: [{ name: 'Jab', hit: '+0', damage: '1d4' }] } },
        { name: 'B', hp: 3, stats: { defense: 99, attacks: [{ name: 'Jab', hit: '+0', damage: '1d4' }] } },
      ],
    });
    expect(forecastOfScript(tooHard)).toMatchObject({ ok: false, code: 'forecast/cannot-end' });
    // An ended fight.
    expect(forecastOfScript(example('kuro'))).toMatchObject({ ok: false, code: 'forecast/ended' });
  });

  it('caps 10 million runs at 100,000 and says so (here stopped early by a time budget)', () => {
    let t = 0;
    const f = ok(forecastOfScript(duel(), { runs: 10_000_000, clock: () => (t += 1), timeBudgetMs: 50 }));
    expect(f.notes[0]).toContain(`capped at ${MAX_RUNS.toLocaleString('en')}`);
    expect(f.notes[1]).toContain('time budget');
    expect(f.runs).toBeLessThan(100);
  });

  it('counts a fight that outlasts the round cap as undecided', () => {
    const slow = duel({
      combatants: [
        { name: 'A', kind: 'pc', hp: 50, stats: { defense: 20, attacks: [{ name: 'Jab', hit: '+0', damage: '1d1' }] } },
        { name: 'B', hp: 50, stats: { defense: 20, attacks: [{ name: 'Jab', hit: '+0', damage: '1d1' }] } },
      ],
    });
    const f = ok(forecastOfScript(slow, { runs: 50, roundCap: 5 }));
    expect(f.undecided.p).toBe(1);
    expect(f.undecided.why['round-cap']).toBe(50);
    expect(f.rounds.n).toBe(0);
  });

  it('forecasts an encounter mid-fight, from where it stands', () => {
    const built = encounterOfScript(engine, example('custom'));
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const f = ok(forecastEncounter(built.encounter, { runs: 300 }));
    // Bandit is already down at the script's end.
    expect(f.combatants.find((c) => c.name === 'Bandit')!.down.p).toBe(1);
  });
});

describe('intervals', () => {
  it('wilson: inside 0..1, exact at the ends, around p', () => {
    expect(wilson(0, 10)).toMatchObject({ p: 0, low: 0 });
    expect(wilson(10, 10)).toMatchObject({ p: 1, high: 1 });
    const w = wilson(80, 100);
    expect(w.low).toBeCloseTo(0.7112, 3);
    expect(w.high).toBeCloseTo(0.8666, 3);
    expect(wilson(0, 0)).toEqual({ p: 0, low: 0, high: 1 });
  });
  it('spread: quantiles and histogram', () => {
    const s = spreadOf(new Map([[0, 5], [2, 3], [7, 2]]));
    expect(s).toMatchObject({ mean: 2, p10: 0, p50: 0, p90: 7, max: 7 });
    expect(s.histogram).toEqual([{ value: 0, runs: 5 }, { value: 2, runs: 3 }, { value: 7, runs: 2 }]);
  });
});
