import type { RuleModule } from '../../core/index.ts';
import { customFold } from './fold.ts';
import { decideCustom } from './decide.ts';
import { customCommands, customOptionDocs, customOptions, customStatDocs, customStats } from './schema.ts';
import type { CustomState } from './state.ts';

/**
 * For games Turnkeeper does not cover yet: an initiative formula per combatant, highest first, a chosen
 * tie-break, optionally re-rolled every round, and simple attacks against a defense number.
 */
export const custom: RuleModule<CustomState> = {
  ...customFold,
  options: customOptions,
  optionDocs: customOptionDocs,
  stats: customStats,
  statDocs: customStatDocs,
  commands: customCommands,
  decide: (state, command, ctx) => decideCustom(state, command, ctx),
};
export { customFold };
