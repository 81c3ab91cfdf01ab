import type { RngState, RollResult } from '../dice/index.ts';
import type { Combatant, Side } from './combatant.ts';
import type { Condition } from './condition.ts';

/**
 * The core's events. Rule modules add their own, always namespaced with a slash (`swn/attacked`), so a
 * core event is recognised by its type alone. Events are past tense, plain JSON, and carry every dice
 * result: replaying them needs no random number generator.
 */
export type CoreEvent =
  | {
      readonly type: 'encounter-created';
      readonly rules: { readonly id: string; readonly version: number };
      readonly options: Readonly<Record<string, unknown>>;
      readonly title: string;
      readonly rng: RngState;
    }
  | { readonly type: 'side-added'; readonly side: Side }
  | { readonly type: 'side-updated'; readonly id: string; readonly changes: Partial<Omit<Side, 'id'>> }
  | { readonly type: 'combatant-added'; readonly combatant: Combatant }
  | { readonly type: 'combatant-removed'; readonly id: string }
  | { readonly type: 'combatant-updated'; readonly id: string; readonly changes: CombatantChanges }
  | { readonly type: 'defeated-set'; readonly id: string; readonly defeated: boolean; readonly reason?: string }
  | {
      readonly type: 'track-changed';
      readonly id: string;
      readonly track: string;
      readonly from: number;
      readonly to: number;
      readonly max?: number;
      readonly min?: number;
      readonly reason?: string;
      /** Damage or heal given as dice: the roll (on the command's first track-changed), its total the amount (below 0: none). */
      readonly roll?: RollResult;
    }
  | { readonly type: 'condition-added'; readonly id: string; readonly condition: Condition }
  | {
      readonly type: 'condition-removed';
      readonly id: string;
      readonly conditionId: string;
      readonly name: string;
      readonly reason: 'removed' | 'expired';
    }
  | { readonly type: 'roster-reordered'; readonly roster: readonly string[] }
  | { readonly type: 'round-started'; readonly round: number }
  | { readonly type: 'turn-started'; readonly actors: readonly string[]; readonly label?: string }
  | { readonly type: 'turn-ended'; readonly actors: readonly string[] }
  | { readonly type: 'encounter-ended'; readonly reason?: string }
  | { readonly type: 'encounter-reopened' }
  | { readonly type: 'note-added'; readonly text: string; readonly gmOnly: boolean }
  /**
   * Who may act changed (or the fight started or ended), at `at` (ms since the epoch, the server's clock):
   * the turn that ended, with how long it ran without its paused time (`took`, ms), and the one that
   * started. `actors`: who could act in it (empty: the GM has the table). src/core/turn-clock.ts.
   */
  | { readonly type: 'turn-timed'; readonly at: number; readonly ended: TimedTurnEnded | null; readonly started: TimedTurnStarted | null }
  | { readonly type: 'clock-paused'; readonly at: number }
  | { readonly type: 'clock-resumed'; readonly at: number }
  | { readonly type: 'undone'; readonly cmd: number }
  | { readonly type: 'redone'; readonly cmd: number }
  | { readonly type: 'rng-advanced'; readonly rng: RngState };

export interface TimedTurnStarted {
  readonly actors: readonly string[];
  readonly round: number;
}

export interface TimedTurnEnded extends TimedTurnStarted {
  readonly took: number;
}

export type CombatantChanges = Partial<
  Pick<Combatant, 'name' | 'side' | 'kind' | 'hidden' | 'notes' | 'gmNotes' | 'stats'>
>;

/** A rule module's event: its type is `<module>/<name>`. */
export interface ModuleEvent {
  readonly type: `${string}/${string}`;
  readonly [key: string]: unknown;
}

export type EngineEvent = CoreEvent | ModuleEvent;

/** An event as stored: its position in the encounter's log and the command that caused it. */
export interface StoredEvent {
  /** 1-based; the encounter's version after this event. */
  readonly seq: number;
  /** 1-based number of the command whose decision produced the event (undo works per command). */
  readonly cmd: number;
  readonly event: EngineEvent;
}

export function isCoreEvent(event: EngineEvent): event is CoreEvent {
  return !event.type.includes('/');
}

/** Events that never become an undo step of their own. */
export function isNavigation(event: EngineEvent): boolean {
  return (
    event.type === 'undone' ||
    event.type === 'redone' ||
    event.type === 'rng-advanced' ||
    event.type === 'encounter-created'
  );
}
