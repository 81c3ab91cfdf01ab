/**
 * Dice notation parser (Roll20-style spelling, case-insensitive). Produces the term list and the
 * normalised notation; every error is a DiceNotationError pointing at the offending character.
 */
import { termText } from './ast.ts';
import type { Compare, CompareOp, DiceTerm, DieKind, ExplodeRule, Face, Keep, KeepMode, Term } from './ast.ts';
import { NAMED_DICE, customDie, standardDie } from './die-kinds.ts';
import { DiceNotationError } from './errors.ts';
import { withThousands } from './digits.ts';
import { checkModes, explodesEverywhere } from './parse-checks.ts';
import {
  MAX_CONSTANT,
  MAX_DICE_PER_NOTATION,
  MAX_DICE_PER_TERM,
  MAX_FACES,
  MAX_FACE_VALUE,
  MAX_SIDES,
  MAX_TERMS,
} from './limits.ts';

export interface ParseOptions {
  /**
   * Most dice in the whole notation, all terms together, before explosions (default 1,000,
   * `MAX_DICE_PER_NOTATION`; the engine uses `TABLE_MAX_DICE`). The term that passes it is the error.
   */
  readonly maxDice?: number;
}

export interface ParsedNotation {
  terms: Term[];
  /** Start index of each term in the source text. */
  starts: number[];
}

const TERM = 'a number or dice term';
const MODIFIERS = 'a modifier (!, kh, kl, dh, dl, <=, >=, cs, cf)';

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

function isTagChar(c: string): boolean {
  return (c >= 'a' && c <= 'z') || isDigit(c) || c === '_' || c === '-';
}

const fmt = withThousands;

class Parser {
  private i = 0;
  /** Dice in the terms read so far. */
  private dice = 0;

  constructor(
    private readonly text: string,
    private readonly maxDice: number,
  ) {}

  private peek(): string {
    return this.text[this.i] ?? '';
  }

  private lower(): string {
    return this.peek().toLowerCase();
  }

  private fail(expected: string, at = this.i): never {
    throw new DiceNotationError(this.text, at, expected, 'Unexpected');
  }

  private invalid(at: number, why: string): never {
    throw new DiceNotationError(this.text, at, why, 'Invalid');
  }

  private skipWs(): void {
    while (isSpace(this.peek())) this.i++;
  }

  /** Unsigned integer at the cursor, at most `max`. */
  private uint(what: string, max: number, tooBig: string): number {
    const at = this.i;
    if (!isDigit(this.peek())) this.fail(what);
    while (isDigit(this.peek())) this.i++;
    const digits = this.text.slice(at, this.i);
    const n = digits.length > 12 ? Infinity : Number(digits);
    if (n > max) this.invalid(at, tooBig);
    return n;
  }

  /** Optionally signed integer at the cursor. */
  private int(what: string, max: number, tooBig: string): number {
    const c = this.peek();
    if (c === '-' || c === '+') {
      this.i++;
      const n = this.uint(what, max, tooBig);
      return c === '-' ? (n === 0 ? 0 : -n) : n;
    }
    return this.uint(what, max, tooBig);
  }

  parse(): ParsedNotation {
    this.skipWs();
    if (this.i >= this.text.length) this.fail(`expected ${TERM}`, 0);
    const terms: Term[] = [];
    const starts: number[] = [];
    let sign: 1 | -1 = 1;
    const c0 = this.peek();
    if (c0 === '+' || c0 === '-') {
      sign = c0 === '-' ? -1 : 1;
      this.i++;
      this.skipWs();
    }
    for (;;) {
      if (terms.length >= MAX_TERMS) this.invalid(this.i, `at most ${MAX_TERMS} terms in one notation`);
      starts.push(this.i);
      const term = this.term(sign);
      terms.push(term);
      this.skipWs();
      if (this.i >= this.text.length) break;
      const c = this.peek();
      if (c === '+' || c === '-') {
        sign = c === '-' ? -1 : 1;
        this.i++;
        this.skipWs();
        if (this.i >= this.text.length) this.fail(`expected ${TERM} after '${c}'`);
        continue;
      }
      this.fail(term.kind === 'dice' ? `expected ${MODIFIERS}, '+', '-' or the end` : `expected '+', '-' or the end`);
    }
    checkModes(this.text, terms, starts);
    return { terms, starts };
  }

