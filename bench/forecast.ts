/**
 * Forecast: runs per second of each game's example fight (its sides and combatants, the fight played
 * from its start), 10,000 runs a sample; target: 10,000 runs in under a second (median of samples).
 */
import { readFileSync } from 'node:fs';
import { forecastOfScript } from '../src/forecast/index.ts';
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
export function benchForecast(log: (line: string) => void = () => {}, runs = 10_000, samples = 3): ForecastRate[] {
  const out: ForecastRate[] = [];
  for (const game of FORECAST_GAMES) {
    const script: unknown = JSON.parse(readFileSync(new URL(`../src/rules/${game}/examples/fight.json`, import.meta.url), 'utf8'));
    const warm = forecastOfScript(script, { runs: Math.min(runs, 500), seed: 'warm-up' }, 'start');
    if (!warm.ok) throw new Error(`${game}: ${warm.message}`);
    const rates: number[] = [];
    for (let i = 0; i < samples; i++) {
      const t = performance.now();
      const f = forecastOfScript(script, { runs, seed: i }, 'start');
      const ms = performance.now() - t;
      if (!f.ok || f.runs !== runs) throw new Error(`${game}: the forecast did not make its runs`);
      rates.push((runs / ms) * 1000);
    }
    const rate = median(rates);
    out.push({ game, runsPerSecond: rate, samples: rates, msFor10k: (10_000 / rate) * 1000 });
    log(`forecast ${game}: ${formatRate(rate)} runs (median of ${rates.length}: ${rates.map((r) => formatRate(r)).join(', ')}); 10,000 runs in ${((10_000 / rate) * 1000).toFixed(0)} ms (target under 1,000)`);
  }
  return out;
}
