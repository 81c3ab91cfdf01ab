/** The parser's cursor over the notation: characters, numbers, comparisons, and errors at a position. */
import type { Compare, CompareOp } from './ast.ts';
import { withThousands } from './digits.ts';
import { DiceNotationError } from './errors.ts';
import { MAX_FACE_VALUE } from './limits.ts';

export function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

export const fmt = withThousands;

export class Scanner {
  protected i = 0;

  constructor(protected readonly text: string) {}

  protected peek(at = this.i): string {
    return this.text[at] ?? '';
  }

  protected lower(at = this.i): string {
    return this.peek(at).toLowerCase();
  }

  protected fail(expected: string, at = this.i): never {
    throw new DiceNotationError(this.text, at, expected, 'Unexpected');
  }

  protected invalid(at: number, why: string): never {
    throw new DiceNotationError(this.text, at, why, 'Invalid');
  }

  protected skipWs(): void {
    while (isSpace(this.peek())) this.i++;
  }

  protected atEnd(): boolean {
    return this.i >= this.text.length;
  }

  /** Unsigned integer at the cursor, at most `max`. */
  protected uint(what: string, max: number, tooBig: string): number {
    const at = this.i;
    if (!isDigit(this.peek())) this.fail(what);
    while (isDigit(this.peek())) this.i++;
    const digits = this.text.slice(at, this.i);
    const n = digits.length > 12 ? Infinity : Number(digits);
    if (n > max) this.invalid(at, tooBig);
    return n;
  }

  /** Optionally signed integer at the cursor. */
  protected int(what: string, max: number, tooBig: string): number {
    const c = this.peek();
    if (c === '-' || c === '+') {
      this.i++;
      const n = this.uint(what, max, tooBig);
      return c === '-' ? (n === 0 ? 0 : -n) : n;
    }
    return this.uint(what, max, tooBig);
  }

  /**
   * A comparison: `<=N`, `>=N`, `=N`, `<>N`, or (if `bare`) just `N` meaning `=N`. `!=N` is read as
   * `<>N` only where `notEqualBang` says so (after a letter: `f!=1`, `r!=3`); elsewhere a `!` is an
   * explosion. Null if there is none and it is optional.
   */
  protected compare(bare: boolean, required: boolean, notEqualBang = false): Compare | null {
    const at = this.i;
    const c = this.peek();
    let op: CompareOp;
    if (c === '<' && this.peek(at + 1) === '>') {
      this.i += 2;
      op = '<>';
    } else if (c === '!' && notEqualBang && this.peek(at + 1) === '=') {
      this.i += 2;
      op = '<>';
    } else if (c === '<' || c === '>') {
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
      return this.fail('expected a comparison: <=N, >=N, =N or <>N');
    } else {
      return null;
    }
    if (this.i > at) this.skipWs();
    const n = this.int('expected a number', MAX_FACE_VALUE, `targets are limited to ±${fmt(MAX_FACE_VALUE)}`);
    return { op, n };
  }
}
