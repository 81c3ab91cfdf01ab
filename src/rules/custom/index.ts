import type { RuleModule } from '../../core/index.ts';
import { decideCustom } from './decide.ts';
import { describeCustom } from './describe.ts';
import { evolveCustom } from './evolve.ts';
import { allowedActionsCustom, whoMayActCustom } from './queries.ts';
import { customCommands, customOptionDocs, customOptions, customStatDocs, customStats } from './schema.ts';
import type { CustomState } from './state.ts';
import { initialCustomState } from './state.ts';

/**
 * For games Turnkeeper does not cover yet: an initiative formula per combatant, highest first, a chosen
 * tie-break, optionally re-rolled every round, and simple attacks against a defense number.
 */
export const custom: RuleModule<CustomState> = {
  id: 'custom',
  title: 'Custom',
  version: 1,
  options: customOptions,
  optionDocs: customOptionDocs,
  stats: customStats,
  statDocs: customStatDocs,
  commands: customCommands,
  init: () => initialCustomState(),
  decide: (state, command, ctx) => decideCustom(state, command, ctx),
  evolve: (state, event) => evolveCustom(state, event),
  whoMayAct: whoMayActCustom,
  allowedActions: allowedActionsCustom,
  describe: describeCustom,
};
