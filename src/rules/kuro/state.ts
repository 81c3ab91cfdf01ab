import type { RollResult } from '../../dice/index.ts';
import type { EncounterState, RoundTrack } from '../../core/index.ts';
import { emptyTrack } from '../../core/index.ts';

/** A combatant's initiative for the current game turn. */
export interface KuroInitiative {
  readonly total: number;
  /** The roll (null: set by the GM). */
  readonly roll: RollResult | null;
  /** GM placement among equal totals (reorder): higher acts first; 0 normally. */
  readonly shift: number;
}

/** Damage of a simultaneous slot, held until the slot resolves. */
export interface PendingHit {
  readonly actor: string;
  readonly target: string;
  readonly damage: number;
}

/**
 * Where the game turn stands: `setup` before the fight; `initiative` at the start of a game turn,
 * until everyone in the fight has an initiative; `phases` while the combat phases run.
 */
export type KuroStage = 'setup' | 'initiative' | 'phases';

export interface KuroState {
  readonly stage: KuroStage;
  /** The current combat phase (1-based); 0 before the phases of the game turn begin. */
  readonly phase: number;
  /** This game turn's initiative by combatant id. */
  readonly initiative: Readonly<Record<string, KuroInitiative>>;
  /** Actions each combatant has this game turn (REF / 2 rounded up, less what was lost or spent defending). */
  readonly actions: Readonly<Record<string, number>>;
  /** The phases of this game turn in which each combatant took (or is taking) his action. */
  readonly acted: Readonly<Record<string, readonly number[]>>;
  /**
   * The current phase's slots (one per initiative total; a tie is one slot of kind `group`), the current
   * slot's key, and `done`: who has finished his action in this phase or cannot take one in it.
   */
  readonly track: RoundTrack;
  /** Sort key of the current slot, so it keeps its place even if it empties. */
  readonly currentSortKey: readonly number[] | null;
  /** What each member of the current slot declared (attack, other action, or passing). */
  readonly declared: Readonly<Record<string, string>>;
  /** Hits of the current simultaneous slot, applied together when it resolves. */
  readonly pending: readonly PendingHit[];
}

export type KuroEncounter = EncounterState<KuroState>;

export function initialKuroState(): KuroState {
  return {
    stage: 'setup',
    phase: 0,
    initiative: {},
    actions: {},
    acted: {},
    track: emptyTrack,
    currentSortKey: null,
    declared: {},
    pending: [],
  };
}
