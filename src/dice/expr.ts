/** The compiled, parse-once dice expression, and parseDice / tryParseDice / rollDice. */
import type { DiceTerm, Term } from './ast.ts';
import { DiceNotationError } from './errors.ts';
import { parseNotation } from './parse.ts';
import type { ParseOptions } from './parse.ts';
import type { Prng } from './prng.ts';
import { termRoller } from './roll-term.ts';
import type { TermRoller } from './roll-term.ts';
import { TermModel } from './term-model.ts';
import { isFlat, leaves, treeText } from './tree.ts';
import type { SumNode } from './tree.ts';
import { evaluate, floorFrac } from './tree-eval.ts';
import type { RollResult } from './types.ts';

export class DiceExpr {
  /** Normalised notation, e.g. '1d20+3', '4d6kh3', '2d20<=12cs<=1'. */
  readonly notation: string;
  /** The arithmetic tree (tree.ts); a plain notation is a sum of terms. */
  readonly root: SumNode;
  /** Whether the notation is a plain sum of terms (no `*`, `/`, brackets or functions). */
  readonly flat: boolean;
  /** The terms, left to right; in a plain sum each carries its sign. */
  readonly terms: readonly Term[];
  /** One model per dice term, in order (constants have none). */
  readonly models: readonly TermModel[];
  /** In a plain sum, the sum of the constant terms with their signs (0 otherwise). */
  readonly constant: number;
  /** 'successes' when the dice terms count successes, else 'sum'. */
  readonly mode: 'sum' | 'successes';
  /** @internal The compiled roller; use rollDice(expr, rng). */
  readonly roll: (rng: Prng) => RollResult;

  /** @internal Use parseDice. */
  constructor(root: SumNode) {
    this.root = root;
    this.flat = isFlat(root);
    const terms = leaves(root);
    this.terms = Object.freeze(terms);
    this.notation = treeText(root);
    const dice = terms.filter((t): t is DiceTerm => t.kind === 'dice');
    this.models = Object.freeze(dice.map((t) => new TermModel(t)));
    this.constant = this.flat ? terms.reduce((c, t) => (t.kind === 'const' ? (t.sign < 0 ? c - t.value : c + t.value) : c), 0) : 0;
    this.mode = dice.some((t) => t.success) ? 'successes' : 'sum';
    this.roll = this.flat ? compile(this.notation, this.models, this.constant) : compileTree(this);
  }

  /**
   * @internal The notation's result from its dice terms' totals (unsigned, in order): the signed sum for
   * a plain notation, else the tree's exact value rounded down.
   */
  combine(diceTotals: readonly number[]): number {
    if (this.flat) {
      let total = this.constant;
      this.models.forEach((m, i) => (total += m.sign * diceTotals[i]!));
      return total;
    }
    let k = 0;
    return Number(floorFrac(evaluate(this.root, (t) => (t.kind === 'dice' ? diceTotals[k++]! : 0))));
  }

  /** Whether some die can explode. */
  get explodes(): boolean {
    return this.models.some((m) => m.canExplode);
  }

  toJSON(): string {
    return this.notation;
  }

  toString(): string {
    return this.notation;
  }
}

function compile(notation: string, models: readonly TermModel[], c: number): (rng: Prng) => RollResult {
  const rollers: TermRoller[] = models.map(termRoller);
  const signs = models.map((m) => m.sign);
  if (rollers.length === 0) {
    return () => ({ notation, total: c, dice: [], tags: {}, source: 'engine' });
  }
  if (rollers.length === 1) {
    const r0 = rollers[0]!;
    if (signs[0] === 1) {
      return (rng) => {
        const dice: RollResult['dice'] = [];
        const tags: Record<string, number> = {};
        const total = c + r0(rng, dice, tags);
        return { notation, total, dice, tags, source: 'engine' };
      };
    }
    return (rng) => {
      const dice: RollResult['dice'] = [];
      const tags: Record<string, number> = {};
      const total = c - r0(rng, dice, tags);
      return { notation, total, dice, tags, source: 'engine' };
    };
  }
  return (rng) => {
    const dice: RollResult['dice'] = [];
    const tags: Record<string, number> = {};
    let total = c;
    for (let i = 0; i < rollers.length; i++) {
      const t = rollers[i]!(rng, dice, tags);
      total = signs[i] === 1 ? total + t : total - t;
    }
    return { notation, total, dice, tags, source: 'engine' };
  };
}

/** Rolls every dice term in order, then combines their totals through the tree. */
function compileTree(expr: DiceExpr): (rng: Prng) => RollResult {
  const rollers: TermRoller[] = expr.models.map(termRoller);
  return (rng) => {
    const dice: RollResult['dice'] = [];
    const tags: Record<string, number> = {};
    const totals = rollers.map((r) => r(rng, dice, tags));
    return { notation: expr.notation, total: expr.combine(totals), dice, tags, source: 'engine' };
  };
}

/** Parses a notation once; throws DiceNotationError. */
export function parseDice(text: string, options?: ParseOptions): DiceExpr {
  return new DiceExpr(parseNotation(text, options).root);
}

export function tryParseDice(text: string, options?: ParseOptions): { ok: true; expr: DiceExpr } | { ok: false; error: DiceNotationError } {
  try {
    return { ok: true, expr: parseDice(text, options) };
  } catch (e) {
    if (e instanceof DiceNotationError) return { ok: false, error: e };
    throw e;
  }
}

/** Rolls a parsed expression with the given generator (advancing it). */
export function rollDice(expr: DiceExpr, rng: Prng): RollResult {
  return expr.roll(rng);
}

const cache = new Map<string, DiceExpr>();

/** parseDice with a small cache, for notations that come back often (formatting, odds). */
export function parseCached(text: string): DiceExpr {
  let e = cache.get(text);
  if (!e) {
    e = parseDice(text);
    if (cache.size >= 256) cache.delete(cache.keys().next().value!);
    cache.set(text, e);
  }
  return e;
}
