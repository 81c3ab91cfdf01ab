import { expiresAt } from './condition.ts';
import type { Boundary } from './condition.ts';
import type { CoreEvent, EngineEvent } from './events.ts';
import { evolveState } from './evolve.ts';
import type { FoldModule } from './rule-module.ts';
import type { EncounterState } from './state.ts';

/**
 * What follows by itself from a decision's events, added right after the event that causes it:
 * conditions expire at round and turn boundaries, a combatant whose HP reaches 0 is defeated, and a
 * defeated combatant whose HP goes from 0 (or below) to above 0 is back in the fight (a heal, or the
 * GM setting the track), unless the decision says itself what becomes of it (Fallout's First Aid).
 * Returns the full event list and the state after it.
 */
export function settle(
  state: EncounterState,
  events: readonly EngineEvent[],
  module: FoldModule,
): { events: EngineEvent[]; state: EncounterState } {
  const out: EngineEvent[] = [];
  let s = state;
  const push = (e: EngineEvent): void => {
    out.push(e);
    s = evolveState(s, e, module);
  };
  events.forEach((event, i) => {
    push(event);
    const boundary = boundaryOf(event);
    if (boundary) {
      for (const e of expiries(s, boundary)) push(e);
    }
    if (event.type === 'track-changed' && event.track === 'hp' && event.to <= 0 && event.from > 0) {
      const c = s.combatants[event.id];
      if (c && !c.defeated) push({ type: 'defeated-set', id: c.id, defeated: true, reason: 'reduced to 0 HP' });
    }
    if (event.type === 'track-changed' && event.track === 'hp' && event.to > 0 && event.from <= 0) {
      const c = s.combatants[event.id];
      if (c?.defeated && !decidedLater(events, i, c.id)) push({ type: 'defeated-set', id: c.id, defeated: false, reason: 'healed above 0 HP' });
    }
  });
  return { events: out, state: s };
}

/** Whether the decision's own events, after the i-th, set this combatant's defeat (they have the last word). */
function decidedLater(events: readonly EngineEvent[], i: number, id: string): boolean {
  return events.slice(i + 1).some((e) => e.type === 'defeated-set' && (e as Extract<CoreEvent, { type: 'defeated-set' }>).id === id);
}

function boundaryOf(event: EngineEvent): Boundary | null {
  switch (event.type) {
    case 'round-started':
      return { kind: 'round-started', round: (event as Extract<CoreEvent, { type: 'round-started' }>).round };
    case 'turn-started':
    case 'turn-ended':
      return { kind: event.type, actors: (event as Extract<CoreEvent, { type: 'turn-ended' }>).actors };
    default:
      return null;
  }
}

function expiries(state: EncounterState, boundary: Boundary): CoreEvent[] {
  const out: CoreEvent[] = [];
  for (const id of state.roster) {
    const c = state.combatants[id];
    if (!c) continue;
    for (const k of c.conditions) {
      if (expiresAt(k, boundary)) {
        out.push({ type: 'condition-removed', id, conditionId: k.id, name: k.name, reason: 'expired' });
      }
    }
  }
  return out;
}
