/**
 * Fallout's part of the story of a fight (src/core/story): Luck points and Action Points spent, by
 * whom; AP spent for the group (no one in particular) count only in their pool's total.
 */
import type { EngineEvent, StoryRules, StorySpend } from '../../core/index.ts';
import type { FalloutEvent } from './events.ts';

const POOL: Record<string, string> = { party: 'party pool', gm: "GM's pool" };

function spent(event: EngineEvent): readonly StorySpend[] {
  const e = event as FalloutEvent;
  switch (e.type) {
    case 'fallout/luck-spent':
      return [{ resource: 'Luck', amount: 1, by: e.actor }];
    case 'fallout/ap-spent':
      return e.amount > 0 ? [{ resource: 'AP', amount: e.amount, by: e.by, pool: POOL[e.pool] ?? e.pool }] : [];
    default:
      return [];
  }
}

export const falloutStory: StoryRules = { spent };
