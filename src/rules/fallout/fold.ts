import type { FoldModule } from '../../core/index.ts';
import { falloutConditions } from './condition-list.ts';
import { falloutStory } from './story.ts';
import { describeFallout } from './describe.ts';
import { evolveFallout } from './evolve.ts';
import type { FalloutOptions } from './options.ts';
import { allowedActionsFallout, whoMayActFallout } from './queries.ts';
import type { FalloutState } from './state.ts';
import { initialFalloutState } from './state.ts';

/** The fold half of the Fallout module (index.ts): what the GM screen needs to show a fight, without zod. */
export const falloutFold: FoldModule<FalloutState> = {
  id: 'fallout',
  title: 'Fallout 2d20',
  version: 1,
  conditions: falloutConditions,
  init: (options) => initialFalloutState(options as FalloutOptions),
  evolve: evolveFallout,
  whoMayAct: whoMayActFallout,
  allowedActions: allowedActionsFallout,
  describe: describeFallout,
  story: falloutStory,
};
