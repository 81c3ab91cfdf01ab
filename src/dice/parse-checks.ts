/** Whole-term and whole-notation checks the parser runs after reading the text. */
import { matches } from './ast.ts';
import type { Compare, DieKind, ExplodeRule, Reroll, Term } from './ast.ts';
import { maxValue } from './die-kinds.ts';
import { DiceNotationError } from './errors.ts';

/** How many of the values 1..sides match `c`. */
export function countMatching(c: Compare, sides: number): number {
  const clamp = (n: number): number => Math.max(0, Math.min(sides, n));
  switch (c.op) {
    case '<=':
      return clamp(c.n);
    case '>=':
      return clamp(sides - c.n + 1);
    case '=':
      return c.n >= 1 && c.n <= sides ? 1 : 0;
    default:
      return c.n >= 1 && c.n <= sides ? sides - 1 : sides;
  }
}

/** Whether a re-roll until `when` matches every face of `die` (it would never stop). */
export function rerollsEverywhere(die: DieKind, when: Compare): boolean {
  if (!die.faces) return countMatching(when, die.sides) === die.sides;
  return die.faces.every((f) => matches(when, f.value));
}

/**
 * Whether every face of `die` that a roll can end on explodes under `rule` (which would never stop).
 * A re-roll until (`r`) leaves only the faces it does not match; a re-roll once (`ro`) leaves them all.
 */
export function explodesEverywhere(die: DieKind, rule: ExplodeRule, reroll: Reroll | null = null): boolean {
  const until = reroll && !reroll.once ? reroll.when : null;
  if (!die.faces) {
    if (rule === null) return false;
    const cmp: Compare = rule === 'max' ? { op: '=', n: die.sides } : rule;
    if (until === null) return countMatching(cmp, die.sides) === die.sides;
    // The faces that neither re-roll nor explode form intervals whose ends are among these.
    const ends = [1, die.sides, until.n - 1, until.n, until.n + 1, cmp.n - 1, cmp.n, cmp.n + 1];
    return !ends.some((f) => f >= 1 && f <= die.sides && !matches(until, f) && !matches(cmp, f));
  }
  const top = maxValue(die);
  return die.faces.every((f) => {
    if (until && matches(until, f.value)) return true;
    return rule === null ? f.explodes : rule === 'max' ? f.value === top : matches(rule, f.value);
  });
}

/** Success-counting and summed dice terms cannot be mixed. */
export function checkModes(text: string, terms: readonly Term[], starts: readonly number[]): void {
  let mode: 'sum' | 'successes' | null = null;
  terms.forEach((t, i) => {
    if (t.kind !== 'dice') return;
    const m = t.success ? 'successes' : 'sum';
    if (mode === null) mode = m;
    else if (mode !== m) {
      throw new DiceNotationError(text, starts[i] ?? 0, 'cannot mix success counting (<=N, >=N, =N, <>N) and summed dice in one notation', 'Invalid');
    }
  });
}
