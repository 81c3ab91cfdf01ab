import type { EngineEvent } from '../../core/index.ts';
import type { Builder } from './builder.ts';
import { canAct, GRAPPLED, grapplesOn } from './query.ts';
import type { Grapple } from './state.ts';

/** A grapple made before this round that has not been maintained in it. */
export function unpaid(g: Grapple, round: number): boolean {
  return g.since < round && g.maintained < round;
}

/** End a grapple: the event, and the Grappled condition if nobody else still holds the target. */
export function endGrapple(b: Builder, g: Grapple, event: string, reason?: string): void {
  b.emit(event, { actor: g.grappler, target: g.target, ...(reason ? { reason } : {}) });
  if (grapplesOn(b.state, g.target).length === 0) b.removeCondition(g.target, GRAPPLED);
}

/**
 * "The grappler can maintain the grapple as a Move action each round": at the end of the grappler's
 * turn, a grapple it did not maintain this round (and did not make this round) lapses.
 */
export function lapseAtTurnEnd(b: Builder, grappler: string): void {
  if (!b.game.grapple) return;
  for (const g of b.m.grapples.filter((x) => x.grappler === grappler && unpaid(x, b.state.round))) {
    endGrapple(b, g, 'grapple-lapsed', 'not maintained this round');
  }
}

/** At the end of a round: grapples nobody maintained lapse (the grappler was skipped, down or gone). */
export function lapseAtRoundEnd(b: Builder): void {
  if (!b.game.grapple) return;
  for (const g of b.m.grapples.filter((x) => unpaid(x, b.state.round))) {
    const why = canAct(b.state, g.grappler) ? 'not maintained this round' : 'the grappler is out of the fight';
    endGrapple(b, g, 'grapple-lapsed', why);
  }
}

/** A combatant leaving the fight (or going down) lets go of its grapples and is let go. */
export function dropGrapplesOf(b: Builder, id: string, why = 'left the fight'): void {
  if (!b.game.grapple) return;
  for (const g of b.m.grapples.filter((x) => x.grappler === id || x.target === id)) {
    endGrapple(b, g, 'grapple-lapsed', `${b.state.combatants[id]?.name ?? id} ${why}`);
  }
}

/** Grapples of anyone these events put down (0 HP, defeated, knocked out) end at once. */
export function dropGrapplesOfDowned(b: Builder, events: readonly EngineEvent[]): void {
  if (!b.game.grapple) return;
  const down = new Set<string>();
  for (const e of events) {
    if (e.type === 'track-changed' && e.track === 'hp' && e.to <= 0) down.add(e.id);
    if (e.type === 'defeated-set' && e.defeated) down.add(e.id);
    if (e.type === `${b.game.id}/knocked-out`) down.add((e as { combatant?: string }).combatant ?? '');
  }
  for (const id of down) if (b.state.combatants[id]) dropGrapplesOf(b, id, 'is down');
}
