import type { RuleModule } from '../../core/index.ts';
import { sineNomineModule } from '../sine-nomine/index.ts';
import type { SnState } from '../sine-nomine/index.ts';
import { swnFold } from './fold.ts';
import { swnGame } from './game.ts';
import { swnOptionDocs, swnOptions, swnStatDocs, swnStats } from './schemas.ts';

export type SwnState = SnState;

/**
 * Stars Without Number (revised edition): 1d8 + Dex initiative rolled once, PCs winning ties (then the
 * higher Dex modifier, then a recorded roll-off), optional group initiative, surprise by opposed
 * Dex/Sneak vs Wis/Notice, the Main / Move / On Turn / Instant economy, attacks with Shock and the hit
 * roll modifier table. See README.md in this folder.
 */
export const swn: RuleModule<SwnState> = sineNomineModule(swnGame, swnFold, {
  options: swnOptions,
  optionDocs: swnOptionDocs,
  stats: swnStats,
  statDocs: swnStatDocs,
});

export { swnFold };
