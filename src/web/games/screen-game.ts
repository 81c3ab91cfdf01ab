/**
 * What the screens know of a game, in three faces, each a file in the game's folder (src/web/games/<game>/)
 * found by its registry, so adding a folder is enough to add a game to the screens:
 *
 * - `index.ts` → ScreenGame: its name, its place in the start page's list, its rules' loaders (each a
 *   dynamic import: a screen downloads only the rules of its encounter) and the few words every page uses.
 *   Light: the start, campaign and GM pages all carry every game's.
 * - `gm.ts` → GmGame: the GM screen's parts (its order view, start panel, game state panel, form hints,
 *   the chips of what a combatant may still do). Only the GM screen reads it (its registry: gm/games.ts);
 *   its bigger parts are loaders.
 * - `player.ts` → PlayerGame: the player page's words (plain DOM, no React; its registry: player/games.ts).
 */
import type { ComponentType } from 'react';
import type { Command, Engine, EncounterState, EncounterView, EngineEvent, FoldModule, RuleModule } from '../../core/index.ts';
import type { PlayerView } from '../../server/players/index.ts';

/** The odds of a roll before it is made, as the GM screen charts them (gm/turn/odds.ts; games/<game>/odds.ts compute them). */
/** One bar of the odds chart: a total (or a number of successes) and its chance; `success` colours it. */
export interface Bar {
  readonly value: number;
  readonly p: number;
  readonly success?: boolean;
}

export interface Odds {
  /** The chance of success, when the roll has one. */
  readonly p?: number;
  /** In words: "1d20+3 vs AC 14: hits on 11 or more". */
  readonly text: string;
  readonly bars: readonly Bar[];
  /** What the bars count ("total", "successes"). */
  readonly axis: string;
  readonly notes: readonly string[];
}

/**
 * The fold half of a game's rules (core FoldModule) with what its screen shows from it (popcorn's
 * cards): what the GM screen needs to show a fight. It loads without zod and the deciding code, so the
 * screen's first load is smaller; the whole GameKit follows once the screen shows. A game adds its own
 * fields by augmenting this interface from its folder.
 */
export interface FoldKit {
  readonly fold: FoldModule;
}

/** A whole rule module with its engine and the extras its screen uses, loaded on demand. Games add fields by augmenting it. */
export interface GameKit {
  readonly module: RuleModule;
  /** The engine over this module: decides commands (dry runs for odds and checks). */
  readonly engine: Engine;
  /** The game's odds of a command before its dice are rolled (gm/turn/odds.ts charts them); null when it has none for it. */
  readonly odds?: (state: EncounterState, command: Command, events: readonly EngineEvent[]) => Odds | null;
}

/** The player page's part of a game (games/<game>/player.ts). */
export interface PlayerGame {
  readonly id: string;
  readonly title: string;
  /** What the game calls a round ("game turn" for Kuro); "round" when not said. */
  readonly roundWord?: string;
  /** The game's own box on the player page, as data (player/render.ts draws it). */
  readonly gameParts?: (game: NonNullable<PlayerView['game']>) => GameParts | null;
}

/** The game's own state on the player page: a heading and its lines. */
export interface GameParts {
  readonly kind: string;
  readonly heading: string;
  /** A pool shown as a meter (Fallout's party AP). */
  readonly meter?: { readonly value: number; readonly max: number };
  readonly lines: readonly { readonly text: string; readonly current: boolean; readonly members: readonly { readonly name: string; readonly acted: boolean }[] }[];
}

