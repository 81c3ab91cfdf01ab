import type { FoldModule } from '../../core/index.ts';
import { sineNomineFold } from '../sine-nomine/fold-module.ts';
import type { SnState } from '../sine-nomine/state.ts';
import { swnConditions } from './conditions.ts';
import { swnGame } from './game.ts';

/** The fold half of the swn module (index.ts): what the GM screen needs to show a fight, without zod. */
export const swnFold: FoldModule<SnState> = { ...sineNomineFold(swnGame, 1), conditions: swnConditions };
