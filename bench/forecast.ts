/**
 * Forecast: runs per second of each game's example fight (its sides and combatants, the fight played
 * from its start), 10,000 runs a sample; target: 10,000 runs in under a second (median of samples).
 * Measured on one thread, then shared out between this thread and a worker thread per other core
 * (src/cli/threads, started and warmed first: their start-up is reported on its own), checked to give
 * the one thread's answer.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { ForecastThreads } from '../src/cli/index.ts';
import { forecastOfScript } from '../src/forecast/index.ts';
import type { ForecastAnswer } from '../src/forecast/index.ts';
import { formatRate, median } from './harness.ts';

export const FORECAST_GAMES = ['custom', 'swn', 'cwn', 'kuro', 'fallout', 'popcorn'] as const;

export interface ForecastRate {
  readonly game: string;
  /** Median runs per second over the samples. */
  readonly runsPerSecond: number;
  readonly samples: readonly number[];
  /** Milliseconds for 10,000 runs at the median rate. */
  readonly msFor10k: number;
}

/** Measure each game's forecast: `samples` timed forecasts of `runs` runs after one warm-up. */
const scriptOf = (game: string): unknown => JSON.parse(readFileSync(new URL(`../src/rules/${game}/examples/fight.json`, import.meta.url), 'utf8'));

/** The first sample's answer of each game on one thread (seed 0), to check the shared-out runs against. */
const firstAnswers = new Map<string, ForecastAnswer>();

export function benchForecast(log: (line: string) => void = () => {}, runs = 10_000, samples = 3): ForecastRate[] {
  const out: ForecastRate[] = [];
  for (const game of FORECAST_GAMES) {
    const script = scriptOf(game);
    const warm = forecastOfScript(script, { runs: Math.min(runs, 500), seed: 'warm-up' }, 'start');
    if (!warm.ok) throw new Error(`${game}: ${warm.message}`);
    const rates: number[] = [];
    for (let i = 0; i < samples; i++) {
      const t = performance.now();
      const f = forecastOfScript(script, { runs, seed: i }, 'start');
      const ms = performance.now() - t;
      if (!f.ok || f.runs !== runs) throw new Error(`${game}: the forecast did not make its runs`);
      if (i === 0) firstAnswers.set(game, f);
      rates.push((runs / ms) * 1000);
    }
    const rate = median(rates);
    out.push({ game, runsPerSecond: rate, samples: rates, msFor10k: (10_000 / rate) * 1000 });
    log(`forecast ${game}, one thread: ${formatRate(rate)} runs (median of ${rates.length}: ${rates.map((r) => formatRate(r)).join(', ')}); 10,000 runs in ${((10_000 / rate) * 1000).toFixed(0)} ms (target under 1,000)`);
  }
  return out;
}

/**
 * The same forecasts shared out between this thread and `helpers` worker threads (default: one per other
 * core), started and warmed up before the samples; each game's first sample must equal its one-thread answer.
 */
export async function benchForecastShared(log: (line: string) => void = () => {}, runs = 10_000, samples = 3, helpers = Math.max(1, availableParallelism() - 1)): Promise<ForecastRate[]> {
  const began = performance.now();
  const pool = new ForecastThreads(helpers);
  await pool.whenReady();
  log(`forecast threads: this one and ${pool.ready} worker thread${pool.ready === 1 ? '' : 's'}, up in ${(performance.now() - began).toFixed(0)} ms (not counted below)`);
  const out: ForecastRate[] = [];
  try {
    for (const game of FORECAST_GAMES) {
      const source = { kind: 'script', script: scriptOf(game), from: 'start' } as const;
      const warm = await pool.forecast(source, { runs: Math.min(runs, 2_000), seed: 'warm-up' });
      if (!warm.ok) throw new Error(`${game}: ${warm.message}`);
      const rates: number[] = [];
      let shares = 0;
      for (let i = 0; i < samples; i++) {
        const t = performance.now();
        const f = await pool.forecast(source, { runs, seed: i });
        const ms = performance.now() - t;
        if (!f.ok || f.runs !== runs) throw new Error(`${game}: the shared forecast did not make its runs`);
        const one = firstAnswers.get(game);
        if (i === 0 && one && !isDeepStrictEqual(f, one)) throw new Error(`${game}: the shared forecast differs from the one-thread answer`);
        shares += pool.lastShare.helpers / runs;
        rates.push((runs / ms) * 1000);
      }
      const rate = median(rates);
      out.push({ game, runsPerSecond: rate, samples: rates, msFor10k: (10_000 / rate) * 1000 });
      log(
        `forecast ${game}, shared out: ${formatRate(rate)} runs (median of ${rates.length}: ${rates.map((r) => formatRate(r)).join(', ')}); 10,000 runs in ${((10_000 / rate) * 1000).toFixed(0)} ms (target under 1,000); worker threads played ${((shares / samples) * 100).toFixed(0)}%`,
      );
    }
  } finally {
    await pool.close();
  }
  return out;
}
