/**
 * The duel on the screens (rules: ../../../rules/duel/): the generic GM screen and player page.
 * - index.ts: the game as every page knows it (title, place in the list, rules loaders);
 * - gm.ts: its GM screen parts; player.ts: its player page words.
 */
import type { FoldModule, RuleModule } from '../../../../../../src/core/index.ts';
import type { ScreenGame } from '../../../../../../src/web/games/index.ts';
import { player } from './player.ts';

export const game: ScreenGame = {
  ...player,
  position: 100,
  blurb: 'Two combatants, d6 initiative, highest first (an example).',
  loadRules: () => import('../../../rules/duel/index.ts').then((m) => ({ module: m.duel as RuleModule })),
  loadFold: () => import('../../../rules/duel/fold.ts').then((m) => ({ fold: m.duelFold as FoldModule })),
};
