import type { Rejection } from '../../core/index.ts';

/** A refused command: what `decide` returns and what `allowedActions` shows as the reason. */
export interface Refusal {
  readonly ok: false;
  readonly rejection: Rejection;
}

/** `details.path`: the field of the command the refusal is about (`to`), for a form to say it next to it. */
export function refuse(code: `popcorn/${string}`, message: string, details?: { readonly path: string }): Refusal {
  return { ok: false, rejection: details ? { code, message, details } : { code, message } };
}

export const notStarted = (): Refusal =>
  refuse('popcorn/not-started', 'The scene has not started: start it (start {combatant}, start {side} or start {roll: true}).');
