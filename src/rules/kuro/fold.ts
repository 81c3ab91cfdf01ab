import { COMMON_CONDITIONS } from '../../core/index.ts';
import type { FoldModule } from '../../core/index.ts';
import { describeKuro } from './describe.ts';
import { evolveKuro } from './evolve.ts';
import { allowedActionsKuro, whoMayActKuro } from './queries.ts';
import type { KuroState } from './state.ts';
import { initialKuroState } from './state.ts';

/** The fold half of the Kuro module (index.ts): what the GM screen needs to show a fight, without zod. */
export const kuroFold: FoldModule<KuroState> = {
  id: 'kuro',
  title: 'Kuro',
  version: 1,
  /** The text names no conditions: the short generic list. */
  conditions: COMMON_CONDITIONS,
  roundName: 'game turn',
  init: () => initialKuroState(),
  evolve: (state, event) => evolveKuro(state, event),
  whoMayAct: whoMayActKuro,
  allowedActions: allowedActionsKuro,
  describe: describeKuro,
};
