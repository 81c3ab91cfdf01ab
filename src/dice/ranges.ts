/**
 * The values a node can take, as an interval (the rolling caps make every interval finite). The parser
 * uses it to refuse a divisor that can be 0 and values beyond MAX_RESULT. The interval may be wider
 * than the values really reached (it is the product of per-die bounds), never narrower.
 */
import type { DiceTerm, Term } from './ast.ts';
import { maxValue, minValue } from './die-kinds.ts';
import { MAX_EXPLOSIONS } from './limits.ts';
import type { Node } from './tree.ts';

export interface Range {
  readonly lo: number;
  readonly hi: number;
}

function diceRange(t: DiceTerm): Range {
  const kept = t.keep ? (t.keep.mode === 'kh' || t.keep.mode === 'kl' ? t.keep.n : t.count - t.keep.n) : t.count;
  const explodes = t.explode !== null || (t.die.faces?.some((f) => f.explodes) ?? false);
  const extras = explodes ? MAX_EXPLOSIONS : 0;
  let lo: number;
  let hi: number;
  if (t.success) {
    const perPart = { lo: t.failure ? -1 : 0, hi: t.crit ? 2 : 1 };
    const parts = t.compound ? 1 : 1 + extras;
    lo = perPart.lo * parts;
    hi = perPart.hi * parts;
  } else {
    const a = minValue(t.die);
    const b = maxValue(t.die);
    const pen = t.penetrate ? 1 : 0;
    lo = a + extras * Math.min(0, a - pen);
    hi = b + extras * Math.max(0, b - pen);
  }
  return { lo: kept * lo, hi: kept * hi };
}

function signed(r: Range, sign: 1 | -1): Range {
  return sign > 0 ? r : { lo: -r.hi, hi: -r.lo };
}

export function termRange(t: Term): Range {
  return signed(t.kind === 'const' ? { lo: t.value, hi: t.value } : diceRange(t), t.sign);
}

/** The interval of `left op right`, given theirs (the divisor's must not contain 0). */
export function opRange(op: '*' | '/', a: Range, b: Range): Range {
  const xs = op === '*' ? [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi] : [a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi];
  return { lo: Math.min(...xs), hi: Math.max(...xs) };
}

/** The interval of a node (children's intervals computed again: trees are small). */
export function nodeRange(n: Node): Range {
  switch (n.kind) {
    case 'sum': {
      let lo = 0;
      let hi = 0;
      for (const p of n.parts) {
        const r = nodeRange(p);
        lo += r.lo;
        hi += r.hi;
      }
      return signed({ lo, hi }, n.sign);
    }
    case 'op':
      return signed(opRange(n.op, nodeRange(n.left), nodeRange(n.right)), n.sign);
    case 'fn': {
      const r = nodeRange(n.arg);
      return signed({ lo: Math.floor(r.lo), hi: Math.ceil(r.hi) }, n.sign);
    }
    default:
      return termRange(n);
  }
}

export function containsZero(r: Range): boolean {
  return r.lo <= 0 && r.hi >= 0;
}
