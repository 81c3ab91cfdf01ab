import type { RuleModule } from '../../core/index.ts';
import { falloutCommands } from './commands.ts';
import { decideFallout } from './decide.ts';
import { describeFallout } from './describe.ts';
import { evolveFallout } from './evolve.ts';
import { falloutOptionDocs, falloutOptions } from './options.ts';
import type { FalloutOptions } from './options.ts';
import { allowedActionsFallout, whoMayActFallout } from './queries.ts';
import type { FalloutState } from './state.ts';
import { initialFalloutState } from './state.ts';
import { falloutStatDocs, falloutStats } from './stats.ts';
import { tracksForFallout } from './tracks.ts';

export type { FalloutState } from './state.ts';
export type { FalloutOptions } from './options.ts';
export type { FalloutStats } from './stats.ts';
export type { FalloutEvent } from './events.ts';
export { attackOdds, falloutTestOdds } from './odds.ts';
export type { Odds } from './odds.ts';

/**
 * Fallout: The Roleplaying Game (Modiphius 2d20): the initiator's opening turn, the static PER + AGI /
 * BODY + MIND order with GM tie decisions, minor and major actions with Action Points, Luck to act
 * early, Ready, 2d20 tests with exact odds and attacks with hit locations, combat dice and DR.
 * See README.md in this folder.
 */
export const fallout: RuleModule<FalloutState> = {
  id: 'fallout',
  title: 'Fallout 2d20',
  version: 1,
  options: falloutOptions as never,
  optionDocs: falloutOptionDocs,
  stats: falloutStats as never,
  statDocs: falloutStatDocs,
  commands: falloutCommands as never,
  init: (options) => initialFalloutState(options as FalloutOptions),
  tracksFor: tracksForFallout,
  decide: decideFallout,
  evolve: evolveFallout,
  whoMayAct: whoMayActFallout,
  allowedActions: allowedActionsFallout,
  describe: describeFallout,
};
