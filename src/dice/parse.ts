/**
 * Dice notation parser (Roll20 / rpg-dice-roller spelling, case-insensitive). Produces the tree of
 * terms (tree.ts) and the normalised notation; every error is a DiceNotationError pointing at the
 * offending character.
 *
 *   sum     := [+|-] product ((+|-) product)*
 *   product := factor ((*|/) [+|-] factor)*
 *   factor  := number | dice term | ( sum ) | floor( sum ) | ceil( sum ) | round( sum )
 */
import type { Term } from './ast.ts';
import { withThousands } from './digits.ts';
import { MAX_DICE_PER_NOTATION, MAX_NESTING, MAX_RESULT, MAX_TERMS } from './limits.ts';
import { checkModes } from './parse-checks.ts';
import { MODIFIERS, TERM, TermParser } from './parse-term.ts';
import { containsZero, nodeRange } from './ranges.ts';
import { FUNCTIONS, render, withSign } from './tree.ts';
import type { Fn, Node, SumNode } from './tree.ts';

export interface ParseOptions {
  /**
   * Most dice in the whole notation, all terms together, before explosions (default 1,000,
   * `MAX_DICE_PER_NOTATION`; the engine uses `TABLE_MAX_DICE`). The term that passes it is the error.
   */
  readonly maxDice?: number;
}

export interface ParsedNotation {
  root: SumNode;
  /** The terms, left to right. */
  terms: Term[];
  /** Start index of each term in the source text. */
  starts: number[];
}

const OPERATORS = `'+', '-', '*', '/'`;

/** A bracketed sum as one operand: its only part if that is positive, else the sum itself. */
function operand(parts: Node[]): Node {
  return parts.length === 1 && parts[0]!.sign === 1 ? parts[0]! : { kind: 'sum', sign: 1, parts };
}

function describe(n: Node): string {
  return render(n, (t) => t.text);
}

class Parser extends TermParser {
  private readonly terms: Term[] = [];
  private readonly starts: number[] = [];
  /** Whether the last thing read was a dice term (it may take modifiers). */
  private lastDice = false;

  parse(): ParsedNotation {
    this.skipWs();
    if (this.atEnd()) this.fail(`expected ${TERM}`, 0);
    const parts = this.sum(0);
    if (!this.atEnd()) this.expectedAfter('or the end');
    checkModes(this.text, this.terms, this.starts);
    return { root: { kind: 'sum', sign: 1, parts }, terms: this.terms, starts: this.starts };
  }

  private expectedAfter(end: string): never {
    const c = this.peek();
    if (c === ')') this.fail(`this ')' closes no '('`);
    return this.fail(this.lastDice ? `expected ${MODIFIERS}, ${OPERATORS} ${end}` : `expected ${OPERATORS} ${end}`);
  }

  /** A sum's parts, each with its sign; bracketed sums among them are flattened into it. */
  private sum(depth: number): Node[] {
    const parts: Node[] = [];
    let sign: 1 | -1 = 1;
    const c0 = this.peek();
    if (c0 === '+' || c0 === '-') {
      sign = c0 === '-' ? -1 : 1;
      this.i++;
      this.skipWs();
    }
    for (;;) {
      this.product(sign, depth, parts);
      this.skipWs();
      const c = this.peek();
      if (c !== '+' && c !== '-') return parts;
      sign = c === '-' ? -1 : 1;
      this.i++;
      this.skipWs();
      if (this.atEnd()) this.fail(`expected ${TERM} after '${c}'`);
    }
  }

  private product(sign: 1 | -1, depth: number, into: Node[]): void {
    const first = this.factor(depth);
    this.skipWs();
    if (this.peek() !== '*' && this.peek() !== '/') {
      for (const p of first) into.push(withSign(p, (p.sign * sign) as 1 | -1));
      return;
    }
    let left = operand(first);
    while (this.peek() === '*' || this.peek() === '/') {
      const at = this.i;
      const op = this.peek() as '*' | '/';
      this.i++;
      this.skipWs();
      if (this.atEnd()) this.fail(`expected ${TERM} after '${op}'`);
      let s: 1 | -1 = 1;
      if (this.peek() === '-' || this.peek() === '+') {
        s = this.peek() === '-' ? -1 : 1;
        this.i++;
        this.skipWs();
      }
      const right = operand(this.factor(depth).map((p) => withSign(p, (p.sign * s) as 1 | -1)));
      if (op === '/') {
        const r = nodeRange(right);
        if (containsZero(r)) {
          const span = r.lo === r.hi ? '' : ` (it goes from ${withThousands(r.lo)} to ${withThousands(r.hi)})`;
          this.invalid(at, `cannot divide by ${describe(right)}: it can be 0${span}; a divisor must stay above 0 or below 0`);
        }
      }
      left = { kind: 'op', sign: 1, op, left, right };
      const r = nodeRange(left);
      const reach = Math.max(Math.abs(r.lo), Math.abs(r.hi));
      if (!(reach <= MAX_RESULT)) {
        this.invalid(at, `${describe(left)} can reach ${Number.isFinite(reach) ? withThousands(Math.round(reach)) : 'more than any number'}: values are limited to ±${withThousands(MAX_RESULT)}`);
      }
      this.skipWs();
    }
    into.push(withSign(left, sign));
  }

  /** One factor, as the parts of a sum: a term or a function is one positive part, a bracket its sum's parts. */
  private factor(depth: number): Node[] {
    const at = this.i;
    const c = this.lower();
    if (c === '(') {
      this.i++;
      return this.group(at, depth, '(');
    }
    if (c >= 'a' && c <= 'z' && c !== 'd') {
      while (this.lower() >= 'a' && this.lower() <= 'z') this.i++;
      const name = this.text.slice(at, this.i).toLowerCase();
      if (!(FUNCTIONS as readonly string[]).includes(name)) {
        this.skipWs();
        if (this.peek() !== '(') this.fail(`expected ${TERM}`, at);
        this.invalid(at, `unknown function '${name}': the functions are floor(...), ceil(...) and round(...)`);
      }
      this.skipWs();
      if (this.peek() !== '(') this.fail(`expected '(' after ${name}`);
      this.i++;
      const arg = operand(this.group(at, depth, `${name}(`));
      return [{ kind: 'fn', sign: 1, fn: name as Fn, arg }];
    }
    if (this.terms.length >= MAX_TERMS) this.invalid(at, `at most ${MAX_TERMS} terms in one notation`);
    const start = this.i;
    const term = this.term(1);
    this.terms.push(term);
    this.starts.push(start);
    this.lastDice = term.kind === 'dice';
    return [term];
  }

  /** The sum inside a bracket whose '(' was just read; `open` is what opened it, at `at`. */
  private group(at: number, depth: number, open: string): Node[] {
    if (depth >= MAX_NESTING) this.invalid(at, `at most ${MAX_NESTING} brackets or functions inside one another`);
    this.skipWs();
    if (this.atEnd()) this.fail(`expected ${TERM} after '${open}'`);
    const parts = this.sum(depth + 1);
    this.skipWs();
    if (this.peek() !== ')') this.expectedAfter(`or ')' to close the '${open}' at position ${at + 1}`);
    this.i++;
    this.lastDice = false;
    return parts;
  }
}

export function parseNotation(text: string, options: ParseOptions = {}): ParsedNotation {
  if (typeof text !== 'string') throw new TypeError('dice notation must be a string');
  return new Parser(text, options.maxDice ?? MAX_DICE_PER_NOTATION).parse();
}
