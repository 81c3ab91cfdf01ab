/** 95% intervals, two-sided: z for 0.975 of the normal distribution. */
export const Z95 = 1.959963984540054;

export interface Proportion {
  /** The share of runs, 0..1. */
  readonly p: number;
  /** The 95% Wilson score interval. */
  readonly low: number;
  readonly high: number;
}

/**
 * The Wilson score interval for `k` successes in `n` runs (Wilson 1927): better than p ± z·se near 0 and
 * 1 and for few runs, and never outside 0..1. With n = 0 the share is 0 and the interval 0..1.
 */
export function wilson(k: number, n: number, z = Z95): Proportion {
  if (n <= 0) return { p: 0, low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // Exact at the ends (the formula leaves rounding dust there).
  return { p, low: k <= 0 ? 0 : Math.max(0, centre - half), high: k >= n ? 1 : Math.min(1, centre + half) };
}

export interface Mean {
  readonly mean: number;
  /** mean ± 1.96 standard errors (the normal approximation; the sample is the runs that were decided). */
  readonly low: number;
  readonly high: number;
  readonly n: number;
}

/** The mean of `sum`/`sumSq` over `n` values with a 95% normal interval (0 with no values). */
export function meanInterval(sum: number, sumSq: number, n: number, z = Z95): Mean {
  if (n <= 0) return { mean: 0, low: 0, high: 0, n: 0 };
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (sumSq - n * mean * mean) / (n - 1)) : 0;
  const half = z * Math.sqrt(variance / n);
  return { mean, low: mean - half, high: mean + half, n };
}

export interface Spread {
  readonly mean: number;
  /** The 10th, 50th and 90th percentiles and the largest value seen. */
  readonly p10: number;
  readonly p50: number;
  readonly p90: number;
  readonly max: number;
  /** How many runs ended with each value, lowest value first (values never seen left out). */
  readonly histogram: readonly { readonly value: number; readonly runs: number }[];
}

/** The spread of whole-number values counted in `counts` (value -> runs). */
export function spreadOf(counts: ReadonlyMap<number, number>): Spread {
  const values = [...counts.keys()].sort((a, b) => a - b);
  let n = 0;
  let sum = 0;
  for (const v of values) {
    n += counts.get(v)!;
    sum += v * counts.get(v)!;
  }
  const quantile = (q: number): number => {
    if (n === 0) return 0;
    // The smallest value with at least q of the runs at or below it.
    const need = Math.max(1, Math.ceil(q * n));
    let seen = 0;
    for (const v of values) {
      seen += counts.get(v)!;
      if (seen >= need) return v;
    }
    return values[values.length - 1]!;
  };
  return {
    mean: n === 0 ? 0 : sum / n,
    p10: quantile(0.1),
    p50: quantile(0.5),
    p90: quantile(0.9),
    max: values.length === 0 ? 0 : values[values.length - 1]!,
    histogram: values.map((value) => ({ value, runs: counts.get(value)! })),
  };
}
