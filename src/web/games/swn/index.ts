/**
 * Stars Without Number on the screens (rules: src/rules/swn/). Shares its screen parts with Cities
 * Without Number (../sine-nomine/: the surprise step, the Main/Move chips, the attack odds).
 *
 * - index.ts: the game as every page knows it (title, place in the list, rules loaders);
 * - gm.ts: its GM screen parts; player.ts: its player page words.
 */
import type { FoldModule, RuleModule } from '../../../core/index.ts';
import type { ScreenGame } from '../screen-game.ts';
import { player } from './player.ts';

export const game: ScreenGame = {
  ...player,
  position: 1,
  blurb: 'Individual or group initiative, Main/Move/On Turn/Instant, attacks with Shock.',
  loadRules: () =>
    Promise.all([import('../../../rules/swn/index.ts'), import('../sine-nomine/odds.ts')]).then(([m, o]) => ({
      module: m.swn as RuleModule,
      odds: (state, command, events) => (command.type === 'attack' ? o.sineNomineOdds(state, 'swn', command, events) : null),
    })),
  loadFold: () => import('../../../rules/swn/fold.ts').then((m) => ({ fold: m.swnFold as FoldModule })),
};
