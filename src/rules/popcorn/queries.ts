import type { Combatant } from '../../core/index.ts';
import type { PopcornOptions, PopcornStats } from './schema.ts';
import type { Pending, PopcornEncounter } from './state.ts';

/** Pure questions about the state, shared by decide, whoMayAct, allowedActions and the cards. */

export const nameOf = (s: PopcornEncounter, id: string | null): string => (id === null ? 'nobody' : (s.combatants[id]?.name ?? id));

/** "Orc 2, Orc 3", or "nobody". */
export function names(s: PopcornEncounter, ids: readonly string[]): string {
  return ids.length === 0 ? 'nobody' : ids.map((id) => nameOf(s, id)).join(', ');
}

export const optionsOf = (s: PopcornEncounter): PopcornOptions => s.options as PopcornOptions;
export const statsOf = (c: Combatant): PopcornStats => c.stats as PopcornStats;

/** In the fight: present and not defeated. */
export function isIn(s: PopcornEncounter, id: string | null): id is string {
  const c = id === null ? undefined : s.combatants[id];
  return Boolean(c && !c.defeated);
}

export const hasActed = (s: PopcornEncounter, id: string): boolean => s.module.acted.includes(id);

/** Can still perform an action this round: in the fight and card face down. */
export const canStillAct = (s: PopcornEncounter, id: string): boolean => isIn(s, id) && !hasActed(s, id);

/** Everyone (but `except`) who can still act this round, in roster order. */
export function stillToAct(s: PopcornEncounter, except: string | null = null): string[] {
  return s.roster.filter((id) => id !== except && canStillAct(s, id));
}

/** Who the last actor of a round may choose to go first in the next: anyone without an uncompleted action. */
export function firstCandidates(s: PopcornEncounter, from: string | null): string[] {
  return s.roster.filter((id) => isIn(s, id) && !s.module.pending[id] && (id !== from || optionsOf(s).lastMayPickSelf));
}

export const sideOf = (s: PopcornEncounter, id: string): string => s.combatants[id]?.side ?? '';
export const sideName = (s: PopcornEncounter, side: string): string => s.sides[side]?.name ?? side;

/** Whether a pending action was declared in an earlier round (carried over). */
export const carried = (s: PopcornEncounter, p: Pending): boolean => p.round < s.round;

/** The number of the segment in progress. */
export const segmentNow = (s: PopcornEncounter): number => s.module.segmentsDone + 1;

/** Delayed actions by segments whose counter has run out: they take effect before the next action. */
export function dueDelayed(s: PopcornEncounter): string[] {
  return s.roster.filter((id) => {
    const p = s.module.pending[id];
    return p?.kind === 'delayed' && p.timing === 'segments' && (p.left ?? 0) <= 0 && isIn(s, id);
  });
}

/** Step 3: owners of uncompleted actions who have not chosen yet. */
export function undecided(s: PopcornEncounter): string[] {
  if (s.module.phase !== 'end-of-round') return [];
  return s.roster.filter((id) => {
    const p = s.module.pending[id];
    return p !== undefined && !p.continued && isIn(s, id);
  });
}

/** The step of the round order once the turns are over: 3 while someone must choose, then 4 (and 5). */
export const endStep = (s: PopcornEncounter): 3 | 4 => (undecided(s).length > 0 ? 3 : 4);

/** The Reaction Pool: its dice now and its size. */
export function poolOf(c: Combatant): { value: number; size: number } {
  const t = c.tracks.reactionPool;
  const size = t?.max ?? statsOf(c).heroDice;
  return { value: t?.value ?? 0, size };
}

/** The NPC group a combatant's card belongs to, or null (PCs and lone NPCs have their own card). */
export function groupOf(c: Combatant): string | null {
  return c.kind === 'npc' ? (statsOf(c).group ?? null) : null;
}

/** Members of an NPC group (name any case), in roster order. */
export function groupMembers(s: PopcornEncounter, group: string): string[] {
  const wanted = group.trim().toLowerCase();
  return s.roster.filter((id) => {
    const c = s.combatants[id];
    return c !== undefined && groupOf(c)?.toLowerCase() === wanted;
  });
}

export function groupNames(s: PopcornEncounter): string[] {
  const out: string[] = [];
  for (const id of s.roster) {
    const c = s.combatants[id];
    const g = c ? groupOf(c) : null;
    if (g && !out.includes(g)) out.push(g);
  }
  return out;
}

/** What a pending action is, in words: "Fireball (delayed, 2 segments left)". */
export function describePending(p: Pending): string {
  if (p.kind === 'conditional') return `${p.label} (conditional: when ${p.trigger})`;
  if (p.timing === 'discretion') return `${p.label} (delayed, at the actor's discretion)`;
  const left = p.left ?? 0;
  return `${p.label} (delayed, ${left <= 0 ? 'due now' : `${left} segment${left === 1 ? '' : 's'} left`})`;
}
