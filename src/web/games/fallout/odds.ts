/** Fallout's odds of a test before the dice are rolled. Loaded with the game's rules (its loader in index.ts), not with the GM screen's first load. */
import type { EngineEvent } from '../../../core/index.ts';
import { barsOf, dist } from '../../gm/turn/odds.ts';
import type { Odds } from '../../gm/turn/odds.ts';
import type { GameKit } from '../screen-game.ts';

/** Fallout: the engine's own test (its exact odds travel in the event), charted as successes. */
export function falloutOdds(kit: Pick<GameKit, 'falloutTestNotation'>, events: readonly EngineEvent[]): Odds | null {
  for (const e of events) {
    const test = (e as { test?: unknown }).test as { dice: number; target: number; critAt: number; difficulty: number; odds: number; helpers: unknown[] } | undefined;
    if (!test || typeof test.odds !== 'number') continue;
    const notation = kit.falloutTestNotation?.(test.dice, test) ?? `${test.dice}d20<=${test.target}cs<=${test.critAt}`;
    const d = dist(notation);
    const why = (e as { why?: string[] }).why ?? [];
    return {
      p: test.odds,
      text: `${test.dice}d20, target ${test.target}${test.critAt > 1 ? ` (1–${test.critAt} count double)` : ''}, difficulty ${test.difficulty}`,
      bars: d ? barsOf(d, (v) => v >= test.difficulty) : [],
      axis: 'successes',
      notes: [...(why.length ? [`Difficulty: ${why.join(', ')}.`] : []), ...(test.helpers.length ? ['Assistants included in the chance, not in the chart.'] : [])],
    };
  }
  return null;
}
