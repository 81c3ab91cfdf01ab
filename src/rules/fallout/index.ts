import type { RuleModule } from '../../core/index.ts';
import { falloutFold } from './fold.ts';
import { falloutCommands } from './commands.ts';
import { decideFallout } from './decide.ts';
import { falloutOptionDocs, falloutOptions } from './options.ts';
import type { FalloutState } from './state.ts';
import { tracksForFallout } from './tracks.ts';
import { falloutStatDocs, falloutStats } from './stat-schemas.ts';

export type { FalloutState } from './state.ts';
export type { FalloutOptions } from './options.ts';
export type { FalloutStats } from './stats.ts';
export type { FalloutEvent } from './events.ts';
export { attackOdds, falloutTestOdds } from './odds.ts';
export { testNotation } from './tests.ts';
export { undecidedTies } from './initiative.ts';
export type { FalloutEncounter } from './state.ts';
export type { Odds } from './odds.ts';

/**
 * Fallout: The Roleplaying Game (Modiphius 2d20): the initiator's opening turn, the static PER + AGI /
 * BODY + MIND order with GM tie decisions, minor and major actions with Action Points, Luck to act
 * early, Ready, 2d20 tests with exact odds and attacks with hit locations, combat dice and DR.
 * See README.md in this folder.
 */
export const fallout: RuleModule<FalloutState> = {
  ...falloutFold,
  options: falloutOptions as never,
  optionDocs: falloutOptionDocs,
  stats: falloutStats as never,
  statDocs: falloutStatDocs,
  commands: falloutCommands as never,
  tracksFor: tracksForFallout,
  decide: decideFallout,
};
export { falloutFold };
