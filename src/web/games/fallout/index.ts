/**
 * Fallout 2d20 on the screens (rules: src/rules/fallout/).
 *
 * - index.ts: the game as every page knows it (title, place in the list, rules loaders, the session
 *   button's Luck and AP refresh, the fight started on the GM screen);
 * - gm.ts: its GM screen parts (start-panel.tsx, order-note.tsx with the ties of order-tie.tsx and
 *   tie-order.ts, state-panel.tsx, odds.ts); player.ts: its player page words.
 */
import type { EncounterState, FoldModule, RuleModule } from '../../../core/index.ts';
import type { Odds as FalloutOdds } from '../../../rules/fallout/index.ts';
import type { ScreenGame } from '../screen-game.ts';
import { player } from './player.ts';

declare module '../screen-game.ts' {
  interface GameKit {
    /** Fallout: the rules' odds of an attack and of a test, and a test's dice notation. */
    readonly falloutAttackOdds?: (state: EncounterState, req: { actor: string; target: string; weapon: string; location?: string; range?: never; buyDice?: number }) => FalloutOdds;
    readonly falloutTestOdds?: (state: EncounterState, req: { actor: string; attribute: string; skill: string; difficulty: number; buyDice?: number }) => FalloutOdds;
    readonly falloutTestNotation?: (dice: number, r: { target: number; critAt: number }) => string;
  }
}

export const game: ScreenGame = {
  ...player,
  position: 4,
  blurb: 'Opening turn, static initiative with GM tie decisions, AP, Luck and Ready interrupts.',
  loadRules: () =>
    Promise.all([import('../../../rules/fallout/index.ts'), import('./odds.ts')]).then(([m, o]) => {
      const falloutTestNotation = (dice: number, r: { target: number; critAt: number }) => m.testNotation(dice, r);
      return {
        module: m.fallout as RuleModule,
        falloutAttackOdds: (state: EncounterState, req: { actor: string; target: string; weapon: string; location?: string; range?: never; buyDice?: number }) => m.attackOdds(state, req),
        falloutTestOdds: (state: EncounterState, req: { actor: string; attribute: string; skill: string; difficulty: number; buyDice?: number }) => m.falloutTestOdds(state, req),
        falloutTestNotation,
        odds: (_state, _command, events) => o.falloutOdds({ falloutTestNotation }, events),
      };
    }),
  loadFold: () => import('../../../rules/fallout/fold.ts').then((m) => ({ fold: m.falloutFold as FoldModule })),
  startsOnScreen: true,
  opensWith: 'takes the opening turn',
  sessionButton: (next) => `Start session ${next}: refresh Luck and AP`,
};
