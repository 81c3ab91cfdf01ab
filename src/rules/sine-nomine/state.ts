import { emptyTrack, sideIdFor } from '../../core/index.ts';
import type { EncounterState, RoundTrack, Slot } from '../../core/index.ts';

/** An initiative slot with the numbers its place comes from (the sort key is built from them). */
export interface SnSlot extends Slot {
  /** 1: automatic initiative (CWN), acting before every side; 0: everyone else. */
  readonly tier: number;
  /** A PC (individual) or a PC side: PCs win ties. */
  readonly pc: boolean;
  /** Individual initiative: the Dex modifier, the second tie-break (0 for sides). */
  readonly dex: number;
  /** Recorded 1d8 roll-offs, one per tie level. */
  readonly rollOffs: readonly number[];
  /** Side slots: the side whose turn it is. */
  readonly side?: string;
  readonly label: string;
  /** SWN group initiative: the PC whose Dex modifier the party's roll used. */
  readonly rolledBy?: string;
}

export interface SnTrack extends RoundTrack {
  readonly slots: readonly SnSlot[];
}

/** What a combatant used this round: one entry per use of the Main and of the Move action. */
export interface Spent {
  readonly mains: readonly string[];
  readonly moves: readonly string[];
}

export interface Grapple {
  readonly grappler: string;
  readonly target: string;
  /** The round the grapple was made in (no upkeep is due in that round). */
  readonly since: number;
  /** The last round it was maintained in (-1: never). */
  readonly maintained: number;
}

/**
 * Free melee attacks owed because `leaver` left melee without a Fighting Withdrawal ("or else they suffer
 * a free automatic melee attack from any foe engaged with them"), until the end of the leaver's turn.
 */
export interface OwedAttacks {
  readonly leaver: string;
  /** The foes named as engaged (those wielding only ranged weapons left out); null: none named, so every foe. */
  readonly foes: readonly string[] | null;
  /** The foes who have made theirs (one each per leaving). */
  readonly taken: readonly string[];
}

export interface SnState {
  /** The initiative order kept for every round (the same order every round). */
  readonly order: readonly SnSlot[];
  /** This round's slots and pointer: the order, or the free round's sides (CWN surprise). */
  readonly track: SnTrack;
  readonly freeRound: boolean;
  readonly spent: Readonly<Record<string, Spent>>;
  /** SWN: surprised combatant ids (round 1). CWN: surprised side ids (the free round). */
  readonly surprised: readonly string[];
  /** CWN: the GM's initiative modifier per side id. */
  readonly sideModifiers: Readonly<Record<string, number>>;
  /** CWN: side ids anticipating combat (they cannot be surprised). */
  readonly anticipating: readonly string[];
  readonly grapples: readonly Grapple[];
  /** Free attacks owed to foes of someone who left melee this turn. */
  readonly freeAttacks: readonly OwedAttacks[];
}

export type SnEncounter = EncounterState<SnState>;

export const noSpend: Spent = { mains: [], moves: [] };

export function initialState(options: Readonly<Record<string, unknown>>): SnState {
  const mods = (options.sideModifiers ?? {}) as Record<string, number>;
  const anticipating = (options.anticipating ?? []) as string[];
  const sideModifiers: Record<string, number> = {};
  for (const [name, v] of Object.entries(mods)) sideModifiers[sideIdFor(name)] = v;
  return {
    order: [],
    track: { ...emptyTrack, slots: [] },
    freeRound: false,
    spent: {},
    surprised: [],
    sideModifiers,
    anticipating: [...new Set(anticipating.map(sideIdFor))],
    grapples: [],
    freeAttacks: [],
  };
}
