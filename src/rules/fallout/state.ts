import type { EncounterState, RoundTrack } from '../../core/index.ts';
import { emptyTrack } from '../../core/index.ts';
import type { FalloutOptions } from './options.ts';
import type { Range } from './stat-enums.ts';
import type { TestResult } from './tests.ts';

/** The actions the text lists; `attack` and `ready` also have their own commands. */
export const MINOR_ACTIONS = ['aim', 'draw-item', 'interact', 'move', 'take-chem'] as const;
export const MAJOR_ACTIONS = ['assist', 'attack', 'command-npc', 'defend', 'first-aid', 'pass', 'rally', 'ready', 'sprint', 'test'] as const;
export type ActionName = (typeof MINOR_ACTIONS)[number] | (typeof MAJOR_ACTIONS)[number];
/** A major action that can be readied (not Pass, not Ready itself, not Command an NPC). */
export const READIABLE = ['attack', 'assist', 'defend', 'first-aid', 'rally', 'sprint', 'test'] as const;
export type Readiable = (typeof READIABLE)[number];

export type Pool = 'party' | 'gm';

/** The turn in progress: whose, which kind, and the actions spent so far. */
export interface TurnState {
  readonly actor: string;
  /** opening: the initiator's turn before round 1; luck: taken early with a Luck point. */
  readonly kind: 'opening' | 'normal' | 'luck';
  readonly minor: number;
  readonly major: number;
  readonly movement: number;
  readonly aimed: boolean;
  readonly attacks: number;
  /** An allied NPC commanded this turn that has not yet taken its major action. */
  readonly commanded: string | null;
}

export interface Readied {
  readonly id: string;
  readonly actor: string;
  readonly trigger: string;
  readonly action: Readiable;
  readonly note?: string;
  /** Readied with the second major action: its test is 1 harder. */
  readonly secondMajor: boolean;
}

/** Readied actions resolving now, in initiative order; the first is acting. */
export interface Firing {
  readonly queue: readonly Readied[];
  /** Whose turn they interrupt (null: between turns). */
  readonly interrupted: string | null;
}

export interface Assist {
  readonly helper: string;
  readonly target: string;
  readonly attribute?: string;
  readonly skill?: string;
}

/** An attack waiting for its Aim re-roll before it is resolved. */
export interface PendingAttack {
  readonly actor: string;
  readonly target: string;
  readonly weapon: string;
  readonly location: string | null;
  readonly range: Range;
  readonly extraDamageAp: number;
  readonly extraShots: number;
  readonly test: TestResult;
}

export interface FalloutState {
  readonly initiator: string | null;
  readonly track: RoundTrack;
  /** GM tie decisions: a higher rank goes first among equal initiatives; unranked come last. */
  readonly tieRank: Readonly<Record<string, number>>;
  readonly nextTieRank: number;
  readonly pools: Readonly<Record<Pool, number>>;
  readonly turn: TurnState | null;
  readonly firing: Firing | null;
  readonly pendingAttack: PendingAttack | null;
  readonly readied: readonly Readied[];
  readonly assists: readonly Assist[];
  /** The combatant who just spent Luck: its turn-started is a Luck turn. */
  readonly luckNext: string | null;
  /**
   * Whose turn ended last (kept across the round boundary): the gap that follows is the end of that
   * character's turn, so it is the one combatant who may not spend Luck in it.
   */
  readonly lastEnded: string | null;
  readonly nextId: number;
}

export type FalloutEncounter = EncounterState<FalloutState>;

export function initialFalloutState(options: FalloutOptions): FalloutState {
  return {
    initiator: null,
    track: emptyTrack,
    tieRank: {},
    nextTieRank: 1000,
    pools: { party: options.partyPoolStart, gm: options.gmPoolStart },
    turn: null,
    firing: null,
    pendingAttack: null,
    readied: [],
    assists: [],
    luckNext: null,
    lastEnded: null,
    nextId: 1,
  };
}

export function freshTurn(actor: string, kind: TurnState['kind']): TurnState {
  return { actor, kind, minor: 0, major: 0, movement: 0, aimed: false, attacks: 0, commanded: null };
}

export function optionsOf(state: FalloutEncounter): FalloutOptions {
  return state.options as FalloutOptions;
}
