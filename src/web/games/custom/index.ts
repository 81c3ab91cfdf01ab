/**
 * Custom rules on the screens (rules: src/rules/custom/): the generic screen, with the attack odds of
 * its typed-in hit dice (odds.ts).
 *
 * - index.ts: the game as every page knows it (title, place in the list, rules loaders);
 * - gm.ts: its GM screen parts; player.ts: its player page words.
 */
import type { FoldModule, RuleModule } from '../../../core/index.ts';
import type { ScreenGame } from '../screen-game.ts';
import { player } from './player.ts';

export const game: ScreenGame = {
  ...player,
  position: 6,
  blurb: 'Any other game: an initiative formula, a tie-break, simple attacks against a defense.',
  loadRules: () =>
    Promise.all([import('../../../rules/custom/index.ts'), import('./odds.ts')]).then(([m, o]) => ({
      module: m.custom as RuleModule,
      odds: (state, command) => (command.type === 'attack' ? o.customOdds(state, command) : null),
    })),
  loadFold: () => import('../../../rules/custom/fold.ts').then((m) => ({ fold: m.customFold as FoldModule })),
};
