/** Errors raised by the dice engine. */

/** Longest stretch of notation quoted in a message or pointer; longer notations are windowed. */
const WINDOW = 72;

/** The part of `text` shown around `index`, and where `index` lands in it. */
function excerpt(text: string, index: number): { shown: string; at: number } {
  if (text.length <= WINDOW) return { shown: text, at: index };
  const half = Math.floor(WINDOW / 2);
  const start = Math.max(0, Math.min(index - half, text.length - WINDOW));
  let shown = text.slice(start, start + WINDOW);
  let at = index - start;
  if (start > 0) {
    shown = '…' + shown;
    at += 1;
  }
  if (start + WINDOW < text.length) shown += '…';
  return { shown, at };
}

/** Characters that would not show (or would garble the message) if quoted as they are. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\p{Zs}]/u;

function describeChar(text: string, index: number): string {
  if (index >= text.length) return 'end of notation';
  const code = text.codePointAt(index)!;
  const ch = String.fromCodePoint(code);
  if (ch === ' ') return "' ' (a space)";
  if (UNPRINTABLE.test(ch)) return `U+${code.toString(16).toUpperCase().padStart(4, '0')} (an invisible character)`;
  return `'${ch}'`;
}

/**
 * A notation that cannot be parsed. `index` is the 0-based position of the offending character
 * (text.length for "ended too early"); the message says what was found and what was expected.
 */
export class DiceNotationError extends Error {
  readonly code = 'dice/notation';
  readonly notation: string;
  readonly index: number;
  /** What was wrong or expected at `index`, e.g. "expected a number or dice term". */
  readonly detail: string;

  constructor(notation: string, index: number, detail: string, kind: 'Unexpected' | 'Invalid' = 'Unexpected') {
    const { shown } = excerpt(notation, index);
    const what = describeChar(notation, index);
    const message =
      notation.trim() === ''
        ? `Empty dice notation: ${detail}`
        : `${kind} ${what} at position ${index + 1} in "${shown}": ${detail}`;
    super(message);
    this.name = 'DiceNotationError';
    this.notation = notation;
    this.index = index;
    this.detail = detail;
  }

  /** The notation with a caret under the offending character (two lines). */
  get pointer(): string {
    const { shown, at } = excerpt(this.notation, this.index);
    return `${shown}\n${' '.repeat(Math.max(0, at))}^`;
  }
}

/** An exact distribution that would take too long or too much memory to compute. */
export class DiceOddsError extends Error {
  readonly code = 'dice/too-costly';
  readonly notation: string;

  constructor(notation: string, detail: string) {
    super(`Cannot compute exact odds for "${notation}": ${detail}`);
    this.name = 'DiceOddsError';
    this.notation = notation;
  }
}
