import type { PlayerGame } from '../screen-game.ts';

/** Cities Without Number on the player page. */
export const player: PlayerGame = { id: 'cwn', title: 'Cities Without Number' };
