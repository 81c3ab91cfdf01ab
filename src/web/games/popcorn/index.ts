/**
 * Popcorn initiative on the screens (rules: src/rules/popcorn/): cards instead of an order, and the
 * fight started on the GM screen (who has the initiative first).
 *
 * - index.ts: the game as every page knows it (title, place in the list, rules loaders with the cards);
 * - gm.ts: its GM screen parts (order-view.tsx: the cards; start-panel.tsx; state-panel.tsx);
 *   player.ts: its player page words.
 */
import type { EncounterState, FoldModule, RuleModule } from '../../../core/index.ts';
import type { Card } from '../../../rules/popcorn/index.ts';
import type { ScreenGame } from '../screen-game.ts';
import { player } from './player.ts';

declare module '../screen-game.ts' {
  interface FoldKit {
    /** Popcorn: the cards, face up or down. */
    readonly cards?: (state: EncounterState) => Card[];
  }
  interface GameKit {
    readonly cards?: (state: EncounterState) => Card[];
  }
}

export const game: ScreenGame = {
  ...player,
  position: 5,
  blurb: 'Pass the initiative: holds, delayed and conditional actions, Reaction Pools.',
  loadRules: () => import('../../../rules/popcorn/index.ts').then((m) => ({ module: m.popcorn as RuleModule, cards: (s: EncounterState) => m.cards(s as never) })),
  loadFold: () =>
    Promise.all([import('../../../rules/popcorn/fold.ts'), import('../../../rules/popcorn/cards.ts')]).then(([m, c]) => ({
      fold: m.popcornFold as FoldModule,
      cards: (s: EncounterState) => c.cards(s as never),
    })),
  startsOnScreen: true,
};
