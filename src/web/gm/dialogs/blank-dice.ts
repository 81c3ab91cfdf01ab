import type { RollResult } from '../../../dice/index.ts';
import type { DiceHint } from './typed-dice.ts';

/** Whether a roll found in the events (keyed as `rollsIn` keys it) is the one asked for under `key`. */
function isRollOf(key: string, rollKey: string): boolean {
  const k = key.toLowerCase();
  const r = rollKey.toLowerCase();
  return r === k || r.split(' ').includes(k) || r.startsWith(`${k} `);
}

/**
 * With "Type in the dice" ticked, the boxes left blank whose dice the engine would still roll (a dry
 * run with the faces typed so far: `rolls`, from its events): the app must not roll them without
 * saying so. A blank box whose roll does not happen (the damage of a miss) is fine. The problem, by
 * key, says what is needed: "Type the 2d6 rolled at the table, e.g. 5, 4 (or untick Type in the dice)".
 */
export function blankRolled(
  hints: readonly DiceHint[],
  typed: Readonly<Record<string, string>>,
  rolls: readonly { key: string; roll: RollResult }[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const h of hints) {
    if ((typed[h.key] ?? '').trim() !== '') continue;
    const rolled = rolls.find((r) => r.roll.source === 'engine' && isRollOf(h.key, r.key));
    if (!rolled) continue;
    const dice = h.notation ?? rolled.roll.notation;
    problems[h.key] = `Type the ${dice} rolled at the table, e.g. ${h.example} (or untick "Type in the dice" to let the app roll).`;
  }
  return problems;
}
