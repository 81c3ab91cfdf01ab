import type { EncounterState, RuleModule } from '../../core/index.ts';
import type { Card } from '../../rules/popcorn/index.ts';
import type { AttackOdds as KuroAttackOdds } from '../../rules/kuro/index.ts';
import type { Odds as FalloutOdds } from '../../rules/fallout/index.ts';
import type { AttackInput as KuroAttackInput } from '../../rules/kuro/attack-plan.ts';
import type { Rejection } from '../../core/index.ts';

/** The games, in the order the start page offers them. Titles are here so the list needs no rules code. */
export const GAMES = [
  { id: 'swn', title: 'Stars Without Number' },
  { id: 'cwn', title: 'Cities Without Number' },
  { id: 'kuro', title: 'Kuro' },
  { id: 'fallout', title: 'Fallout 2d20' },
  { id: 'popcorn', title: 'Popcorn initiative' },
  { id: 'custom', title: 'Custom' },
] as const;

export type GameId = (typeof GAMES)[number]['id'];

export function gameTitle(id: string): string {
  return GAMES.find((g) => g.id === id)?.title ?? id;
}

/** A rule module with the extras its screen uses (odds helpers, popcorn's cards), loaded on demand. */
export interface GameKit {
  readonly module: RuleModule;
  readonly cards?: (state: EncounterState) => Card[];
  readonly kuroAttackOdds?: (state: EncounterState, input: KuroAttackInput) => KuroAttackOdds | { readonly ok: false; readonly rejection: Rejection };
  readonly falloutAttackOdds?: (state: EncounterState, req: { actor: string; target: string; weapon: string; location?: string; range?: never; buyDice?: number }) => FalloutOdds;
  readonly falloutTestOdds?: (state: EncounterState, req: { actor: string; attribute: string; skill: string; difficulty: number; buyDice?: number }) => FalloutOdds;
  readonly falloutTestNotation?: (dice: number, r: { target: number; critAt: number }) => string;
}

/** Each game's code is its own chunk: a GM screen downloads only the rules of its encounter. */
const loaders: Record<string, () => Promise<GameKit>> = {
  swn: () => import('../../rules/swn/index.ts').then((m) => ({ module: m.swn as RuleModule })),
  cwn: () => import('../../rules/cwn/index.ts').then((m) => ({ module: m.cwn as RuleModule })),
  kuro: () =>
    import('../../rules/kuro/index.ts').then((m) => ({
      module: m.kuro as RuleModule,
      kuroAttackOdds: (state, input) => m.attackOdds(state as never, input),
    })),
  fallout: () =>
    Promise.all([import('../../rules/fallout/index.ts'), import('../../rules/fallout/tests.ts')]).then(([m, t]) => ({
      module: m.fallout as RuleModule,
      falloutAttackOdds: (state, req) => m.attackOdds(state, req),
      falloutTestOdds: (state, req) => m.falloutTestOdds(state, req),
      falloutTestNotation: (dice, r) => t.testNotation(dice, r),
    })),
  popcorn: () => import('../../rules/popcorn/index.ts').then((m) => ({ module: m.popcorn as RuleModule, cards: (s) => m.cards(s as never) })),
  custom: () => import('../../rules/custom/index.ts').then((m) => ({ module: m.custom as RuleModule })),
};

const cache = new Map<string, Promise<GameKit>>();

export function loadGame(id: string): Promise<GameKit> {
  const load = loaders[id];
  if (!load) return Promise.reject(new Error(`There are no "${id}" rules.`));
  let p = cache.get(id);
  if (!p) {
    p = load();
    cache.set(id, p);
  }
  return p;
}
