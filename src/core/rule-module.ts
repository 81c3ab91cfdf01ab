import type { z } from 'zod';
import type { Track, CombatantKind } from './combatant.ts';
import type { ConditionSuggestion } from './condition.ts';
import type { DiceService, EnteredDice } from './dice-context.ts';
import type { EngineEvent } from './events.ts';
import type { Decision } from './rejection.ts';
import type { EncounterState } from './state.ts';
import type { StoryRules } from './story-rules.ts';
import type { ActionOption, WhoMayAct } from './turn.ts';

/** A command as sent by any interface (CLI script, HTTP, web app): plain JSON with a `type`. */
export interface Command {
  readonly type: string;
  /** Physical rolls typed in by the GM, by roll key. */
  readonly dice?: EnteredDice;
  readonly [key: string]: unknown;
}

export interface DecideContext {
  readonly dice: DiceService;
  /** The core's own decision for a core command, for a module that adds to it. */
  core(command: Command): Decision<EngineEvent>;
  /** The state after these events and what follows by itself (expiring conditions, defeat at 0 HP): to look ahead. */
  apply(state: EncounterState, events: readonly EngineEvent[]): EncounterState;
  /**
   * The command's label is a player's own words: the server built the command from a player's request
   * (`DecideOptions`; no field of a command can say it). The event that records the label says so
   * (`labelBy: 'player'`), and its log line quotes it with `said` (log-text.ts): players read it as written.
   */
  readonly playerWords?: boolean;
}

/** How a command is decided, beside the command itself (never in its JSON). */
export interface DecideOptions {
  /** The command stands for a player's request: its label is the player's words (`DecideContext.playerWords`). */
  readonly playerWords?: boolean;
  /**
   * The time of the command, ms since the epoch, from the caller's clock (the server's): the engine has
   * none. With it, an accepted command that changes the turn records `turn-timed`, and `pause-clock` and
   * `resume-clock` may be decided (src/core/turn-clock.ts). Replaying stored events never needs it.
   */
  readonly at?: number;
}

/**
 * The half of a game's rules that folds events and answers queries: what a screen needs to show a fight
 * (src/core/fold-engine.ts). It holds no schemas, so it loads without zod; `RuleModule` adds the half
 * that decides commands.
 */
export interface FoldModule<M = unknown> {
  readonly id: string;
  readonly title: string;
  readonly version: number;
  /** What the game calls a round, for the log ("game turn" in Kuro); "round" when absent. */
  readonly roundName?: string;
  /** The conditions the game's text names, offered when the GM adds one (plain data, no zod). */
  readonly conditions?: readonly ConditionSuggestion[];
  /** The module's initial state for these (already validated) options. */
  init(options: Readonly<Record<string, unknown>>): M;
  /** Called for every event after the core applied its part; returns the state with the module's part. */
  evolve(state: EncounterState<M>, event: EngineEvent): EncounterState<M>;
  /**
   * Who may act now. `need` 'turn': only that; the out-of-turn `interrupts` may be left out (a forecast
   * asks this way before every command, and its policies take no interrupts). Default 'all'.
   */
  whoMayAct(state: EncounterState<M>, need?: 'all' | 'turn'): WhoMayAct;
  allowedActions(state: EncounterState<M>, combatantId: string): readonly ActionOption[];
  /** Log text for the module's events, given the state before the event; null to leave it out. */
  describe(event: EngineEvent, state: EncounterState<M>): LogText | null;
  /** What the game adds to the story of a fight (src/core/story): its resources, who acts. */
  readonly story?: StoryRules;
}

/**
 * One game's rules. Plain functions and data: the core calls them and never knows which game runs.
 * `decide` sees every command first: it handles its own (`<id>/...`) and may take over or extend a core
 * one (say, a late joiner rolling initiative); returning `undefined` leaves a core command to the core.
 */
export interface RuleModule<M = unknown> extends FoldModule<M> {
  /** Encounter options with their defaults; each key explained in one sentence in `optionDocs`. */
  readonly options: z.ZodType<Record<string, unknown>>;
  readonly optionDocs: Readonly<Record<string, string>>;
  /** A combatant's stats with their defaults; each key explained in `statDocs`. */
  readonly stats: z.ZodType<Record<string, unknown>>;
  readonly statDocs: Readonly<Record<string, string>>;
  /** The module's own commands by type, each schema including its `type` literal. */
  readonly commands: Readonly<Record<string, z.ZodType<Command>>>;
  /** Tracks a new combatant starts with, from its stats (e.g. HP). */
  tracksFor?(stats: Readonly<Record<string, unknown>>, kind: CombatantKind): Record<string, Track>;
  decide(state: EncounterState<M>, command: Command, ctx: DecideContext): Decision<EngineEvent> | undefined;
}

/**
 * A log line. Write combatants as `ref(id)`, sides as `sideRef(id)`, partly visible lists with `list`,
 * and an NPC's numbers with `tracks` (src/core/log-text.ts): players read the line per mention.
 */
export interface LogText {
  readonly text: string;
  /** GM-only lines never reach the player view. */
  readonly gmOnly?: boolean;
  /** What players read instead of `text` (a GM-only line may still tell players something). */
  readonly player?: string;
}
