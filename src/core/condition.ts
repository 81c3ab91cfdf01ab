/**
 * Conditions with durations. They expire by themselves at round and turn boundaries: the core inserts
 * a `condition-removed` event (reason `expired`) right after the boundary event, so the expiry is in the
 * log and comes back on undo like everything else.
 */
export type Duration =
  /** Lasts through the end of round R + N - 1, R being the round it was applied in (round 1 before the fight). */
  | { readonly kind: 'rounds'; readonly rounds: number }
  /** Until the start of that combatant's next turn. */
  | { readonly kind: 'turn-start'; readonly of: string }
  /** Until the end of that combatant's next turn (if applied during its turn: the one after). */
  | { readonly kind: 'turn-end'; readonly of: string }
  | { readonly kind: 'until-removed' };

export interface Condition {
  readonly id: string;
  readonly name: string;
  readonly duration: Duration;
  /** For `rounds`: the round at whose start the condition expires. */
  readonly expiresAtRound?: number;
  /** For turn durations: a turn of `of` must start before the end-of-turn boundary counts. */
  readonly waitForTurnStart?: boolean;
  readonly note?: string;
}

export type Boundary =
  | { readonly kind: 'round-started'; readonly round: number }
  | { readonly kind: 'turn-started'; readonly actors: readonly string[] }
  | { readonly kind: 'turn-ended'; readonly actors: readonly string[] };

/** Whether a condition ends at this boundary. */
export function expiresAt(condition: Condition, boundary: Boundary): boolean {
  const d = condition.duration;
  switch (boundary.kind) {
    case 'round-started':
      return d.kind === 'rounds' && condition.expiresAtRound !== undefined && boundary.round >= condition.expiresAtRound;
    case 'turn-started':
      return d.kind === 'turn-start' && boundary.actors.includes(d.of);
    case 'turn-ended':
      return d.kind === 'turn-end' && !condition.waitForTurnStart && boundary.actors.includes(d.of);
  }
}

/** A turn-end condition waiting for its combatant's next turn is armed when that turn starts. */
export function armAt(condition: Condition, boundary: Boundary): Condition {
  if (
    boundary.kind === 'turn-started' &&
    condition.duration.kind === 'turn-end' &&
    condition.waitForTurnStart &&
    boundary.actors.includes(condition.duration.of)
  ) {
    return { ...condition, waitForTurnStart: false };
  }
  return condition;
}

export function describeDuration(d: Duration, nameOf: (id: string) => string): string {
  switch (d.kind) {
    case 'rounds':
      return d.rounds === 1 ? 'for 1 round' : `for ${d.rounds} rounds`;
    case 'turn-start':
      return `until the start of ${nameOf(d.of)}'s next turn`;
    case 'turn-end':
      return `until the end of ${nameOf(d.of)}'s next turn`;
    case 'until-removed':
      return 'until removed';
  }
}