  private term(sign: 1 | -1): Term {
    const start = this.i;
    let count = 1;
    if (isDigit(this.peek())) {
      const n = this.uint('a number', MAX_CONSTANT, `numbers are limited to ${fmt(MAX_CONSTANT)}`);
      if (this.lower() !== 'd') {
        return { kind: 'const', sign, value: n, text: String(n) };
      }
      if (n === 0) this.invalid(start, 'a dice term needs at least 1 die');
      if (n > MAX_DICE_PER_TERM && MAX_DICE_PER_TERM <= this.maxDice) this.invalid(start, `at most ${fmt(MAX_DICE_PER_TERM)} dice in a term`);
      count = n;
    } else if (this.lower() !== 'd') {
      this.fail(`expected ${TERM}`);
    }
    if (this.dice + count > this.maxDice) {
      const why = `at most ${fmt(this.maxDice)} dice in one roll`;
      this.invalid(start, this.dice === 0 ? why : `${why}, and this term brings it to ${fmt(this.dice + count)}`);
    }
    this.dice += count;
    this.i++; // the 'd'
    const die = this.die();
    return this.modifiers(sign, count, die);
  }

  private die(): DieKind {
    const c = this.peek();
    const at = this.i;
    if (isDigit(c)) {
      const sides = this.uint('a number', MAX_SIDES, `at most ${fmt(MAX_SIDES)} sides on a die`);
      if (sides === 0) this.invalid(at, 'a die needs at least 1 side');
      return standardDie(sides);
    }
    if (c === '%') {
      this.i++;
      return standardDie(100);
    }
    if (c === '{') return this.faces();
    const up = c.toUpperCase();
    if (up >= 'A' && up <= 'Z') {
      const named = NAMED_DICE[up];
      if (!named) this.invalid(at, `unknown named die 'd${up}': expected the number of sides, %, {faces} or dC, dK, dF`);
      this.i++;
      return named;
    }
    return this.fail(`expected the number of sides, %, {faces} or a named die (dC, dK, dF) after 'd'`);
  }

  private faces(): DieKind {
    this.i++; // '{'
    const faces: Face[] = [];
    for (;;) {
      this.skipWs();
      if (faces.length >= MAX_FACES) this.invalid(this.i, `at most ${fmt(MAX_FACES)} faces on a die`);
      const value = this.int('expected a face value (a whole number)', MAX_FACE_VALUE, `face values are limited to ±${fmt(MAX_FACE_VALUE)}`);
      const tags: string[] = [];
      while (this.peek() === ':') {
        this.i++;
        const at = this.i;
        if (!(this.lower() >= 'a' && this.lower() <= 'z')) this.fail(`expected a tag name after ':' (a letter, then letters, digits, - or _)`);
        while (isTagChar(this.lower())) this.i++;
        const tag = this.text.slice(at, this.i).toLowerCase();
        if (!tags.includes(tag)) tags.push(tag);
      }
      let explodes = false;
      if (this.peek() === '!') {
        explodes = true;
        this.i++;
      }
      faces.push({ value, tags, explodes });
      this.skipWs();
      const c = this.peek();
      this.i++;
      if (c === ',') continue;
      if (c === '}') break;
      this.i--;
      this.fail(`expected ',' or '}' (a face is a number, then optional :tags, then an optional !)`);
    }
    return customDie(faces);
  }

