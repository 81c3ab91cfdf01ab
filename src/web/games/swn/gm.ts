import type { GmGame } from '../screen-game.ts';
import { sideRollers, sineNomineGm } from '../sine-nomine/gm-parts.ts';

/** Stars Without Number on the GM screen: Sine Nomine's parts; the sides roll in group initiative. */
export const gm: GmGame = {
  id: 'swn',
  ...sineNomineGm,
  initiativeRollers: (view) => (view.options.initiative === 'group' ? sideRollers(view) : null),
};
