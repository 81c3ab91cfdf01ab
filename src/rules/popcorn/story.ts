/**
 * Popcorn's part of the story of a fight (src/core/story). Popcorn has no attack command: the one who
 * has acted (`act`, a conditional action going off, a delayed action completing) rolls, and the GM
 * applies the damage by hand with the core's `damage` command, so that damage counts as the last
 * actor's (a reaction in between, such as the target's dodge, does not change who acted). Reaction
 * Pool dice spent count as "Reaction dice".
 */
import type { EngineEvent, StoryRules, StorySpend } from '../../core/index.ts';
import type { PopcornEvent } from './events.ts';

function actionBy(event: EngineEvent): string | null {
  const e = event as PopcornEvent;
  switch (e.type) {
    case 'popcorn/acted':
    case 'popcorn/conditional-fired':
    case 'popcorn/delayed-completed':
      return e.actor;
    default:
      return null;
  }
}

function spent(event: EngineEvent): readonly StorySpend[] {
  const e = event as PopcornEvent;
  if (e.type !== 'popcorn/reacted' || !e.pool || e.pool.from <= e.pool.to) return [];
  return [{ resource: 'Reaction dice', amount: e.pool.from - e.pool.to, by: e.actor }];
}

export const popcornStory: StoryRules = { actionBy, spent };
