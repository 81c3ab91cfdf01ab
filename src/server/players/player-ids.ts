/**
 * The ids players know combatants by. The engine numbers every combatant it adds, hidden ones too, so
 * its ids would let players count the hidden ("c1", "c4": two were skipped). Players get ids of their
 * own instead, "c1", "c2", ..., numbered in the order combatants became visible to them; a combatant
 * keeps its id when it is hidden and revealed again. When nobody was ever added hidden they are the
 * engine's ids. `PlayerBook` assigns them event by event (fed by roster-history.ts), so they are the
 * same after any reload. A request names a combatant by one of these ids (or by name) and is mapped
 * back. Pure.
 */
import type { EncounterState } from '../../core/index.ts';

export interface PlayerIds {
  /** The id players know the combatant `id` (the engine's) by; undefined when they may not know it. */
  of(id: string): string | undefined;
  /** The engine's id of the combatant players know as `playerId`, if any. */
  real(playerId: string): string | undefined;
}

/** The engine's ids as they are (a reader who sees everyone: nothing to hide). */
export const engineIds: PlayerIds = { of: (id) => id, real: (id) => id };

/** Numbers combatants as players first see them. */
export class PlayerBook {
  private readonly byId = new Map<string, string>();
  private readonly byPlayerId = new Map<string, string>();

  /** Observes combatant `id` in the state after an event. */
  see(s: EncounterState, id: string): void {
    if (s.combatants[id]!.hidden || this.byId.has(id)) return;
    const playerId = `c${this.byId.size + 1}`;
    this.byId.set(id, playerId);
    this.byPlayerId.set(playerId, id);
  }

  /** The ids players know, none for the `secret` combatants. */
  ids(secret: ReadonlySet<string>): PlayerIds {
    return {
      of: (id) => (secret.has(id) ? undefined : this.byId.get(id)),
      real: (playerId) => {
        const id = this.byPlayerId.get(playerId);
        return id === undefined || secret.has(id) ? undefined : id;
      },
    };
  }
}

const number = (id: string): number => Number(/\d+$/.exec(id)?.[0] ?? Number.MAX_SAFE_INTEGER);

/** Player ids from the state alone (no history: tests, one-off views): the visible numbered in the order the engine added them. */
export function playerIdsOfState(state: EncounterState, secret: ReadonlySet<string>): PlayerIds {
  const visible = Object.values(state.combatants)
    .filter((c) => !c.hidden && !secret.has(c.id))
    .map((c) => c.id)
    .sort((a, b) => number(a) - number(b) || (a < b ? -1 : a > b ? 1 : 0));
  const byId = new Map(visible.map((id, i) => [id, `c${i + 1}`]));
  const back = new Map(visible.map((id, i) => [`c${i + 1}`, id]));
  return { of: (id) => byId.get(id), real: (playerId) => back.get(playerId) };
}
