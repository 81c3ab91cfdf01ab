import type { RuleModule } from '../../core/index.ts';
import { sineNomineModule } from '../sine-nomine/index.ts';
import type { SnState } from '../sine-nomine/index.ts';
import { cwnGame, cwnOptionDocs, cwnOptions, cwnStatDocs, cwnStats } from './game.ts';

export type CwnState = SnState;

/**
 * Cities Without Number: side initiative (1d8 + the side's best Dex modifier, PC sides winning ties) or
 * individual, automatic initiative, surprise with a free round, the action economy, the cover table,
 * shove and grapple, and less-lethal damage. See README.md in this folder.
 */
export const cwn: RuleModule<CwnState> = sineNomineModule(cwnGame, {
  version: 1,
  options: cwnOptions,
  optionDocs: cwnOptionDocs,
  stats: cwnStats,
  statDocs: cwnStatDocs,
});
