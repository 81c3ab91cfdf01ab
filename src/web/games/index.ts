/// <reference types="vite/client" />
/**
 * The games the screens know, found by their folders (src/web/games/<game>/index.ts, each exporting its
 * ScreenGame as `game`), in the start page's order; and each game's rules, loaded on demand. Adding a
 * game is adding its folder here and its rules in src/rules/<game>/: nothing else names it.
 */
import type { FoldKit, GameKit, ScreenGame } from './screen-game.ts';

export type { Bar, Chip, FoldKit, GameKit, GameParts, GmGame, LazyPart, Odds, PlayerGame, Roller, ScreenGame, Shortcut } from './screen-game.ts';

// Each folder's `game` export itself (not its module namespace): a folder without one (sine-nomine, shared by two games) is left out.
const found = import.meta.glob<ScreenGame | undefined>('./*/index.ts', { eager: true, import: 'game' });

/** The games, in the order the start page offers them. Titles are here so the list needs no rules code. */
export const GAMES: readonly ScreenGame[] = inListOrder(Object.values(found));

/** Games found by their folders, in the start page's order (a folder without a game left out). */
export function inListOrder(found: Iterable<ScreenGame | undefined>): ScreenGame[] {
  return [...found].flatMap((g) => (g ? [g] : [])).sort((a, b) => a.position - b.position);
}

export type GameId = string;

/** A game by its id (undefined for one the screens do not know). */
export function gameOf(id: string): ScreenGame | undefined {
  return GAMES.find((g) => g.id === id);
}

export function gameTitle(id: string): string {
  return gameOf(id)?.title ?? id;
}

/** What the game calls a round ("game turn" for Kuro), capitalised if asked. */
export function roundWordOf(id: string, capital = false): string {
  const w = gameOf(id)?.roundWord ?? 'round';
  return capital ? w[0]!.toUpperCase() + w.slice(1) : w;
}

const wholeKits = new Map<string, Promise<GameKit>>();
const foldKits = new Map<string, Promise<FoldKit>>();

/**
 * One load per game, kept once it has succeeded; a failed one (a dropped connection) is forgotten, so
 * the next call tries again.
 */
export function cached<T>(cache: Map<string, Promise<T>>, id: string, load: (() => Promise<T>) | undefined): Promise<T> {
  if (!load) return Promise.reject(new Error(`There are no "${id}" rules.`));
  let p = cache.get(id);
  if (!p) {
    p = load();
    cache.set(id, p);
    p.catch(() => {
      if (cache.get(id) === p) cache.delete(id);
    });
  }
  return p;
}

/** A game's whole rules and their engine (with zod and the engine's deciding half). */
export function loadGame(id: string): Promise<GameKit> {
  const load = gameOf(id)?.loadRules;
  return cached(wholeKits, id, load && (() => Promise.all([load(), import('../../core/engine.ts')]).then(([kit, e]) => ({ ...kit, engine: e.createEngine([kit.module]) }) as GameKit)));
}

/** A game's fold half: enough to fold its events and show the fight (no zod). */
export function loadFold(id: string): Promise<FoldKit> {
  return cached(foldKits, id, gameOf(id)?.loadFold);
}
