/**
 * Evaluating a tree exactly, for one roll: every value is a fraction of two BigInts, so `/` loses
 * nothing, and only the notation's result is rounded: down, to the whole number at or below it
 * (`floor`, `ceil` and `round` round where they stand; `round` takes halves away from zero).
 */
import type { Term } from './ast.ts';
import type { Fn, Node } from './tree.ts';

/** n / d with d > 0, in lowest terms. */
export interface Frac {
  readonly n: bigint;
  readonly d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

function frac(n: bigint, d: bigint): Frac {
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

const whole = (n: number): Frac => ({ n: BigInt(n), d: 1n });

/** Rounds down (toward minus infinity). */
export function floorFrac(x: Frac): bigint {
  const q = x.n / x.d; // truncates toward zero
  return x.n < 0n && q * x.d !== x.n ? q - 1n : q;
}

export function roundFn(fn: Fn, x: Frac): bigint {
  if (fn === 'floor') return floorFrac(x);
  if (fn === 'ceil') return -floorFrac({ n: -x.n, d: x.d });
  // Halves away from zero, as rpg-dice-roller (mathjs) rounds: round(3.5) = 4, round(-3.5) = -4.
  const twice = floorFrac({ n: 2n * (x.n < 0n ? -x.n : x.n) + x.d, d: 2n * x.d });
  return x.n < 0n ? -twice : twice;
}

/**
 * The exact value of a tree, given each term's value (unsigned, as its roll gives it), in the order of
 * `leaves`. Every node's sign applies to its value.
 */
export function evaluate(root: Node, termValue: (t: Term, index: number) => number): Frac {
  let i = 0;
  const go = (x: Node): Frac => {
    let v: Frac;
    switch (x.kind) {
      case 'sum': {
        let n = 0n;
        let d = 1n;
        for (const p of x.parts) {
          const a = go(p);
          n = n * a.d + a.n * d;
          d *= a.d;
        }
        v = frac(n, d);
        break;
      }
      case 'op': {
        const a = go(x.left);
        const b = go(x.right);
        v = x.op === '*' ? frac(a.n * b.n, a.d * b.d) : frac(a.n * b.d, a.d * b.n);
        break;
      }
      case 'fn':
        v = { n: roundFn(x.fn, go(x.arg)), d: 1n };
        break;
      default:
        v = whole(x.kind === 'const' ? x.value : termValue(x, i));
        i++;
    }
    return x.sign < 0 ? { n: -v.n, d: v.d } : v;
  };
  return go(root);
}

/** The value as a GM reads it: '5', '11/2'. */
export function fracText(x: Frac): string {
  return x.d === 1n ? String(x.n) : `${x.n}/${x.d}`;
}