  /** A comparison: `<=N`, `>=N`, `=N`, or (if `bare`) just `N` meaning `=N`. Null if none and optional. */
  private compare(bare: boolean, required: boolean): Compare | null {
    const at = this.i;
    const c = this.peek();
    let op: CompareOp;
    if (c === '<' || c === '>') {
      this.i++;
      if (this.peek() !== '=') {
        this.invalid(at, `'${c}' alone is ambiguous (Roll20 reads it as '${c}=', others as strict '${c}'): write ${c}= instead`);
      }
      this.i++;
      op = c === '<' ? '<=' : '>=';
    } else if (c === '=') {
      this.i++;
      op = '=';
    } else if (bare && isDigit(c)) {
      op = '=';
    } else if (required) {
      return this.fail('expected a comparison: <=N, >=N or =N');
    } else {
      return null;
    }
    if (this.i > at) this.skipWs();
    const n = this.int('expected a number', MAX_FACE_VALUE, `targets are limited to ±${fmt(MAX_FACE_VALUE)}`);
    return { op, n };
  }

  private modifiers(sign: 1 | -1, count: number, die: DieKind): DiceTerm {
    let explode: ExplodeRule | undefined;
    let explodeAt = -1;
    let keep: Keep | null = null;
    let keepAt = -1;
    let success: Compare | null = null;
    let crit: Compare | null = null;
    let fail: Compare | null = null;
    for (;;) {
      this.skipWs();
      const at = this.i;
      const c = this.lower();
      if (c === '!') {
        if (explode !== undefined) this.invalid(at, 'only one explosion (!) per term');
        this.i++;
        if (this.peek() === '!') this.invalid(this.i, "compounding explosions ('!!') are not supported: use '!' (extra dice are added one by one)");
        if (this.lower() === 'p') this.invalid(this.i, "penetrating explosions ('!p') are not supported");
        explode = this.compare(true, false) ?? 'max';
        explodeAt = at;
      } else if (c === 'k' || c === 'd') {
        if (keep) this.invalid(at, 'only one keep/drop modifier (kh, kl, dh, dl) per term');
        this.i++;
        const hl = this.lower();
        let mode: KeepMode;
        if (hl === 'h' || hl === 'l') {
          this.i++;
          mode = `${c}${hl}` as KeepMode;
        } else if (c === 'k') {
          mode = 'kh';
        } else {
          return this.fail(`expected 'h' or 'l' after 'd' (dh N drops the highest N, dl N the lowest N)`);
        }
        keepAt = this.i;
        const n = this.uint(`expected how many dice to ${c === 'k' ? 'keep' : 'drop'}`, MAX_DICE_PER_TERM, `cannot ${c === 'k' ? 'keep' : 'drop'} that many: the term rolls ${count}`);
        keep = { mode, n };
      } else if (c === '<' || c === '>') {
        if (success) this.invalid(at, 'only one success target (<=N or >=N) per term');
        success = this.compare(false, true);
      } else if (c === 'c') {
        this.i++;
        const which = this.lower();
        if (which !== 's' && which !== 'f') this.fail(`expected 's' or 'f' after 'c' (cs marks crits, cf complications)`);
        if ((which === 's' ? crit : fail) !== null) this.invalid(at, `only one c${which} per term`);
        this.i++;
        const cmp = this.compare(true, true);
        if (which === 's') crit = cmp;
        else fail = cmp;
      } else {
        break;
      }
    }
    if (keep) {
      const dropping = keep.mode === 'dh' || keep.mode === 'dl';
      if (!dropping && keep.n < 1) this.invalid(keepAt, 'keep at least 1 die');
      if (!dropping && keep.n > count) this.invalid(keepAt, `cannot keep ${keep.n} of ${count} dice (expected 1..${count})`);
      if (dropping && keep.n >= count) this.invalid(keepAt, `cannot drop ${keep.n} of ${count} dice: at least one must stay (expected 0..${count - 1})`);
    }
    const rule = explode ?? null;
    if (explodesEverywhere(die, rule)) {
      this.invalid(explodeAt >= 0 ? explodeAt : this.i - 1, 'every face of this die explodes, so the roll would never end');
    }
    const parts = { count, die, explode: rule, keep, success, crit, fail };
    return { kind: 'dice', sign, ...parts, text: termText(parts) };
  }
}

export function parseNotation(text: string, options: ParseOptions = {}): ParsedNotation {
  if (typeof text !== 'string') throw new TypeError('dice notation must be a string');
  return new Parser(text, options.maxDice ?? MAX_DICE_PER_NOTATION).parse();
}
