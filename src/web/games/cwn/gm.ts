import type { GmGame } from '../screen-game.ts';
import { sideRollers, sineNomineGm } from '../sine-nomine/gm-parts.ts';

/** Cities Without Number on the GM screen: Sine Nomine's parts, side initiative unless individual, and its grapples. */
export const gm: GmGame = {
  id: 'cwn',
  ...sineNomineGm,
  initiativeRollers: (view) => (view.options.initiative !== 'individual' ? sideRollers(view) : null),
  statePanel: () => import('./state-panel.tsx').then((m) => ({ default: m.CwnGrapples })),
};
