import { reject } from '../../core/index.ts';
import type { Decision } from '../../core/index.ts';
import type { SnGame } from './game.ts';
import { listText } from './query.ts';
import { noSpend } from './state.ts';
import type { SnEncounter, Spent } from './state.ts';

/**
 * The action economy of a round: one Main action, one Move action (the Main may be spent as a second
 * Move), any number of On Turn and Instant actions. What a use of each was is recorded by name.
 */
export type Cost = 'none' | 'main' | 'move' | 'main-as-move' | 'move-or-main';

/** What an event spends: `main` and `move` name the use, e.g. { main: 'attack' }. */
export interface Spends {
  readonly main?: string;
  readonly move?: string;
}

export function spentOf(state: SnEncounter, id: string): Spent {
  return state.module.spent[id] ?? noSpend;
}

export type Payment = { readonly ok: true; readonly spends: Spends } | { readonly ok: false; readonly decision: Decision<never> };

// Module-level, not a closure in pay: tsx's esbuild names each closure it makes.
function mainUsed(game: SnGame, name: string, spent: Spent): Payment {
  return {
    ok: false,
    decision: reject(`${game.id}/main-spent`, `${name} has already used the Main action this round (${listText(spent.mains)}).`),
  };
}

/** What paying `cost` for `use` spends, or why it cannot be paid. */
export function pay(state: SnEncounter, game: SnGame, id: string, cost: Cost, use: string): Payment {
  const name = state.combatants[id]!.name;
  const spent = spentOf(state, id);
  const mainFree = spent.mains.length === 0;
  const moveFree = spent.moves.length === 0;
  switch (cost) {
    case 'none':
      return { ok: true, spends: {} };
    case 'main':
      return mainFree ? { ok: true, spends: { main: use } } : mainUsed(game, name, spent);
    case 'main-as-move':
      return mainFree ? { ok: true, spends: { main: use } } : mainUsed(game, name, spent);
    case 'move':
      if (moveFree) return { ok: true, spends: { move: use } };
      return {
        ok: false,
        decision: reject(
          `${game.id}/move-spent`,
          `${name} has already used the Move action this round (${listText(spent.moves)})${
            mainFree ? '; the Main action can still be spent as a second Move (main-as-move)' : ''
          }.`,
        ),
      };
    case 'move-or-main':
      if (moveFree) return { ok: true, spends: { move: use } };
      if (mainFree) return { ok: true, spends: { main: `${use} (as a second Move)` } };
      return {
        ok: false,
        decision: reject(`${game.id}/no-move-left`, `${name} has already used both the Move and the Main action this round.`),
      };
  }
}

/** The round's spending with one more use. */
export function addSpends(spent: Spent, spends: Spends): Spent {
  return {
    mains: spends.main !== undefined ? [...spent.mains, spends.main] : spent.mains,
    moves: spends.move !== undefined ? [...spent.moves, spends.move] : spent.moves,
  };
}

/** "Main action", "Move action", "Main action spent as a Move": what a log line says was used. */
export function spendsText(spends: Spends): string {
  const parts: string[] = [];
  if (spends.main !== undefined) parts.push(spends.main.endsWith('(as a second Move)') || spends.main === 'second Move' ? 'Main action as a second Move' : 'Main action');
  if (spends.move !== undefined) parts.push('Move action');
  return parts.join(' and ');
}
