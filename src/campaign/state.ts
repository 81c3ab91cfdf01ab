import type { Track } from '../core/index.ts';
import type { Stack } from '../core/index.ts';

/**
 * A campaign: one game's party, bestiary and fights, kept between sessions. Plain JSON, a fold of its
 * events (`campaign.ts`), like an encounter. `CampaignState` is what undo restores.
 */

/** A player character kept by the campaign: its sheet and its tracks as they stand between fights. */
export interface CampaignPc {
  /** 'p1', 'p2'...: never reused. */
  readonly id: string;
  readonly name: string;
  readonly side: string;
  /** The rule module's stats, validated by its schema. */
  readonly stats: Readonly<Record<string, unknown>>;
  readonly tracks: Readonly<Record<string, Track>>;
  readonly notes: string;
}

/** A bestiary entry: an NPC the GM pulls into fights ("3 x Raider"). */
export interface CampaignTemplate {
  /** 't1', 't2'...: never reused. */
  readonly id: string;
  readonly name: string;
  /** The side its combatants join; null: the core's default ("NPCs"). */
  readonly side: string | null;
  readonly stats: Readonly<Record<string, unknown>>;
  readonly hp: number | null;
  readonly notes: string;
  /** Never shown to players. */
  readonly gmNotes: string;
  readonly tags: readonly string[];
  /** Its combatants join fights hidden. */
  readonly hidden: boolean;
}

/** An encounter the server created for this campaign. */
export interface CampaignFight {
  /** The encounter id. */
  readonly id: string;
  readonly title: string;
  /** Campaign PC id -> the encounter's combatant id. */
  readonly pcs: Readonly<Record<string, string>>;
  /** How many times its results were written back. */
  readonly writtenBack: number;
}

/** Fallout's Action Point pools, carried from fight to fight. */
export interface Pools {
  readonly party: number;
  readonly gm: number;
}

export interface CampaignState {
  readonly title: string;
  /** The rule module id; '' before the campaign is created. */
  readonly rules: string;
  /** The module's options for new fights, validated (defaults filled in). */
  readonly options: Readonly<Record<string, unknown>>;
  /** The players' side in new fights (default "Party"). */
  readonly partySide: string;
  readonly pcs: Readonly<Record<string, CampaignPc>>;
  readonly pcOrder: readonly string[];
  readonly templates: Readonly<Record<string, CampaignTemplate>>;
  readonly templateOrder: readonly string[];
  readonly fights: Readonly<Record<string, CampaignFight>>;
  readonly fightOrder: readonly string[];
  /** Starts at 1. */
  readonly session: number;
  /** Fallout only; null in the other games. */
  readonly pools: Pools | null;
  readonly nextPc: number;
  readonly nextTemplate: number;
}

/**
 * A change to a campaign's state: top-level fields to set, entries of its records (PCs, templates,
 * fights) to set or delete, and ids to insert into or remove from their orders. Events become patches
 * (`evolve.ts`); an undo step keeps the inverse patch (what the command replaced) instead of a copy of
 * the whole state, so a command costs what it touches, not the size of the bestiary, and a replay can
 * work in place.
 */
export type RecordName = 'pcs' | 'templates' | 'fights';
export type OrderName = 'pcOrder' | 'templateOrder' | 'fightOrder';
export type Fields = Omit<CampaignState, RecordName | OrderName>;

export interface EntryChange {
  readonly record: RecordName;
  readonly id: string;
  /** The new entry; undefined deletes it. */
  readonly value: unknown;
}

export interface OrderChange {
  readonly order: OrderName;
  readonly op: 'insert' | 'remove';
  readonly id: string;
  /** Where the id goes in (or is taken out of) the order. */
  readonly at: number;
}

export interface Patch {
  readonly set: Partial<Fields>;
  readonly entries: readonly EntryChange[];
  readonly orders: readonly OrderChange[];
}

export interface CampaignUndoStep {
  /** The command this step undoes or redoes. */
  readonly cmd: number;
  /**
   * What to restore: the values the command replaced (undo stack) or set (redo stack), for what it
   * touched only. Applied, it gives back the exact state from before (or after) the command.
   */
  readonly patch: Patch;
}

/**
 * A campaign as the fold of its stored events. As for encounters, the version, the command counter
 * and the undo and redo stacks are not undoable; the stacks are rebuilt from the log on replay.
 */
export interface Campaign {
  readonly state: CampaignState;
  readonly version: number;
  readonly cmd: number;
  readonly undo: Stack<CampaignUndoStep>;
  readonly redo: Stack<CampaignUndoStep>;
}

/** Bounds on a campaign's size. */
export const CAMPAIGN_LIMITS = {
  pcs: 500,
  templates: 2000,
  fights: 10_000,
  notes: 4000,
  tags: 20,
  tagLength: 40,
  nameLength: 80,
  titleLength: 200,
} as const;

export function emptyCampaignState(): CampaignState {
  return {
    title: '',
    rules: '',
    options: {},
    partySide: 'Party',
    pcs: {},
    pcOrder: [],
    templates: {},
    templateOrder: [],
    fights: {},
    fightOrder: [],
    session: 1,
    pools: null,
    nextPc: 1,
    nextTemplate: 1,
  };
}

export function emptyCampaign(): Campaign {
  return { state: emptyCampaignState(), version: 0, cmd: 0, undo: null, redo: null };
}
