import type { RuleModule } from '../../core/index.ts';
import { sineNomineModule } from '../sine-nomine/index.ts';
import type { SnState } from '../sine-nomine/index.ts';
import { swnGame, swnOptionDocs, swnOptions, swnStatDocs, swnStats } from './game.ts';

export type SwnState = SnState;

/**
 * Stars Without Number (revised edition): 1d8 + Dex initiative rolled once, PCs winning ties (then the
 * higher Dex modifier, then a recorded roll-off), optional group initiative, surprise by opposed
 * Dex/Sneak vs Wis/Notice, the Main / Move / On Turn / Instant economy, attacks with Shock and the hit
 * roll modifier table. See README.md in this folder.
 */
export const swn: RuleModule<SwnState> = sineNomineModule(swnGame, {
  version: 1,
  options: swnOptions,
  optionDocs: swnOptionDocs,
  stats: swnStats,
  statDocs: swnStatDocs,
});
