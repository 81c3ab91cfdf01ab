import { COMMON_CONDITIONS } from '../../core/index.ts';
import type { FoldModule } from '../../core/index.ts';
import { allowedActionsPopcorn } from './allowed.ts';
import { popcornStory } from './story.ts';
import { describePopcorn } from './describe.ts';
import { evolvePopcorn } from './evolve.ts';
import type { PopcornState } from './state.ts';
import { initialPopcornState } from './state.ts';
import { whoMayActPopcorn } from './who-may-act.ts';

/** The fold half of the popcorn module (index.ts): what the GM screen needs to show a fight, without zod. */
export const popcornFold: FoldModule<PopcornState> = {
  id: 'popcorn',
  title: 'Popcorn initiative',
  version: 1,
  /** The text names no conditions: the short generic list. */
  conditions: COMMON_CONDITIONS,
  init: () => initialPopcornState(),
  evolve: (state, event) => evolvePopcorn(state, event),
  whoMayAct: whoMayActPopcorn,
  allowedActions: allowedActionsPopcorn,
  describe: describePopcorn,
  story: popcornStory,
};
