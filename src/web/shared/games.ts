import type { Engine, EncounterState, FoldModule, RuleModule } from '../../core/index.ts';
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

/**
 * The fold half of a game's rules (core FoldModule) with popcorn's cards: what the GM screen needs to
 * show a fight. It loads without zod and the deciding code, so the screen's first load is smaller;
 * the whole GameKit follows once the screen shows.
 */
export interface FoldKit {
  readonly fold: FoldModule;
  readonly cards?: (state: EncounterState) => Card[];
}

/** A whole rule module with its engine and the extras its screen uses (odds helpers, popcorn's cards), loaded on demand. */
export interface GameKit {
  readonly module: RuleModule;
  /** The engine over this module: decides commands (dry runs for odds and checks). */
  readonly engine: Engine;
  readonly cards?: (state: EncounterState) => Card[];
  readonly kuroAttackOdds?: (state: EncounterState, input: KuroAttackInput) => KuroAttackOdds | { readonly ok: false; readonly rejection: Rejection };
  readonly falloutAttackOdds?: (state: EncounterState, req: { actor: string; target: string; weapon: string; location?: string; range?: never; buyDice?: number }) => FalloutOdds;
  readonly falloutTestOdds?: (state: EncounterState, req: { actor: string; attribute: string; skill: string; difficulty: number; buyDice?: number }) => FalloutOdds;
  readonly falloutTestNotation?: (dice: number, r: { target: number; critAt: number }) => string;
}

/** Each game's code is its own chunk: a GM screen downloads only the rules of its encounter. */
const loaders: Record<string, () => Promise<Omit<GameKit, 'engine'>>> = {
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

/** Each game's fold half, its own chunk (the rules' files the whole module shares with it come with it). */
const foldLoaders: Record<string, () => Promise<FoldKit>> = {
  swn: () => import('../../rules/swn/fold.ts').then((m) => ({ fold: m.swnFold as FoldModule })),
  cwn: () => import('../../rules/cwn/fold.ts').then((m) => ({ fold: m.cwnFold as FoldModule })),
  kuro: () => import('../../rules/kuro/fold.ts').then((m) => ({ fold: m.kuroFold as FoldModule })),
  fallout: () => import('../../rules/fallout/fold.ts').then((m) => ({ fold: m.falloutFold as FoldModule })),
  popcorn: () =>
    Promise.all([import('../../rules/popcorn/fold.ts'), import('../../rules/popcorn/cards.ts')]).then(([m, c]) => ({
      fold: m.popcornFold as FoldModule,
      cards: (s) => c.cards(s as never),
    })),
  custom: () => import('../../rules/custom/fold.ts').then((m) => ({ fold: m.customFold as FoldModule })),
};

const wholeKits = new Map<string, Promise<GameKit>>();
const foldKits = new Map<string, Promise<FoldKit>>();

/**
 * One load per game, kept once it has succeeded; a failed one (a dropped connection) is forgotten, so
 * the next call tries again.
 */
export function cached<T>(cache: Map<string, Promise<T>>, id: string, load: (() => Promise<T>) | undefined): Promise<T> {
  if (!load) return Promise.reject(new Error(`There are no "${id}" rules.`));
  let p = cache.get(id);
  if (!p) {
    p = load();
    cache.set(id, p);
    p.catch(() => {
      if (cache.get(id) === p) cache.delete(id);
    });
  }
  return p;
}

/** A game's whole rules and their engine (with zod and the engine's deciding half). */
export function loadGame(id: string): Promise<GameKit> {
  const load = loaders[id];
  return cached(wholeKits, id, load && (() => Promise.all([load(), import('../../core/engine.ts')]).then(([kit, e]) => ({ ...kit, engine: e.createEngine([kit.module]) }))));
}

/** A game's fold half: enough to fold its events and show the fight (no zod). */
export function loadFold(id: string): Promise<FoldKit> {
  return cached(foldKits, id, foldLoaders[id]);
}
