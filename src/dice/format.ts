/**
 * One-line rendering of a roll:
 *   '1d20+3: [14] + 3 = 17'
 *   '4d6kh3: [6, 4, 3, (1)] = 13'                  dropped dice in parentheses
 *   '2d6ro=1: [(1r), 4, 5] = 9'                    a re-rolled die in parentheses, marked r
 *   '2d20<=12cs<=1: [1*, 15] = 2 successes'        '*' marks a crit
 *   '6d10>=7f=1: [8, 1f, 3, 10, 7, 2] = 2 successes'  'f' marks a failure
 *   '1d6!: [6!, 2] = 8'                            '!' marks a die that exploded ('!p' penetrating)
 *   '2d6!!: [6!!+3, 4] = 13'                       a compounded die's parts joined by '+'
 *   '4dC: [1:effect, 2, 0, 1:effect] = 4 (effect: 2)'
 *   '(2d6+3)/2: ([4, 4] + 3) / 2 = 5 (11/2 rounded down)'
 * Dice show their value (what they count for) with their tags; tag counts over kept dice follow the
 * total (crits are already visible as '*').
 */
import type { DiceTerm } from './ast.ts';
import { parseCached } from './expr.ts';
import type { DiceExpr } from './expr.ts';
import { rollNotation } from './stored-notation.ts';
import { render } from './tree.ts';
import { evaluate, fracText } from './tree-eval.ts';
import type { DieRoll, RollResult } from './types.ts';

function die(d: DieRoll, bang: string): string {
  let s = String(d.value);
  if (d.rerolled) return `(${s}r)`;
  let crit = false;
  if (d.tags) {
    for (const t of d.tags) {
      if (t === 'crit') crit = true;
      else s += ':' + t;
    }
  }
  if (crit) s += '*';
  if (d.successes === -1) s += 'f';
  if (d.exploded) s += bang;
  return d.kept ? s : `(${s})`;
}

function group(dice: readonly DieRoll[], t: DiceTerm | null): string {
  const bang = t ? (t.compound ? '!!' : '!') + (t.penetrate ? 'p' : '') : '!';
  let s = '';
  dice.forEach((d, i) => {
    if (i > 0) s += d.compounded && !dice[i - 1]!.rerolled ? '+' : ', ';
    s += die(d, bang);
  });
  return `[${s}]`;
}

interface Split {
  /** One group per term, constants as their value. */
  parts: string[];
  /** Each term's total as its dice give it (a constant's value), by term. */
  totals: number[];
}

/** Splits the dice of a result into one group per term; null if they do not fit the notation. */
function split(r: RollResult, expr: DiceExpr): Split | null {
  const parts: string[] = [];
  const totals: number[] = [];
  let j = 0;
  for (const t of expr.terms) {
    if (t.kind === 'const') {
      parts.push(String(t.value));
      totals.push(t.value);
      continue;
    }
    const start = j;
    for (let i = 0; i < t.count; i++) {
      for (;;) {
        const d = r.dice[j];
        if (!d || d.die !== t.die.name) return null;
        j++;
        if (!d.exploded && !d.rerolled) break;
      }
    }
    const dice = r.dice.slice(start, j);
    parts.push(group(dice, t));
    totals.push(dice.reduce((s, d) => (d.kept ? s + (t.success ? (d.successes ?? 0) : d.value) : s), 0));
  }
  return j === r.dice.length ? { parts, totals } : null;
}

function parsed(notation: string): DiceExpr | null {
  try {
    return parseCached(notation);
  } catch {
    return null;
  }
}

/** The roll in one line; a roll stored with an old spelling is shown with today's (stored-notation.ts). */
export function formatRoll(r: RollResult): string {
  const notation = rollNotation(r);
  const expr = parsed(notation);
  const s = expr ? split(r, expr) : null;
  let body = group(r.dice, null);
  let exact = '';
  if (expr && s) {
    body = render(expr.root, (_t, i) => s.parts[i]!, ' ');
    if (!expr.flat) {
      const x = evaluate(expr.root, (_t, i) => s.totals[i]!);
      if (x.d !== 1n) exact = ` (${fracText(x)} rounded down)`;
    }
  }
  const successes = r.dice.some((d) => d.successes !== undefined);
  let out = `${notation}: ${body} = ${r.total}`;
  if (successes) out += r.total === 1 || r.total === -1 ? ' success' : ' successes';
  out += exact;
  const tags = Object.entries(r.tags).filter(([t, n]) => t !== 'crit' && n > 0);
  if (tags.length) out += ` (${tags.map(([t, n]) => `${t}: ${n}`).join(', ')})`;
  return out;
}
