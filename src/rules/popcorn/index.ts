import type { RuleModule, Track } from '../../core/index.ts';
import { popcornFold } from './fold.ts';
import { popcornCommands } from './commands.ts';
import { decidePopcorn } from './decide.ts';
import { popcornOptionDocs, popcornOptions, popcornStatDocs, popcornStats } from './schema.ts';
import type { PopcornStats } from './schema.ts';
import type { PopcornState } from './state.ts';

/**
 * Popcorn initiative for a hero-dice game: whoever has acted passes the initiative to anyone, friend or
 * foe, who can still act; holds, delayed and conditional actions, Reaction Pools, and the six-step round.
 */
export const popcorn: RuleModule<PopcornState> = {
  ...popcornFold,
  options: popcornOptions,
  optionDocs: popcornOptionDocs,
  stats: popcornStats,
  statDocs: popcornStatDocs,
  commands: popcornCommands,
  tracksFor: (stats): Record<string, Track> => {
    const size = (stats as PopcornStats).heroDice ?? 0;
    return { reactionPool: { value: size, max: size } };
  },
  decide: (state, command, ctx) => decidePopcorn(state, command, ctx),
};

export { cards } from './cards.ts';
export type { Card } from './cards.ts';
export type { PopcornState, Pending, Phase } from './state.ts';
export type { PopcornEvent } from './events.ts';
export { popcornFold };
