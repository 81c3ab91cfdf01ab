import type { RollResult } from '../../../dice/index.ts';
import { gmGame } from '../games.ts';

/** A typed-in roll as the dialog shows it: whose or which roll, its dice, and what to type. */
export interface DiceHint {
  readonly key: string;
  /** The field's name: "Hit roll", "Dice rolled"; a combatant's or a side's name as it is. */
  readonly label: string;
  /** The dice of this roll as the engine would roll them now ("3dK", "4dC", "2d20"), when known. */
  readonly notation: string | null;
  readonly help: string;
  /** Fallout combat dice: typed as read off the die (1, 2, 0, E), sent as faces. */
  readonly combat: boolean;
  /** What the box shows before anything is typed: faces these dice can show ("e.g. 6" for a d8). */
  readonly example: string;
}

/** Plain dice ("1d8", "2d6+1"): how many and their sides; null for Kuro, combat or mixed dice. */
export function plainDice(notation: string | null): { count: number; sides: number } | null {
  const m = notation ? /^(\d+)d(\d+)(?:[+-]\d+)?$/.exec(notation) : null;
  return m ? { count: Number(m[1]), sides: Number(m[2]) } : null;
}

/** Faces these dice can show, as an example: "14" on a d20, "6" on a d8, "5, 4" on 2d6, "3, 2" on 2d4. */
function exampleFaces(dice: { count: number; sides: number } | null): string {
  if (!dice) return '5, 4';
  const one = dice.count === 1 && dice.sides >= 20 ? 14 : Math.max(1, Math.min(dice.count === 1 ? dice.sides : 5, Math.ceil(dice.sides * 0.7)));
  return dice.count === 1 ? String(one) : `${one}, ${Math.max(1, one - 1)}`;
}

/** The dice part of a notation, without the test's target ("2d20<=7cs<=1cf>=20" → "2d20"). */
export function diceOf(notation: string): string {
  return notation.replace(/(<=|>=|<|>|cs|cf|kh|kl|dh|dl).*$/, '').trim() || notation;
}

function findRoll(key: string, rolls: readonly { key: string; roll: RollResult }[]): RollResult | null {
  const k = key.toLowerCase();
  const hit =
    rolls.find((r) => r.key.toLowerCase() === k) ??
    rolls.find((r) => r.key.toLowerCase().split(' ').includes(k)) ??
    rolls.find((r) => r.key.toLowerCase().startsWith(`${k} `));
  return hit?.roll ?? null;
}

/**
 * What to type for each roll key: the dice the engine would roll (from a dry run's rolls) and, for
 * the games' own dice, how a die is read — a Kuro die as it shows, with the extra die after each 6;
 * a Fallout combat die as the value on it, not a face number.
 */
export function diceHints(rules: string, keys: readonly string[], rolls: readonly { key: string; roll: RollResult }[]): DiceHint[] {
  return keys.map((key) => {
    const roll = findRoll(key, rolls);
    const notation = roll ? roll.notation : null;
    // Without a dry run's notation, the game says how this roll's dice are read (its gm.ts `typedDice`).
    const own = notation ? undefined : gmGame(rules).typedDice?.(key);
    const combat = notation ? /dC/.test(notation) : own === 'combat';
    const kuro = notation ? /dK|!/.test(notation) : own === 'kuro';
    const dice = notation ? diceOf(notation) : null;
    const count = dice ? /^(\d+)d/.exec(dice)?.[1] : undefined;
    const each = count === '1' ? 'the die' : 'each die';
    const example = combat ? '1, 0, E' : exampleFaces(plainDice(dice));
    let help: string;
    if (combat) help = `type what ${count === '1' ? 'the combat die shows' : 'each combat die shows'}: 1, 2, 0 for a blank, E for an Effect`;
    else if (kuro) help = `type ${each} as it shows (a 4 counts 0), and after each 6 the extra die it rolls`;
    else help = `type ${each} as it shows, e.g. ${example}`;
    return { key, label: diceLabel(key), notation: dice, help, combat, example };
  });
}

/** "hit" → "Hit roll", "roll" → "Dice rolled"; names ("Kenji", "Vasquez vs Guard") stay. */
export function diceLabel(key: string): string {
  if (key === 'roll') return 'Dice rolled';
  return /^[a-z]+$/.test(key) ? `${key.charAt(0).toUpperCase()}${key.slice(1)} roll` : key;
}

const COMBAT: Readonly<Record<string, number>> = { '1': 1, '2': 2, '0': 3, blank: 3, b: 3, e: 5, effect: 5 };

/**
 * The faces of what was typed ("5, 4" → [5, 4]); for combat dice the values read off the dice
 * ("1 2 0 E" → faces 1, 2, 3, 5). A message in the GM's words when it cannot be read.
 */
export function readTyped(text: string, combat: boolean, notation: string | null = null): { ok: true; faces: number[] } | { ok: false; message: string } {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  const dice = plainDice(notation);
  const example = exampleFaces(dice);
  if (parts.length === 0) return { ok: false, message: `Type the dice, e.g. ${example}` };
  if (combat) {
    const faces = parts.map((p) => COMBAT[p.toLowerCase()]);
    if (faces.every((f): f is number => f !== undefined)) return { ok: true, faces };
    return { ok: false, message: `"${text}": type 1, 2, 0 (blank) or E (Effect) for each combat die` };
  }
  const faces = parts.map(Number);
  if (!faces.every((n) => Number.isInteger(n) && n >= 0)) return { ok: false, message: `"${text}": type the number on each die, e.g. ${example}` };
  // Plain dice (the d8 of an initiative, 2d6 of damage): a face they cannot show, or too few or too many.
  if (dice && faces.some((n) => n < 1 || n > dice.sides)) return { ok: false, message: `"${text}": a d${dice.sides} shows 1 to ${dice.sides}` };
  if (dice && faces.length !== dice.count) return { ok: false, message: `"${text}": ${notation} is ${dice.count === 1 ? 'one die: type its number' : `${dice.count} dice: type the number on each`}` };
  return { ok: true, faces };
}

/** The engine's refusal of typed-in dice ('Dice typed in for "hit" (1d20): …'), said next to their box without the key. */
export function typedRefusal(message: string): string {
  const rest = message.replace(/^Dice typed in for "[^"]*" \([^)]*\): /, '');
  return `${rest.charAt(0).toUpperCase()}${rest.slice(1)}${/[.!?]$/.test(rest) ? '' : '.'}`;
}
