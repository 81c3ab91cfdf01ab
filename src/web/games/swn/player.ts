import type { PlayerGame } from '../screen-game.ts';

/** Stars Without Number on the player page. */
export const player: PlayerGame = { id: 'swn', title: 'Stars Without Number' };
