/**
 * Arithmetic over terms: `2*(1d8+3)`, `(2d6+3)/2`, `floor(1d6/2)`. The root is always a sum; a plain
 * notation (`2d6+1d4-1`) is a sum of terms and nothing else. Parentheses are not kept: the printer puts
 * back exactly those the tree needs, so the printed spelling parses back to the same tree.
 *
 * Normal form (the parser builds it, the printer relies on it): a sum's parts are never sums (a
 * bracketed sum inside a sum is flattened, its signs multiplied in); operands of `*` and `/` and the
 * argument of a function have sign +1, and are a sum only when that sum has two parts or more, or one
 * negative part.
 */
import type { Term } from './ast.ts';

export type Op = '*' | '/';
export type Fn = 'floor' | 'ceil' | 'round';
export const FUNCTIONS: readonly Fn[] = ['floor', 'ceil', 'round'];

export interface SumNode {
  readonly kind: 'sum';
  readonly sign: 1 | -1;
  /** Each part carries its own sign. */
  readonly parts: readonly Node[];
}

/** `left * right` or `left / right` (left-associative: `a/b*c` is `(a/b)*c`). */
export interface OpNode {
  readonly kind: 'op';
  readonly sign: 1 | -1;
  readonly op: Op;
  readonly left: Node;
  readonly right: Node;
}

export interface FnNode {
  readonly kind: 'fn';
  readonly sign: 1 | -1;
  readonly fn: Fn;
  readonly arg: Node;
}

export type Node = Term | SumNode | OpNode | FnNode;

/** The same node with another sign. */
export function withSign<T extends Node>(n: T, sign: 1 | -1): T {
  return n.sign === sign ? n : { ...n, sign };
}

/** The terms of a tree, left to right. */
export function leaves(n: Node, out: Term[] = []): Term[] {
  if (n.kind === 'sum') for (const p of n.parts) leaves(p, out);
  else if (n.kind === 'op') {
    leaves(n.left, out);
    leaves(n.right, out);
  } else if (n.kind === 'fn') leaves(n.arg, out);
  else out.push(n);
  return out;
}

/** Whether the tree is a plain sum of terms (the fast paths of rolling and odds apply). */
export function isFlat(root: SumNode): boolean {
  return root.parts.every((p) => p.kind === 'dice' || p.kind === 'const');
}

/** Renders a tree, each term through `leaf` (its normalised text, or its dice in a roll). */
export function render(n: Node, leaf: (t: Term, index: number) => string, sep = ''): string {
  let i = 0;
  const go = (x: Node): string => {
    switch (x.kind) {
      case 'sum':
        return x.parts.map((p, j) => (p.sign < 0 ? (j === 0 ? '-' : `${sep}-${sep}`) : j === 0 ? '' : `${sep}+${sep}`) + go(p)).join('');
      case 'op': {
        const l = go(x.left);
        const r = go(x.right);
        const left = x.left.kind === 'sum' ? `(${l})` : l;
        const right = x.right.kind === 'sum' || x.right.kind === 'op' ? `(${r})` : r;
        return `${left}${sep}${x.op}${sep}${right}`;
      }
      case 'fn':
        return `${x.fn}(${go(x.arg)})`;
      default:
        return leaf(x, i++);
    }
  };
  return go(n);
}

/** Normalised notation of a whole expression. */
export function treeText(root: SumNode): string {
  return render(root, (t) => t.text);
}
