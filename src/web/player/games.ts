/// <reference types="vite/client" />
/**
 * The player page's part of each game, found by its folder (src/web/games/<game>/player.ts, exporting
 * `player`): titles and words, plain data (the player page has no React and loads no rules, so it
 * does not read the games' index.ts with their loaders).
 */
import type { PlayerGame } from '../games/index.ts';

export type { GameParts, PlayerGame } from '../games/index.ts';

const found = import.meta.glob<PlayerGame | undefined>('../games/*/player.ts', { eager: true, import: 'player' });
const byId = new Map<string, PlayerGame>(Object.values(found).flatMap((g) => (g ? [[g.id, g] as const] : [])));

export function playerGame(id: string): PlayerGame | undefined {
  return byId.get(id);
}
