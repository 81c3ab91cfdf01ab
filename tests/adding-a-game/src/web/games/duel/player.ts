import type { PlayerGame } from '../../../../../../src/web/games/index.ts';

/** The duel on the player page: its name; the generic page does the rest. */
export const player: PlayerGame = { id: 'duel', title: 'Duel (example)' };
