import type { EncounterState, RoundTrack } from '../../../../../src/core/index.ts';
import { emptyTrack } from '../../../../../src/core/index.ts';

/** What the duel keeps beside the core's state: each combatant's d6, and the order as slots. */
export interface DuelState {
  readonly initiative: Readonly<Record<string, number>>;
  readonly track: RoundTrack;
}

export type DuelEncounter = EncounterState<DuelState>;

export const initialDuelState = (): DuelState => ({ initiative: {}, track: emptyTrack });
