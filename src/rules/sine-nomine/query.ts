import type { Combatant } from '../../core/index.ts';
import type { SnGame } from './game.ts';
import type { Grapple, SnEncounter } from './state.ts';
import { statsOf } from './stats.ts';

export const UNCONSCIOUS = 'Unconscious';
export const GRAPPLED = 'Grappled';
export const PRONE = 'Prone';
export const SURPRISED = 'Surprised';

export function hasCondition(c: Combatant, name: string): boolean {
  const wanted = name.toLowerCase();
  return c.conditions.some((k) => k.name.toLowerCase() === wanted);
}

/** In the fight and able to take a turn: not defeated, not unconscious. */
export function canAct(state: SnEncounter, id: string): boolean {
  const c = state.combatants[id];
  return !!c && !c.defeated && !hasCondition(c, UNCONSCIOUS);
}

export function nameOf(state: SnEncounter, id: string): string {
  return state.combatants[id]?.name ?? id;
}

export function sideName(state: SnEncounter, sideId: string): string {
  return state.sides[sideId]?.name ?? sideId;
}

/** "Vasquez's", "the Goblins'" style possessive. */
export function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

/** "A", "A and B", "A, B and C". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}

/**
 * Whether a combatant is surprised right now. SWN: through round 1 (it has no initiative and may take
 * only Instant actions). CWN: its side is surprised and the free round is on (unless immune).
 */
export function surprisedNow(state: SnEncounter, game: SnGame, id: string): boolean {
  const c = state.combatants[id];
  if (!c) return false;
  const m = state.module;
  if (game.surprise === 'combatant') return state.round <= 1 && m.surprised.includes(id);
  return (state.status === 'setup' || m.freeRound) && m.surprised.includes(c.side) && !statsOf(c).surpriseImmune;
}

/** SWN: surprised combatants get no initiative slot before round 2. */
export function awaitingInitiative(state: SnEncounter, game: SnGame, id: string): boolean {
  return game.surprise === 'combatant' && state.round <= 1 && state.module.surprised.includes(id);
}

export function grapplesBy(state: SnEncounter, grappler: string): Grapple[] {
  return state.module.grapples.filter((g) => g.grappler === grappler);
}

export function grapplesOn(state: SnEncounter, target: string): Grapple[] {
  return state.module.grapples.filter((g) => g.target === target);
}
