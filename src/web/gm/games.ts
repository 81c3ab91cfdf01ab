/// <reference types="vite/client" />
/**
 * The GM screen's part of each game, found by its folder (src/web/games/<game>/gm.ts, exporting `gm`,
 * by that name: adding the folder is enough). Only the GM screen imports this registry: the start,
 * campaign and player pages carry none of it.
 * Each game's bigger parts are loaders, so they come with their own chunk for that game's encounters only.
 */
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { GAMES } from '../games/index.ts';
import type { GmGame, LazyPart, Shortcut } from '../games/index.ts';

export type { Chip, GmGame, LazyPart, Roller, Shortcut } from '../games/index.ts';

const found = import.meta.glob<GmGame | undefined>('../games/*/gm.ts', { eager: true, import: 'gm' });
const byId = new Map<string, GmGame>(Object.values(found).flatMap((g) => (g ? [[g.id, g] as const] : [])));

/** The GM screen's part of a game; a game without one gets the generic screen (an empty part). */
export function gmGame(id: string): GmGame {
  return byId.get(id) ?? { id };
}

/** Every game's own keyboard shortcuts, in the start page's order of games, for the help. */
export function gameShortcuts(): Shortcut[] {
  return GAMES.flatMap((g) => [...(byId.get(g.id)?.shortcuts ?? [])]);
}

const parts = new Map<LazyPart, LazyExoticComponent<ComponentType>>();

/** A game's part as a React component loaded on first render (one per part, so React keeps its state). */
export function lazyPart(load: LazyPart): LazyExoticComponent<ComponentType> {
  let c = parts.get(load);
  if (!c) {
    c = lazy(load);
    parts.set(load, c);
  }
  return c;
}