/** A game as every page knows it (games/<game>/index.ts). */
export interface ScreenGame extends PlayerGame {
  /** Its place in the start page's list of games (smaller first). */
  readonly position: number;
  /** What it offers, in one line on the start page. */
  readonly blurb: string;
  /** The whole rules and the screen's extras (odds), each its own chunk; the engine is added by the registry. */
  readonly loadRules: () => Promise<Omit<GameKit, 'engine'>>;
  /** The fold half only (no zod), its own chunk. */
  readonly loadFold: () => Promise<FoldKit>;
  /**
   * The fight starts on the GM screen with the game's own start panel (Fallout's initiator, popcorn's
   * first initiative): a campaign's new fight is prepared, not started.
   */
  readonly startsOnScreen?: boolean;
  /** Who the GM names on the GM screen before starting such a fight ("takes the opening turn"); "has the initiative" when not said. */
  readonly opensWith?: string;
  /** The campaign's session button ("Start session 3: refresh Luck and AP"); "Start session N" when not said. */
  readonly sessionButton?: (next: number) => string;
}

/** A screen part that loads with its own chunk, only for encounters of its game. */
export type LazyPart = () => Promise<{ default: ComponentType }>;

/** A chip of what a combatant may still do this turn (gm/turn/economy.tsx). */
export interface Chip {
  readonly label: string;
  readonly state: 'free' | 'used' | 'info' | 'warn';
  readonly title?: string;
}

/** A roller of the initiative table: a combatant, or a side in side initiative. */
export interface Roller {
  readonly key: string;
  readonly label: string;
  readonly combatant?: string;
}

/** A keyboard shortcut as the GM screen's help lists it. */
export interface Shortcut {
  readonly keys: string;
  readonly what: string;
}

/** The GM screen's part of a game (games/<game>/gm.ts). Every field may be left out: the generic screen's way. */
export interface GmGame {
  readonly id: string;
  /** The order panel's title when the game shows its own order ("Game turn", "Cards"). */
  readonly orderTitle?: string;
  /** The game's own order view, instead of the initiative slots (Kuro's phases, popcorn's cards). */
  readonly orderView?: LazyPart;
  /** Lines above the slots (Fallout's opening turn and ties, Sine Nomine's free round and surprise). */
  readonly orderNote?: ComponentType;
  /** The module keeps its order as `order` slots before a round track exists (Sine Nomine). */
  readonly moduleOrder?: boolean;
  /** Combatants in a tie the GM has yet to put in order (Fallout): their rows are marked. */
  readonly tiedIn?: (module: unknown, able: (id: string) => boolean) => string[];
  /** The GM may rearrange the order (drag, move buttons, Alt+ArrowUp/Down). */
  readonly canReorder?: boolean;
  /** The game's own start panel instead of the initiative table (Fallout, popcorn). */
  readonly startPanel?: LazyPart;
  /** A step shown above the initiative table before the fight (Sine Nomine's surprise). */
  readonly setupStep?: LazyPart;
  /** Who rolls initiative when it is not every combatant (sides in group initiative); null: everyone. */
  readonly initiativeRollers?: (view: EncounterView) => Roller[] | null;
  /** The initiative table's box: its placeholder and its title ("each die" for Kuro's dice). */
  readonly initiativeDice?: { readonly placeholder: string; readonly title: string };
  /** The panel of what the game keeps beside the order (AP pools, delayed actions, grapples), its own chunk. */
  readonly statePanel?: LazyPart;
  /** The actions panel offers an attack per target and per weapon (Fallout). */
  readonly perTargetAttacks?: boolean;
  /** What a combatant may still do this turn, in the game's words. */
  readonly economy?: (view: EncounterView, id: string) => Chip[];
  /** The roll keys of a command's typed-in dice, when the game's differ from the common ones (undefined: the common ones). */
  readonly diceKeys?: (type: string, command: Readonly<Record<string, unknown>>, view: EncounterView) => string[] | undefined;
  /** The game's own keyboard shortcuts, for the help ("T: Fallout: go to the tie…"); bound in gm/shortcuts.ts. */
  readonly shortcuts?: readonly Shortcut[];
  /** How a typed die of this roll key is read when the dry run did not say: Fallout's combat dice, Kuro's dice. */
  readonly typedDice?: (key: string) => 'combat' | 'kuro' | undefined;
}

