/**
 * A key for what an expression is, not how it is spelt: every term's fields in a fixed order, as JSON.
 * Two expressions get the same key exactly when they have the same terms, whatever their notation.
 */
import type { Compare, Term } from './ast.ts';
import type { DiceExpr } from './expr.ts';
import type { Node } from './tree.ts';

const keys = new WeakMap<DiceExpr, string>();

const cmp = (c: Compare | null): readonly [string, number] | null => (c ? [c.op, c.n] : null);

function termKey(t: Term): unknown {
  if (t.kind === 'const') return ['const', t.sign, t.value];
  const faces = t.die.faces?.map((f) => [f.value, [...f.tags], f.explodes]) ?? null;
  const explode = t.explode === 'max' ? 'max' : cmp(t.explode);
  const keep = t.keep ? [t.keep.mode, t.keep.n] : null;
  const reroll = t.reroll ? [t.reroll.once, cmp(t.reroll.when)] : null;
  return ['dice', t.sign, t.count, t.die.name, t.die.sides, faces, reroll, explode, t.compound, t.penetrate, keep, cmp(t.success), cmp(t.failure), cmp(t.crit), cmp(t.fail)];
}

function nodeKey(n: Node): unknown {
  switch (n.kind) {
    case 'sum':
      return ['sum', n.sign, n.parts.map(nodeKey)];
    case 'op':
      return ['op', n.sign, n.op, nodeKey(n.left), nodeKey(n.right)];
    case 'fn':
      return ['fn', n.sign, n.fn, nodeKey(n.arg)];
    default:
      return termKey(n);
  }
}

/** The expression's structural key (computed once per expression). */
export function exprKey(expr: DiceExpr): string {
  let k = keys.get(expr);
  if (k === undefined) {
    k = JSON.stringify(expr.flat ? expr.terms.map(termKey) : nodeKey(expr.root));
    keys.set(expr, k);
  }
  return k;
}
