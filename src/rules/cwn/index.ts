import type { RuleModule } from '../../core/index.ts';
import { sineNomineModule } from '../sine-nomine/index.ts';
import type { SnState } from '../sine-nomine/index.ts';
import { cwnFold } from './fold.ts';
import { cwnGame } from './game.ts';
import { cwnOptionDocs, cwnOptions, cwnStatDocs, cwnStats } from './schemas.ts';

export type CwnState = SnState;

/**
 * Cities Without Number: side initiative (1d8 + the side's best Dex modifier, PC sides winning ties) or
 * individual, automatic initiative, surprise with a free round, the action economy, the cover table,
 * shove and grapple, and less-lethal damage. See README.md in this folder.
 */
export const cwn: RuleModule<CwnState> = sineNomineModule(cwnGame, cwnFold, {
  options: cwnOptions,
  optionDocs: cwnOptionDocs,
  stats: cwnStats,
  statDocs: cwnStatDocs,
});

export { cwnFold };
