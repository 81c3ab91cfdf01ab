/**
 * Exact distributions (float64): per-die distributions (explosions followed to a depth), n-fold
 * convolution for sums, the keep/drop walk of order-stats.ts for kh/kl/dh/dl, then convolution of the
 * terms. Results are cached per (expression, of, depth), the expression by its terms (expr-key.ts).
 */
import { chainJoint, chainMarginal, cutoffProbability } from './chain.ts';
import type { DiceExpr } from './expr.ts';
import { exprKey } from './expr-key.ts';
import { DEFAULT_EXPLODE_DEPTH, MAX_EXPLOSIONS, ODDS_BUDGET } from './limits.ts';
import { keepPmf } from './order-stats.ts';
import { Budget, convolve, negate, point, power, trim } from './pmf.ts';
import type { Pmf } from './pmf.ts';
import type { TermModel } from './term-model.ts';
import { treePmf } from './tree-odds.ts';
import type { Distribution, DistributionOptions } from './types.ts';

const CACHE_SIZE = 500;
const cache = new Map<string, Distribution>();

export function termPmf(m: TermModel, of: string, depth: number, budget: Budget): Pmf {
  if (m.keeps && m.keepN < m.count) {
    return keepPmf(chainJoint(m, of, depth, budget), m.count, m.keepN, m.keepHighest, budget);
  }
  return power(chainMarginal(m, of, depth, budget), m.count, budget);
}

function build(notation: string, pmf: Pmf, of: string, depth: number | undefined, cutoff: number): Distribution {
  const { off, p: raw } = trim(pmf);
  let total = 0;
  for (let i = 0; i < raw.length; i++) total += raw[i]!;
  const p = new Float64Array(raw.length);
  const outcomes: Array<{ value: number; p: number }> = [];
  let mean = 0;
  for (let i = 0; i < raw.length; i++) {
    const x = raw[i]! / total;
    if (!(x > 0)) continue;
    p[i] = x;
    outcomes.push({ value: off + i, p: x });
    mean += (off + i) * x;
  }
  let variance = 0;
  for (const o of outcomes) variance += (o.value - mean) ** 2 * o.p;
  // Tail sums accumulated from each end, so small tails keep their precision.
  const upper = new Float64Array(p.length + 1);
  for (let i = p.length - 1; i >= 0; i--) upper[i] = upper[i + 1]! + p[i]!;
  const lower = new Float64Array(p.length + 1);
  for (let i = 0; i < p.length; i++) lower[i + 1] = lower[i]! + p[i]!;
  const min = outcomes[0]!.value;
  const max = outcomes[outcomes.length - 1]!.value;
  const clamp = (x: number): number => Math.min(1, Math.max(0, x));
  const d: Distribution = {
    notation,
    of,
    min,
    max,
    outcomes,
    mean,
    sd: Math.sqrt(variance),
    p: (x) => (Number.isInteger(x) && x >= min && x <= max ? p[x - off]! : 0),
    atLeast: (x) => {
      const v = Math.ceil(x);
      if (v <= min) return 1;
      if (v > max || Number.isNaN(v)) return 0;
      return clamp(upper[v - off]!);
    },
    atMost: (x) => {
      const v = Math.floor(x);
      if (v >= max) return 1;
      if (v < min || Number.isNaN(v)) return 0;
      return clamp(lower[v - off + 1]!);
    },
  };
  if (depth !== undefined) {
    d.explodeDepth = depth;
    d.explodeCutoff = cutoff;
  }
  // Shared through the cache: make it read-only.
  for (const o of outcomes) Object.freeze(o);
  Object.freeze(outcomes);
  return Object.freeze(d);
}

/**
 * The exact distribution of an expression's total (or, with `of: tag`, of how many kept dice carry
 * that tag). Explosions are followed `explodeDepth` extra dice deep (default 8). Throws a
 * DiceOddsError when the computation would be too costly, a RangeError on bad options.
 */
export function distribution(expr: DiceExpr, opts?: DistributionOptions): Distribution {
  const of = (opts?.of ?? 'total').toLowerCase();
  const depth = opts?.explodeDepth ?? DEFAULT_EXPLODE_DEPTH;
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_EXPLOSIONS) {
    throw new RangeError(`explodeDepth must be a whole number from 0 to ${MAX_EXPLOSIONS}, got ${depth}`);
  }
  // Keyed by what the expression is, not by its spelling: two spellings can never share odds by mistake.
  const key = JSON.stringify([exprKey(expr), of, depth]);
  const hit = cache.get(key);
  if (hit) return hit;
  const d = exactDistribution(expr, of, depth);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, d);
  return d;
}

/** @internal The computation behind `distribution`, never cached: `of` in lower case, a valid depth. */
export function exactDistribution(expr: DiceExpr, of: string, depth: number): Distribution {
  const budget = new Budget(expr.notation, ODDS_BUDGET);
  let keepAll = 1;
  for (const m of expr.models) keepAll *= Math.pow(1 - cutoffProbability(m, depth), m.count);
  if (of === 'total' && !expr.flat) {
    const pmf = treePmf(expr, budget, (m) => termPmf(m, of, depth, budget));
    return build(expr.notation, pmf, of, expr.explodes ? depth : undefined, 1 - keepAll);
  }
  // A plain sum, or a tag count (over every dice term, whatever the arithmetic around it).
  let acc = point(of === 'total' ? expr.constant : 0);
  for (const m of expr.models) {
    let t = termPmf(m, of, depth, budget);
    if (of === 'total' && m.sign < 0) t = negate(t);
    acc = convolve(acc, t, budget);
  }
  return build(expr.notation, acc, of, expr.explodes ? depth : undefined, 1 - keepAll);
}
