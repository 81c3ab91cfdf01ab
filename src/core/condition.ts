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

/** How long a suggested condition lasts when picked (the GM can still change it in the dialog). */
export type SuggestedDuration = { readonly rounds: number } | 'until-removed' | 'turn-start' | 'turn-end';

/**
 * A condition a game offers when the GM adds one: each rule module's fold half lists its own
 * (`FoldModule.conditions`), as plain data, named in the game's words.
 */
export interface ConditionSuggestion {
  readonly name: string;
  /** What it does, in one line, in the game's words. */
  readonly meaning: string;
  /** The sentence of the game's text it comes from (the module's README quotes it); absent: not in the text. */
  readonly source?: string;
  readonly lasts?: SuggestedDuration;
}

/**
 * A short generic list for games whose text names no conditions (Kuro, popcorn, custom): everyday words,
 * none of them a condition with rules of its own in another game (no Frightened, Hasted...).
 */
export const COMMON_CONDITIONS: readonly ConditionSuggestion[] = [
  { name: 'Prone', meaning: 'Lying on the ground.', lasts: 'until-removed' },
  { name: 'Stunned', meaning: 'Dazed: loses its actions for a while (the GM says what it may still do).', lasts: { rounds: 1 } },
  { name: 'Grappled', meaning: 'Held by someone.', lasts: 'until-removed' },
  { name: 'In cover', meaning: 'Behind something: harder to hit.', lasts: 'until-removed' },
  { name: 'Unconscious', meaning: 'Out of the fight, not dead.', lasts: 'until-removed' },
];

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
