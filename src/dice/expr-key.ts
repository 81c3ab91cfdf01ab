/**
 * A key for what an expression is, not how it is spelt: every term's fields in a fixed order, as JSON.
 * Two expressions get the same key exactly when they have the same terms, whatever their notation.
 */
import type { Compare, Term } from './ast.ts';
import type { DiceExpr } from './expr.ts';

const keys = new WeakMap<DiceExpr, string>();

const cmp = (c: Compare | null): readonly [string, number] | null => (c ? [c.op, c.n] : null);

function termKey(t: Term): unknown {
  if (t.kind === 'const') return ['const', t.sign, t.value];
  const faces = t.die.faces?.map((f) => [f.value, [...f.tags], f.explodes]) ?? null;
  const explode = t.explode === 'max' ? 'max' : cmp(t.explode);
  const keep = t.keep ? [t.keep.mode, t.keep.n] : null;
  return ['dice', t.sign, t.count, t.die.name, t.die.sides, faces, explode, keep, cmp(t.success), cmp(t.crit), cmp(t.fail)];
}

/** The expression's structural key (computed once per expression). */
export function exprKey(expr: DiceExpr): string {
  let k = keys.get(expr);
  if (k === undefined) {
    k = JSON.stringify(expr.terms.map(termKey));
    keys.set(expr, k);
  }
  return k;
}
