import type { PlayerGame } from '../screen-game.ts';

/** Popcorn initiative on the player page. */
export const player: PlayerGame = { id: 'popcorn', title: 'Popcorn initiative' };
