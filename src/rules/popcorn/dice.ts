import type { RollResult } from '../../dice/index.ts';
import { tryParseTableDice } from '../../core/index.ts';
import type { DecideContext } from '../../core/index.ts';

/** Roll `notation` under `key` (or use the faces typed in for it); nothing when there is no notation. */
export function rollIf(ctx: DecideContext, key: string, notation: string | undefined): { roll?: RollResult } {
  return notation === undefined ? {} : { roll: ctx.dice.roll(key, notation) };
}

/** "3d6" + "1d8" -> "3d6+1d8"; null when there are no dice at all, or the result is not valid notation. */
export function poolNotation(count: number, die: string, extra?: string): string | null {
  const parts = [count > 0 ? `${count}${die}` : '', extra?.trim() ?? ''].filter((p) => p !== '');
  if (parts.length === 0) return null;
  const text = parts.map((p, i) => (i > 0 && (p.startsWith('-') || p.startsWith('+')) ? p : i > 0 ? `+${p}` : p)).join('');
  return tryParseTableDice(text).ok ? text : null;
}
