/** Standard, custom and named dice. */
import type { DieKind, Face } from './ast.ts';

export function standardDie(sides: number): DieKind {
  return { name: `d${sides}`, sides, faces: null };
}

export function faceText(f: Face): string {
  let s = String(f.value);
  for (const t of f.tags) s += ':' + t;
  if (f.explodes) s += '!';
  return s;
}

/** A custom die, named by its normalised face list, e.g. 'd{1,2,0,0,1:effect,1:effect}'. */
export function customDie(faces: readonly Face[], name?: string): DieKind {
  return { name: name ?? `d{${faces.map(faceText).join(',')}}`, sides: faces.length, faces };
}

const f = (value: number, ...tags: string[]): Face => ({ value, tags, explodes: false });

/**
 * Named dice, by their letter (notation is case-insensitive; the normalised name is upper case).
 * - dC: Fallout 2d20 combat die, faces 1, 2, 0, 0, 1+Effect, 1+Effect.
 * - dK: Kuro die, faces 1, 2, 3, 0 (unlucky), 5, 6 (explodes).
 * - dF: Fate/Fudge die, faces -1, -1, 0, 0, +1, +1.
 */
export const NAMED_DICE: Readonly<Record<string, DieKind>> = {
  C: customDie([f(1), f(2), f(0), f(0), f(1, 'effect'), f(1, 'effect')], 'dC'),
  K: customDie([f(1), f(2), f(3), f(0, 'unlucky'), f(5), { value: 6, tags: [], explodes: true }], 'dK'),
  F: customDie([f(-1), f(-1), f(0), f(0), f(1), f(1)], 'dF'),
};

/** Value of face 1..sides. */
export function faceValue(die: DieKind, face: number): number {
  return die.faces ? die.faces[face - 1]!.value : face;
}

export function minValue(die: DieKind): number {
  if (!die.faces) return 1;
  let m = Infinity;
  for (const x of die.faces) m = Math.min(m, x.value);
  return m;
}

export function maxValue(die: DieKind): number {
  if (!die.faces) return die.sides;
  let m = -Infinity;
  for (const x of die.faces) m = Math.max(m, x.value);
  return m;
}
