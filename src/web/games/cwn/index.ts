/**
 * Cities Without Number on the screens (rules: src/rules/cwn/). Shares its screen parts with Stars
 * Without Number (../sine-nomine/: the surprise step, the Main/Move chips, the attack odds).
 *
 * - index.ts: the game as every page knows it (title, place in the list, rules loaders);
 * - gm.ts: its GM screen parts (and its grapples panel, state-panel.tsx); player.ts: its player page words.
 */
import type { FoldModule, RuleModule } from '../../../core/index.ts';
import type { ScreenGame } from '../screen-game.ts';
import { player } from './player.ts';

export const game: ScreenGame = {
  ...player,
  position: 2,
  blurb: 'Side or individual initiative, surprise free round, shove, grapple, less-lethal damage.',
  loadRules: () =>
    Promise.all([import('../../../rules/cwn/index.ts'), import('../sine-nomine/odds.ts')]).then(([m, o]) => ({
      module: m.cwn as RuleModule,
      odds: (state, command, events) => (command.type === 'attack' ? o.sineNomineOdds(state, 'cwn', command, events) : null),
    })),
  loadFold: () => import('../../../rules/cwn/fold.ts').then((m) => ({ fold: m.cwnFold as FoldModule })),
};
