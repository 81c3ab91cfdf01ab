import type { GameParts, PlayerGame } from '../screen-game.ts';

/** Fallout 2d20 on the player page: the party's AP pool as a meter (never the GM's). */
export const player: PlayerGame = {
  id: 'fallout',
  title: 'Fallout 2d20',
  gameParts: (g): GameParts | null => {
    if (g.kind !== 'fallout') return null;
    const { value, max } = g.partyAp;
    return { kind: 'fallout', heading: `Party AP ${value}${max !== null ? `/${max}` : ''}`, ...(max !== null ? { meter: { value, max } } : {}), lines: [] };
  },
};
