/**
 * Reading the notation stored in a roll. Rolls stored before the normalised spelling was fixed wrote a
 * plain `!` in front of a success target: `5d10!>=8` for `5d10>=8!` (8+ succeeds, a 10 adds a die),
 * which reads back as "explode on 8+, summed". The dice, successes and total stored with the roll are
 * right; only the spelling is not.
 */
import { parseCached } from './expr.ts';
import type { RollResult } from './types.ts';

/** A `!<=N` or `!>=N` that ends its term: in an old success-mode spelling, the target after a plain `!`. */
const OLD_BANG_TARGET = /!(<=|>=)(-?\d+)(?=cs|cf|[+-]|$)/g;

function successMode(text: string): boolean | null {
  try {
    return parseCached(text).mode === 'successes';
  } catch {
    return null;
  }
}

/**
 * The notation a roll was made with, in today's spelling. A roll whose dice count successes was made in
 * success mode, where every dice term has a success target; if its stored notation does not read back
 * that way, it is an old spelling, and each `!<=N` / `!>=N` ending a term is read as the target `<=N` /
 * `>=N` with a plain `!`. Any other notation is returned as it is.
 */
export function rollNotation(r: RollResult): string {
  if (!r.dice.some((d) => d.successes !== undefined) || successMode(r.notation) === true) return r.notation;
  const repaired = r.notation.replace(OLD_BANG_TARGET, '$1$2!');
  return successMode(repaired) === true ? parseCached(repaired).notation : r.notation;
}
