import type { EngineEvent } from './events.ts';
import type { EncounterState } from './state.ts';

/** A game's own resource spent: a Luck point, Action Points, reaction dice. */
export interface StorySpend {
  /** What the game calls it ("Luck", "AP"). */
  readonly resource: string;
  readonly amount: number;
  /** Who spent it; null when nobody in particular did (a pool spent for the group). */
  readonly by: string | null;
  /** A shared pool it came from ("party pool"), if any. */
  readonly pool?: string;
}

/**
 * What a game adds to the story of a fight (src/core/story/), beside its fold half (`FoldModule.story`).
 * The core attributes damage by itself wherever an event of the command names an `actor` and a `target`
 * (or carries `hits` that do); a game adds only what the core cannot know.
 */
export interface StoryRules {
  /**
   * The combatant whose action this event records. Damage the GM then applies by hand (the core's
   * `damage` command) counts as theirs, until the next action or round. Without it, such damage counts
   * as the combatant whose turn is open, when exactly one is.
   */
  actionBy?(event: EngineEvent): string | null;
  /** What the event spends of the game's own resources (`before`: the state before the event). */
  spent?(event: EngineEvent, before: EncounterState): readonly StorySpend[];
}
