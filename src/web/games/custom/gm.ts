import type { GmGame } from '../screen-game.ts';

/** Custom rules on the GM screen: the generic initiative slots, which the GM may rearrange. */
export const gm: GmGame = { id: 'custom', canReorder: true };
