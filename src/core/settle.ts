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
  // A loop and a module-level step rather than closures: the server runs from source through tsx, whose
  // esbuild keeps function names by defining `name` on every named closure, each time it is made.
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    s = step(out, s, event, module);
    const boundary = boundaryOf(event);
    if (boundary) {
      for (const e of expiries(s, boundary)) s = step(out, s, e, module);
    }
    if (event.type === 'track-changed' && event.track === 'hp' && event.to <= 0 && event.from > 0) {
      const c = s.combatants[event.id];
      if (c && !c.defeated) s = step(out, s, { type: 'defeated-set', id: c.id, defeated: true, reason: 'reduced to 0 HP' }, module);
    }
    if (event.type === 'track-changed' && event.track === 'hp' && event.to > 0 && event.from <= 0) {
      const c = s.combatants[event.id];
      if (c?.defeated && !decidedLater(events, i, c.id)) s = step(out, s, { type: 'defeated-set', id: c.id, defeated: false, reason: 'healed above 0 HP' }, module);
    }
  }
  return { events: out, state: s };
}

/** Adds `event` to `out` and returns the state after it. */
function step(out: EngineEvent[], state: EncounterState, event: EngineEvent, module: FoldModule): EncounterState {
  out.push(event);
  return evolveState(state, event, module);
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
