/**
 * Kuro on the screens (rules: src/rules/kuro/). Its round is a game turn.
 *
 * - index.ts: the game as every page knows it (title, place in the list, rules loaders);
 * - gm.ts: its GM screen parts (order-view.tsx: the phases; odds.ts: an attack's odds);
 *   player.ts: its player page words.
 */
import type { EncounterState, FoldModule, Rejection, RuleModule } from '../../../core/index.ts';
import type { AttackInput as KuroAttackInput, AttackOdds as KuroAttackOdds } from '../../../rules/kuro/index.ts';
import type { ScreenGame } from '../screen-game.ts';
import { player } from './player.ts';

declare module '../screen-game.ts' {
  interface GameKit {
    /** Kuro: the rules' odds of an attack. */
    readonly kuroAttackOdds?: (state: EncounterState, input: KuroAttackInput) => KuroAttackOdds | { readonly ok: false; readonly rejection: Rejection };
  }
}

export const game: ScreenGame = {
  ...player,
  position: 3,
  blurb: 'Initiative re-rolled every game turn, combat phases, simultaneous slots, Power and Fast attacks.',
  loadRules: () =>
    Promise.all([import('../../../rules/kuro/index.ts'), import('./odds.ts')]).then(([m, o]) => {
      const kuroAttackOdds = (state: EncounterState, input: KuroAttackInput) => m.attackOdds(state as never, input);
      return {
        module: m.kuro as RuleModule,
        kuroAttackOdds,
        odds: (state, command) => (command.type === 'attack' ? o.kuroOdds({ kuroAttackOdds }, state, command) : null),
      };
    }),
  loadFold: () => import('../../../rules/kuro/fold.ts').then((m) => ({ fold: m.kuroFold as FoldModule })),
};
