/**
 * Dense probability mass functions over integers (float64) and the operations exact odds need:
 * convolution, n-fold sums, negation. All work is charged to a Budget so that an expression that
 * would take too long fails fast with a DiceOddsError instead of hanging.
 */
import { DiceOddsError } from './errors.ts';
import { MAX_OUTCOMES } from './limits.ts';
import { withThousands } from './digits.ts';

/** p[i] is the probability (or weight) of value off + i. */
export interface Pmf {
  readonly off: number;
  readonly p: Float64Array;
}

export class Budget {
  private used = 0;

  constructor(
    readonly notation: string,
    readonly limit: number,
  ) {}

  /** Charges `ops` operations; throws DiceOddsError once the limit is passed. */
  spend(ops: number, what: string): void {
    this.used += ops;
    if (this.used > this.limit) {
      throw new DiceOddsError(
        this.notation,
        `${what} needs more than ${this.limit.toExponential(0)} operations; use fewer dice, a smaller keep/drop pool or a lower explodeDepth`,
      );
    }
  }

  /** Throws (without charging) if an estimated cost would not fit in what is left. */
  check(ops: number, what: string): void {
    if (this.used + ops > this.limit) this.spend(ops, what);
  }

  /** Throws if a distribution would have more than MAX_OUTCOMES values. */
  size(len: number, what: string): void {
    if (len > MAX_OUTCOMES) {
      throw new DiceOddsError(this.notation, `${what} would have ${withThousands(len)} distinct values (limit ${withThousands(MAX_OUTCOMES)})`);
    }
  }
}

export function point(v: number): Pmf {
  return { off: v, p: Float64Array.of(1) };
}

export function mass(a: Pmf): number {
  let s = 0;
  for (let i = 0; i < a.p.length; i++) s += a.p[i]!;
  return s;
}

function nonZero(a: Float64Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== 0) n++;
  return n;
}

/** Adds w * (a ⊛ b) into dst (whose value range must cover the result). */
export function convolveInto(dst: Pmf, a: Pmf, b: Pmf, w: number, budget: Budget): void {
  const d = dst.p;
  let x = a.p;
  let y = b.p;
  const shift = a.off + b.off - dst.off;
  if (nonZero(x) > nonZero(y)) {
    x = b.p;
    y = a.p;
  }
  budget.spend(x.length + nonZero(x) * y.length, 'combining dice');
  const ny = y.length;
  for (let i = 0; i < x.length; i++) {
    const xi = x[i]!;
    if (xi === 0) continue;
    const s = xi * w;
    const base = shift + i;
    for (let j = 0; j < ny; j++) d[base + j]! += s * y[j]!;
  }
}

/** Trims zero weights at both ends. */
export function trim(a: Pmf): Pmf {
  let lo = 0;
  let hi = a.p.length - 1;
  while (lo < hi && a.p[lo] === 0) lo++;
  while (hi > lo && a.p[hi] === 0) hi--;
  if (lo === 0 && hi === a.p.length - 1) return a;
  return { off: a.off + lo, p: a.p.slice(lo, hi + 1) };
}

export function convolve(a: Pmf, b: Pmf, budget: Budget): Pmf {
  const len = a.p.length + b.p.length - 1;
  budget.size(len, 'the sum');
  const out: Pmf = { off: a.off + b.off, p: new Float64Array(len) };
  convolveInto(out, a, b, 1, budget);
  return trim(out);
}

/** The sum of n independent copies of a (n >= 1), by repeated squaring. */
export function power(a: Pmf, n: number, budget: Budget): Pmf {
  const span = a.p.length - 1;
  budget.size(span * n + 1, 'the sum');
  let result: Pmf | null = null;
  let base = a;
  let k = n;
  for (;;) {
    if (k & 1) result = result ? convolve(result, base, budget) : base;
    k >>>= 1;
    if (k === 0) break;
    base = convolve(base, base, budget);
  }
  return result!;
}

export function negate(a: Pmf): Pmf {
  const p = a.p.slice().reverse();
  return { off: -(a.off + a.p.length - 1), p };
}

/** a + b (pointwise), over the union of their ranges. */
export function add(a: Pmf, b: Pmf): Pmf {
  const off = Math.min(a.off, b.off);
  const end = Math.max(a.off + a.p.length, b.off + b.p.length);
  const p = new Float64Array(end - off);
  for (let i = 0; i < a.p.length; i++) p[a.off - off + i]! += a.p[i]!;
  for (let i = 0; i < b.p.length; i++) p[b.off - off + i]! += b.p[i]!;
  return { off, p };
}

export function scale(a: Pmf, w: number): Pmf {
  const p = new Float64Array(a.p.length);
  for (let i = 0; i < p.length; i++) p[i] = a.p[i]! * w;
  return { off: a.off, p };
}

/** A pmf from a sparse map value -> weight. */
export function fromMap(m: ReadonlyMap<number, number>): Pmf {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of m.keys()) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo > hi) return { off: 0, p: new Float64Array(0) };
  const p = new Float64Array(hi - lo + 1);
  for (const [v, w] of m) p[v - lo]! += w;
  return { off: lo, p };
}
