import type { FoldModule } from '../../core/index.ts';
import { sineNomineFold } from '../sine-nomine/fold-module.ts';
import type { SnState } from '../sine-nomine/state.ts';
import { cwnConditions } from './conditions.ts';
import { cwnGame } from './game.ts';

/** The fold half of the cwn module (index.ts): what the GM screen needs to show a fight, without zod. */
export const cwnFold: FoldModule<SnState> = { ...sineNomineFold(cwnGame, 1), conditions: cwnConditions };
