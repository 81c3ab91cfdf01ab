import { DiceNotationError, diceLimits, parseDice } from '../dice/index.ts';
import type { tryParseDice } from '../dice/index.ts';
import type { DiceExpr } from '../dice/index.ts';
import type { Decision, Rejection } from './rejection.ts';

/**
 * Dice notation typed by a GM (a weapon's damage, an initiative formula, an attack's roll) is checked by
 * the real parser when it is given, with the engine's limit on dice in one roll, so a bad notation is a
 * `dice/notation` rejection pointing at the character instead of an error deep inside `decide`.
 */
export const TABLE_MAX_DICE = diceLimits.TABLE_MAX_DICE;
const TABLE = { maxDice: TABLE_MAX_DICE } as const;

/** Parsed notations, by text: the same few come back on every attack (checked, then rolled). */
const cache = new Map<string, DiceExpr>();
const CACHE_SIZE = 512;

/** Parse a notation the engine will roll (cached: a DiceExpr is immutable); throws DiceNotationError. */
export function parseTableDice(text: string): DiceExpr {
  let expr = cache.get(text);
  if (!expr) {
    expr = parseDice(text, TABLE);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(text, expr);
  }
  return expr;
}

export function tryParseTableDice(text: string): ReturnType<typeof tryParseDice> {
  try {
    return { ok: true, expr: parseTableDice(text) };
  } catch (e) {
    if (e instanceof DiceNotationError) return { ok: false, error: e };
    throw e;
  }
}

/** What a `dice/notation` rejection carries in `details`. */
export interface NotationDetails {
  readonly notation: string;
  /** 0-based position of the offending character (the notation's length if it ended too early). */
  readonly index: number;
  /** The notation and a caret under that character, on two lines. */
  readonly pointer: string;
  /** Where the notation was, e.g. `stats.weapons.0.damage` (absent when it came from the rules). */
  readonly path?: string;
}

export function notationDetails(error: DiceNotationError, path?: string): NotationDetails {
  return { notation: error.notation, index: error.index, pointer: error.pointer, ...(path ? { path } : {}) };
}

/** The rejection for a bad notation: the parser's message (position included) and the caret in `details`. */
export function notationRejection(error: DiceNotationError, where?: string): Decision<never> {
  return { ok: false, rejection: notationProblem(error, where) };
}

/** The same, as the bare Rejection value. */
export function notationProblem(error: DiceNotationError, where?: string): Rejection {
  return { code: 'dice/notation', message: `${where ? `${where}: ` : ''}${error.message}.`, details: { ...notationDetails(error, where) } };
}

export { DiceNotationError };
