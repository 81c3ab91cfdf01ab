import type { RuleModule, Track } from '../../core/index.ts';
import { popcornCommands } from './commands.ts';
import { decidePopcorn } from './decide.ts';
import { describePopcorn } from './describe.ts';
import { evolvePopcorn } from './evolve.ts';
import { allowedActionsPopcorn } from './allowed.ts';
import { popcornOptionDocs, popcornOptions, popcornStatDocs, popcornStats } from './schema.ts';
import type { PopcornStats } from './schema.ts';
import type { PopcornState } from './state.ts';
import { initialPopcornState } from './state.ts';
import { whoMayActPopcorn } from './who-may-act.ts';

/**
 * Popcorn initiative for a hero-dice game: whoever has acted passes the initiative to anyone, friend or
 * foe, who can still act; holds, delayed and conditional actions, Reaction Pools, and the six-step round.
 */
export const popcorn: RuleModule<PopcornState> = {
  id: 'popcorn',
  title: 'Popcorn initiative',
  version: 1,
  options: popcornOptions,
  optionDocs: popcornOptionDocs,
  stats: popcornStats,
  statDocs: popcornStatDocs,
  commands: popcornCommands,
  init: () => initialPopcornState(),
  tracksFor: (stats): Record<string, Track> => {
    const size = (stats as PopcornStats).heroDice ?? 0;
    return { reactionPool: { value: size, max: size } };
  },
  decide: (state, command, ctx) => decidePopcorn(state, command, ctx),
  evolve: (state, event) => evolvePopcorn(state, event),
  whoMayAct: whoMayActPopcorn,
  allowedActions: allowedActionsPopcorn,
  describe: describePopcorn,
};

export { cards } from './cards.ts';
export type { Card } from './cards.ts';
export type { PopcornState, Pending, Phase } from './state.ts';
export type { PopcornEvent } from './events.ts';
