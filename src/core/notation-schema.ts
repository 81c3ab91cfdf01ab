import { z } from 'zod';
import { notationDetails, tryParseTableDice } from './notation.ts';

/**
 * A zod schema for dice notation the engine will roll: trimmed, 1 to `max` characters, parsed by the
 * real parser. Its issue carries the parser's message and `params` `{code: 'dice/notation', details}`
 * (notation, index, pointer), so the rejection (`rejectInvalid`) is `dice/notation` with the caret.
 */
export function diceNotation(max = 100) {
  return z
    .string()
    .trim()
    .min(1, 'dice notation is needed (e.g. 1d20+3)')
    .max(max)
    .superRefine((text, ctx) => {
      const parsed = tryParseTableDice(text);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error.message, params: { code: 'dice/notation', details: notationDetails(parsed.error) } });
    });
}
