import { diceLimits, tryParseDice } from '../../../dice/index.ts';
import { MAX_AMOUNT } from '../../shared/bounds.ts';
import { readTyped } from '../dialogs/typed-dice.ts';

/** What the damage bar's box holds: an amount (7), or dice for the engine to roll (2d6), or what is wrong. */
export type AmountRead = { ok: true; amount: number } | { ok: true; notation: string } | { ok: false; message: string };

/**
 * The damage bar's box read: a whole number is the amount; dice notation ("2d6", "1d8+2") is rolled
 * by the engine with the encounter's dice (or the faces typed in), the roll recorded in the event.
 */
export function readAmount(text: string, mode: 'damage' | 'heal'): AmountRead {
  const t = text.trim();
  const more = mode === 'heal' ? 'healing' : 'damage';
  if (t === '') return { ok: false, message: `Type the ${more} first: a number (7) or dice to roll (2d6).` };
  if (/^-?\d+$/.test(t)) {
    const n = Number(t);
    if (n < 0) return { ok: false, message: `Type the ${more} as a number of 0 or more (7), or dice to roll (2d6).` };
    if (n > MAX_AMOUNT) return { ok: false, message: `That is more ${more} than any fight needs.` };
    return { ok: true, amount: n };
  }
  const parsed = tryParseDice(t, { maxDice: diceLimits.TABLE_MAX_DICE });
  if (!parsed.ok) return { ok: false, message: `"${t}" is neither a number (7) nor dice to roll (2d6, 1d8+2): ${parsed.error.message}.` };
  return { ok: true, notation: parsed.expr.notation };
}

/**
 * The faces typed in for dice the bar rolls, when "Type in the dice" is ticked (null: the app rolls).
 * A blank box is asked for, never rolled without saying so.
 */
export function readBarFaces(notation: string, typed: boolean, text: string): { ok: true; faces: number[] | null } | { ok: false; message: string } {
  if (!typed) return { ok: true, faces: null };
  const r = readTyped(text, false, notation);
  if (r.ok) return r;
  return { ok: false, message: text.trim() === '' ? `${r.message} (the ${notation} rolled at the table), or untick "Type in the dice".` : r.message };
}
