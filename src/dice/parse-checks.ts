/** Whole-term and whole-notation checks the parser runs after reading the text. */
import type { DieKind, ExplodeRule, Term } from './ast.ts';
import { maxValue } from './die-kinds.ts';
import { DiceNotationError } from './errors.ts';

/** Whether every face of `die` explodes under `rule` (which would never stop). */
export function explodesEverywhere(die: DieKind, rule: ExplodeRule): boolean {
  if (!die.faces) {
    if (rule === null) return false;
    if (rule === 'max') return die.sides === 1;
    if (rule.op === '>=') return rule.n <= 1;
    if (rule.op === '<=') return rule.n >= die.sides;
    return die.sides === 1 && rule.n === 1;
  }
  const top = maxValue(die);
  return die.faces.every((f) =>
    rule === null ? f.explodes : rule === 'max' ? f.value === top : rule.op === '<=' ? f.value <= rule.n : rule.op === '>=' ? f.value >= rule.n : f.value === rule.n,
  );
}

/** Success-counting and summed dice terms cannot be mixed. */
export function checkModes(text: string, terms: Term[], starts: number[]): void {
  let mode: 'sum' | 'successes' | null = null;
  terms.forEach((t, i) => {
    if (t.kind !== 'dice') return;
    const m = t.success ? 'successes' : 'sum';
    if (mode === null) mode = m;
    else if (mode !== m) {
      throw new DiceNotationError(text, starts[i] ?? 0, 'cannot mix success counting (<=N, >=N) and summed dice in one notation', 'Invalid');
    }
  });
}
