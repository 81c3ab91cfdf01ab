import { nameOf } from '../../core/index.ts';
import type { ActMode } from './events.ts';
import type { Charge } from './pools.ts';
import type { FalloutEncounter } from './state.ts';

export interface Slotting {
  readonly cost: 'minor' | 'major' | 'none';
  /** The second minor or second major action of the turn. */
  readonly second: boolean;
  readonly charges: readonly Charge[];
  /** Tests on this action are this much harder (the second major action: +1). */
  readonly harder: number;
}

export type Slotted = { ok: true; value: Slotting } | { ok: false; code: string; message: string };

/**
 * "You can attempt one minor action on your turn in combat. You can take one additional minor action
 * by spending 1 Action Point, and you can take one additional major action by spending 2 Action Points,
 * but the difficulty of any test attempted on that second major action is increased by 1. [...] You
 * cannot take more than two minor actions and two major actions on your turn by any means. You cannot
 * take more than one movement action per turn."
 */
export function slotAction(state: FalloutEncounter, actor: string, mode: ActMode, kind: 'minor' | 'major', movement: boolean, secondMajorReadied = false): Slotted {
  if (mode === 'readied') return { ok: true, value: { cost: 'none', second: false, charges: [], harder: secondMajorReadied ? 1 : 0 } };
  if (mode === 'commanded') return { ok: true, value: { cost: 'none', second: false, charges: [], harder: 0 } };
  const turn = state.module.turn;
  const n = nameOf(state, actor);
  if (!turn || turn.actor !== actor) return { ok: false, code: 'turn/not-your-turn', message: `It is not ${n}'s turn.` };
  if (movement && turn.movement >= 1) {
    return { ok: false, code: 'fallout/one-movement', message: `${n} has already taken a movement action this turn: no more than one movement action per turn.` };
  }
  if (kind === 'minor') {
    if (turn.minor >= 2) return { ok: false, code: 'fallout/second-minor-taken', message: `${n} has already taken two minor actions this turn: no more by any means.` };
    const second = turn.minor === 1;
    return { ok: true, value: { cost: 'minor', second, charges: second ? [{ amount: 1, for: 'a second minor action' }] : [], harder: 0 } };
  }
  if (turn.major >= 2) return { ok: false, code: 'fallout/second-major-taken', message: `${n} has already taken two major actions this turn: no more by any means.` };
  const second = turn.major === 1;
  return { ok: true, value: { cost: 'major', second, charges: second ? [{ amount: 2, for: 'a second major action' }] : [], harder: second ? 1 : 0 } };
}

/** The cost in words for allowed actions: "minor", "minor + 1 AP", "major + 2 AP (+1 difficulty)". */
export function costLabel(state: FalloutEncounter, actor: string, kind: 'minor' | 'major'): string {
  const t = state.module.turn?.actor === actor ? state.module.turn : null;
  const used = t ? (kind === 'minor' ? t.minor : t.major) : 0;
  if (used === 0) return kind;
  return kind === 'minor' ? 'minor + 1 AP' : 'major + 2 AP (+1 difficulty)';
}
