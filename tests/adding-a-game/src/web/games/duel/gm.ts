import type { GmGame } from '../../../../../../src/web/games/index.ts';

/** The duel on the GM screen: the generic initiative slots, which the GM may rearrange. */
export const gm: GmGame = { id: 'duel', canReorder: true };
