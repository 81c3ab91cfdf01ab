/**
 * Shared timing utility for the benchmarks: warm-up, then several rounds of ~100-150 ms, each with its
 * own calibrated iteration count; reports the median ops/s across rounds.
 */

export interface MeasureOptions {
  /** Timed rounds (default 7). */
  rounds?: number;
  /** Target duration of one round in ms (default 120). */
  minMs?: number;
  /** Warm-up duration in ms before the first round (default 150; 0 skips it). */
  warmupMs?: number;
}

export interface Measurement {
  name: string;
  /** Median ops/s across rounds. */
  opsPerSec: number;
  /** ops/s of each round, in order. */
  samples: number[];
}

/** Results land here so the optimiser cannot drop the calls. */
let sink: unknown = null;
let sinkCount = 0;

/** Read by nothing that matters; keeps `sink` observable. */
export function sinkState(): { last: unknown; count: number } {
  return { last: sink, count: sinkCount };
}

/**
 * A fresh loop per measured function: each has its own type feedback, so a previously measured
 * function does not make this one's call site polymorphic.
 */
function makeLoop(): (fn: () => unknown, n: number) => unknown {
  return new Function(
    'fn',
    'n',
    'let r; for (let i = 0; i < n; i++) { r = fn(); } return r;',
  ) as (fn: () => unknown, n: number) => unknown;
}

function now(): number {
  return performance.now();
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Runs `fn` in a loop until about `ms` have passed; returns calls per ms. */
function probe(loop: (fn: () => unknown, n: number) => unknown, fn: () => unknown, ms: number): number {
  let n = 1;
  let calls = 0;
  const start = now();
  let elapsed = 0;
  while (elapsed < ms) {
    sink = loop(fn, n);
    calls += n;
    elapsed = now() - start;
    if (n < 1 << 20) n *= 2;
  }
  return calls / Math.max(elapsed, 1e-3);
}

/** A measured function with its own loop; rounds of different runners can be interleaved. */
export interface Runner {
  /** Runs the function for about `ms` without timing it. */
  warm(ms: number): void;
  /** One calibrated, timed round of about `ms`; returns ops/s. */
  round(ms: number): number;
}

export function createRunner(fn: () => unknown): Runner {
  const loop = makeLoop();
  return {
    warm(ms) {
      probe(loop, fn, ms);
    },
    round(ms) {
      // Calibrate: a short probe gives the current rate, which sets this round's iteration count.
      const perMs = probe(loop, fn, Math.min(10, ms / 10));
      const iterations = Math.max(1, Math.round(perMs * ms));
      const start = now();
      sink = loop(fn, iterations);
      const elapsed = now() - start;
      sinkCount++;
      return (iterations / Math.max(elapsed, 1e-3)) * 1000;
    },
  };
}

/** Lets timers and GC run between rounds. */
export function breathe(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export async function measure(name: string, fn: () => unknown, opts: MeasureOptions = {}): Promise<Measurement> {
  const rounds = opts.rounds ?? 7;
  const minMs = opts.minMs ?? 120;
  const warmupMs = opts.warmupMs ?? 150;
  const runner = createRunner(fn);
  if (warmupMs > 0) runner.warm(warmupMs);
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    samples.push(runner.round(minMs));
    await breathe();
  }
  return { name, opsPerSec: median(samples), samples };
}

/** '5.23M/s', '812k/s', '950/s'. */
export function formatRate(n: number): string {
  if (!Number.isFinite(n)) return `${n}/s`;
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)}G/s`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)}M/s`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(n >= 1e5 ? 0 : 1)}k/s`;
  return `${n.toFixed(0)}/s`;
}
