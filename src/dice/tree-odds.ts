/**
 * Exact odds of a tree (`2*(1d8+3)`, `(2d6+3)/2`, `floor(1d6/2)`). Sums of whole-number
 * distributions stay dense and are convolved; `*`, `/` and sums with fractions pair up every value of
 * one side with every value of the other, in exact fractions of safe integers (a DiceOddsError if a
 * numerator or denominator would pass 2^53). The result is rounded down, as a roll's total is.
 */
import { DiceOddsError } from './errors.ts';
import type { DiceExpr } from './expr.ts';
import type { Budget, Pmf } from './pmf.ts';
import { convolve, fromMap, negate, point } from './pmf.ts';
import { opRange } from './ranges.ts';
import type { Range } from './ranges.ts';
import type { Node } from './tree.ts';
import type { TermModel } from './term-model.ts';

/** Fractions n/d (d > 0, lowest terms) by denominator, then numerator, to their probability. */
type Fracs = Map<number, Map<number, number>>;

/** A distribution: dense over whole numbers, or sparse over exact fractions. */
type Dist = { readonly int: Pmf } | { readonly frac: Fracs };

/**
 * What pairing two values costs, in the budget's units (floating-point operations): measured at about
 * 1 µs a pair (map updates dominate), so the budget's limit allows about 1.2 million pairs, a second.
 */
const PAIR_COST = 250;

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** n/d rounded down, exactly (the float quotient is only a first guess). */
function floorDiv(n: number, d: number): number {
  let q = Math.floor(n / d);
  let r = n - q * d;
  while (r < 0) {
    q--;
    r += d;
  }
  while (r >= d) {
    q++;
    r -= d;
  }
  return q;
}

type Rounding = (n: number, d: number) => number;
const ROUND: Record<'floor' | 'ceil' | 'round', Rounding> = {
  floor: floorDiv,
  ceil: (n, d) => -floorDiv(-n, d),
  // Halves away from zero, as a roll rounds (tree-eval.ts).
  round: (n, d) => (n < 0 ? -1 : 1) * floorDiv(2 * Math.abs(n) + d, 2 * d),
};

function each(a: Dist, f: (n: number, d: number, p: number) => void): void {
  if ('int' in a) {
    a.int.p.forEach((p, i) => {
      if (p > 0) f(a.int.off + i, 1, p);
    });
  } else {
    for (const [d, row] of a.frac) for (const [n, p] of row) f(n, d, p);
  }
}

function size(a: Dist): number {
  if ('int' in a) return a.int.p.length;
  let s = 0;
  for (const row of a.frac.values()) s += row.size;
  return s;
}

class Fractions {
  constructor(private readonly budget: Budget) {}

  private tooBig(): never {
    throw new DiceOddsError(this.budget.notation, 'its fractions get too large to follow exactly (numbers beyond 2^53); use fewer divisions');
  }

  private put(out: Fracs, n: number, d: number, p: number): void {
    if (!Number.isSafeInteger(n) || !Number.isSafeInteger(d)) this.tooBig();
    if (d < 0) {
      n = -n;
      d = -d;
    }
    if (d !== 1) {
      const g = gcd(n, d);
      if (g > 1) {
        n /= g;
        d /= g;
      }
    }
    let row = out.get(d);
    if (!row) out.set(d, (row = new Map()));
    row.set(n, (row.get(n) ?? 0) + p);
  }

  /** Every pair of values, combined by `f` into a numerator and a denominator. */
  pairs(a: Dist, b: Dist, what: string, f: (n1: number, d1: number, n2: number, d2: number) => [number, number]): Dist {
    this.budget.spend(size(a) * size(b) * PAIR_COST, what);
    const out: Fracs = new Map();
    each(a, (n1, d1, p1) => each(b, (n2, d2, p2) => {
      const [n, d] = f(n1, d1, n2, d2);
      this.put(out, n, d, p1 * p2);
    }));
    return this.tidy(out);
  }

  /** Whole numbers only, and not much sparser than dense: dense. */
  tidy(m: Fracs): Dist {
    const whole = m.get(1);
    if (m.size !== 1 || !whole) return { frac: m };
    let lo = Infinity;
    let hi = -Infinity;
    for (const n of whole.keys()) {
      lo = Math.min(lo, n);
      hi = Math.max(hi, n);
    }
    return hi - lo + 1 > 8 * whole.size + 64 ? { frac: m } : { int: fromMap(whole) };
  }

  round(a: Dist, r: Rounding): Dist {
    if ('int' in a) return a;
    const out: Fracs = new Map([[1, new Map()]]);
    each(a, (n, d, p) => this.put(out, r(n, d), 1, p));
    return this.tidy(out);
  }
}

function rangeOf(a: Pmf): Range {
  return { lo: a.off, hi: a.off + a.p.length - 1 };
}

/** The values a node can take, from its terms' actual distributions (checked before any pairing). */
function span(x: Node, leaf: () => Range): Range {
  let r: Range;
  switch (x.kind) {
    case 'sum':
      r = x.parts.map((p) => span(p, leaf)).reduce((a, b) => ({ lo: a.lo + b.lo, hi: a.hi + b.hi }));
      break;
    case 'op':
      r = opRange(x.op, span(x.left, leaf), span(x.right, leaf));
      break;
    case 'fn': {
      const a = span(x.arg, leaf);
      r = { lo: Math.floor(a.lo), hi: Math.ceil(a.hi) };
      break;
    }
    default:
      r = leaf();
  }
  return x.sign > 0 ? r : { lo: -r.hi, hi: -r.lo };
}

/**
 * The distribution of the tree's total, rounded down to whole numbers. `termPmf` gives each dice
 * term's (unsigned) distribution.
 */
export function treePmf(expr: DiceExpr, budget: Budget, termPmf: (m: TermModel) => Pmf): Pmf {
  const pmfs = expr.models.map(termPmf);
  let k = 0;
  let di = 0;
  const all = span(expr.root, () => {
    const t = expr.terms[k++]!;
    return t.kind === 'const' ? { lo: t.value, hi: t.value } : rangeOf(pmfs[di++]!);
  });
  budget.size(Math.floor(all.hi) - Math.floor(all.lo) + 1, 'the totals');
  const fr = new Fractions(budget);
  let j = 0;
  const go = (x: Node): Dist => {
    let v: Dist;
    switch (x.kind) {
      case 'const':
        v = { int: point(x.value) };
        break;
      case 'dice':
        v = { int: pmfs[j++]! };
        break;
      case 'sum':
        v = x.parts.map(go).reduce((a, b) =>
          'int' in a && 'int' in b ? { int: convolve(a.int, b.int, budget) } : fr.pairs(a, b, 'adding values', (n1, d1, n2, d2) => [n1 * d2 + n2 * d1, d1 * d2]),
        );
        break;
      case 'op': {
        const a = go(x.left);
        const b = go(x.right);
        v = x.op === '*' ? fr.pairs(a, b, 'multiplying values', (n1, d1, n2, d2) => [n1 * n2, d1 * d2]) : fr.pairs(a, b, 'dividing values', (n1, d1, n2, d2) => [n1 * d2, d1 * n2]);
        break;
      }
      case 'fn':
        v = fr.round(go(x.arg), ROUND[x.fn]);
        break;
    }
    if (x.sign > 0) return v;
    if ('int' in v) return { int: negate(v.int) };
    return { frac: new Map([...v.frac].map(([d, row]) => [d, new Map([...row].map(([n, p]) => [-n, p]))])) };
  };
  const total = fr.round(go(expr.root), ROUND.floor);
  return 'int' in total ? total.int : fromMap(total.frac.get(1)!);
}
