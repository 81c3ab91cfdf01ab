import type { Combatant, Condition, EngineEvent } from '../../core/index.ts';
import type { FalloutEncounter } from './state.ts';
import { statsOf } from './stats.ts';

/** Prone is a core condition named "Prone" (any case): the GM adds it, or a movement action ends prone. */
export function isProne(c: Combatant): boolean {
  return c.conditions.some((k) => k.name.trim().toLowerCase() === 'prone');
}

const DEFENDING = /^defending \+(\d+)$/i;

/** Defend's bonus: the best "Defending +N" condition (they do not stack). */
export function defendBonus(c: Combatant): number {
  let best = 0;
  for (const k of c.conditions) {
    const m = DEFENDING.exec(k.name.trim());
    if (m) best = Math.max(best, Number(m[1]));
  }
  return best;
}

/** "your current Defense": the Defense stat plus Defend's bonus. */
export function defenseOf(c: Combatant): number {
  return statsOf(c).defense + defendBonus(c);
}

/** A condition-added event for a module-made condition (ids continue the core's numbering). */
export function addCondition(state: FalloutEncounter, id: string, name: string, duration: Condition['duration'], offset = 0, note?: string): EngineEvent {
  const condition: Condition = { id: `k${state.nextCondition + offset}`, name, duration, ...(note ? { note } : {}) };
  return { type: 'condition-added', id, condition };
}

export function removeConditions(c: Combatant, match: (k: Condition) => boolean): EngineEvent[] {
  return c.conditions.filter(match).map((k) => ({ type: 'condition-removed', id: c.id, conditionId: k.id, name: k.name, reason: 'removed' }) as EngineEvent);
}

export const isDefending = (k: Condition): boolean => DEFENDING.test(k.name.trim());
export const isProneCondition = (k: Condition): boolean => k.name.trim().toLowerCase() === 'prone';
