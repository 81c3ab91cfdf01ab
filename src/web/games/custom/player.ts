import type { PlayerGame } from '../screen-game.ts';

/** Custom rules on the player page. */
export const player: PlayerGame = { id: 'custom', title: 'Custom' };
