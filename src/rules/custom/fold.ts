import { COMMON_CONDITIONS } from '../../core/index.ts';
import type { FoldModule } from '../../core/index.ts';
import { describeCustom } from './describe.ts';
import { evolveCustom } from './evolve.ts';
import { allowedActionsCustom, whoMayActCustom } from './queries.ts';
import type { CustomState } from './state.ts';
import { initialCustomState } from './state.ts';

/** The fold half of the custom module (index.ts): what the GM screen needs to show a fight, without zod. */
export const customFold: FoldModule<CustomState> = {
  id: 'custom',
  title: 'Custom',
  version: 1,
  /** The text names no conditions: the short generic list. */
  conditions: COMMON_CONDITIONS,
  init: () => initialCustomState(),
  evolve: (state, event) => evolveCustom(state, event),
  whoMayAct: whoMayActCustom,
  allowedActions: allowedActionsCustom,
  describe: describeCustom,
};
