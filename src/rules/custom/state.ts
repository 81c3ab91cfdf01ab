import type { RollResult } from '../../dice/index.ts';
import type { EncounterState, RoundTrack } from '../../core/index.ts';
import { emptyTrack } from '../../core/index.ts';

export interface Initiative {
  readonly total: number;
  readonly roll: RollResult | null;
  /** Roll-off result used to break ties (roll-off tie-break). */
  readonly rollOff?: number;
}

export interface CustomState {
  readonly initiative: Readonly<Record<string, Initiative>>;
  readonly track: RoundTrack;
}

export type CustomEncounter = EncounterState<CustomState>;

export function initialCustomState(): CustomState {
  return { initiative: {}, track: emptyTrack };
}
