import { z } from 'zod';

/**
 * What text a command may hold. Every string (and object key) of every command: no control characters
 * other than tab and newline (NUL included), no bidirectional overrides or isolates (they make the rest
 * of a log line read backwards), and none of U+E000 to U+E00F, which the log reserves as markers.
 * Names (combatants, sides, the encounter's title) are also normalised (NFC, trimmed) and need at
 * least one visible character. Free text (labels, notes, condition names) keeps any other Unicode.
 */

/** The private-use characters the log reserves for its markers (`log-text.ts`). */
export const RESERVED_CHARACTERS = /[\uE000-\uE00F]/u;
/** Control characters other than tab and newline. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;
/** Any control character: a name is one line. */
const CONTROL_IN_NAME = /\p{Cc}/u;
/** Bidirectional embeddings, overrides (U+202A to U+202E) and isolates (U+2066 to U+2069). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/**
 * Characters that show nothing on their own: spaces, controls, format characters (zero-width space,
 * joiners, marks), combining marks, default-ignorable code points (Hangul fillers, variation
 * selectors) and the blank Braille pattern.
 */
const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/gu;

const codePoint = (ch: string): string => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why this free text cannot be stored, or null. */
export function textProblem(text: string): string | null {
  let m = RESERVED_CHARACTERS.exec(text);
  if (m) return `contains ${codePoint(m[0])}, a character Turnkeeper reserves for its log (U+E000 to U+E00F): remove it`;
  m = CONTROL_IN_TEXT.exec(text);
  if (m) return `contains ${codePoint(m[0])}, a control character: text may hold tabs and line breaks, no other control characters`;
  m = BIDI_CONTROL.exec(text);
  if (m) return `contains ${codePoint(m[0])}, a right-to-left or left-to-right override: it would make the text after it read backwards, so remove it`;
  return null;
}

/** A name as stored: NFC, trimmed. */
export function normaliseName(name: string): string {
  return name.normalize('NFC').trim();
}

/** Why this (normalised) name cannot be used, in a sentence, or null. */
export function nameProblem(name: string): string | null {
  const m = CONTROL_IN_NAME.exec(name);
  if (m) return `A name cannot contain control characters (it contains ${codePoint(m[0])}).`;
  const bidi = BIDI_CONTROL.exec(name);
  if (bidi) return `A name cannot contain ${codePoint(bidi[0])}, a right-to-left or left-to-right override: it makes the text after the name read backwards.`;
  const reserved = RESERVED_CHARACTERS.exec(name);
  if (reserved) return `A name cannot contain ${codePoint(reserved[0])}: U+E000 to U+E00F are reserved for the log.`;
  if (name.replace(INVISIBLE, '') === '') return 'A name needs at least one visible character.';
  return null;
}

/**
 * A zod schema for a name: NFC, trimmed, at most `max` characters, with a visible character and no
 * control or override characters. Its issues carry `params.code` `name/invalid`, so the rejection
 * says what is wrong with the name (`rejectInvalid`).
 */
export function nameSchema(max = 80) {
  return z
    .string()
    .normalize('NFC')
    .trim()
    .max(max)
    .superRefine((name, ctx) => {
      const problem = nameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { code: 'name/invalid' } });
    });
}

/** The encounter's title: a name, or empty for none. */
export function titleSchema(max = 200) {
  return z
    .string()
    .normalize('NFC')
    .trim()
    .max(max)
    .superRefine((title, ctx) => {
      const problem = title === '' ? null : nameProblem(title);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.replace(/^A name/, 'A title'), params: { code: 'name/invalid' } });
    });
}

/** `text` with every character `textProblem` refuses written as its code point, for a message. */
export function printable(text: string): string {
  return text.replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069\uE000-\uE00F]/gu, (ch) => `<${codePoint(ch)}>`);
}

/** Deeper than any command needs (`stats.weapons.0.shock.damage` is 5 levels). */
export const MAX_COMMAND_DEPTH = 32;

/**
 * The first string or key anywhere in `value` that `textProblem` refuses, with its path; or null.
 * Nesting deeper than `maxDepth` levels is refused too (a stored event wraps what its command held in
 * a few levels more, so an import's check allows more than a command's).
 */
export function findTextProblem(value: unknown, depth = 0, maxDepth = MAX_COMMAND_DEPTH): { path: string; problem: string } | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path: '', problem } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= maxDepth) return { path: '', problem: `nests more than ${maxDepth} levels deep` };
  // Plain loops: this runs on every command, so it allocates nothing unless it finds something.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const inner = findTextProblem(value[i], depth + 1, maxDepth);
      if (inner) return { path: inner.path ? `${i}.${inner.path}` : String(i), problem: inner.problem };
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const problem = textProblem(key);
    if (problem) return { path: printable(key), problem: `(a key) ${problem}` };
    const inner = findTextProblem((value as Record<string, unknown>)[key], depth + 1, maxDepth);
    if (inner) return { path: inner.path ? `${printable(key)}.${inner.path}` : printable(key), problem: inner.problem };
  }
  return null;
}
