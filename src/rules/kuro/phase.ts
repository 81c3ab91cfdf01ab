import type { Slot } from '../../core/index.ts';
import { compareSortKeys, currentSlot, nameOf } from '../../core/index.ts';
import type { KuroEncounter, KuroInitiative } from './state.ts';

/** Slot key of an initiative: every combatant with the same total (and GM placement) shares it. */
export function keyOf(init: KuroInitiative): string {
  return init.shift === 0 ? `i:${init.total}` : `i:${init.total}:${init.shift}`;
}

export function sortKeyOf(init: KuroInitiative): number[] {
  return [init.total, init.shift];
}

/** The phase the slots are about: the current one, or phase 1 before the phases begin. */
function slotPhase(s: KuroEncounter): number {
  return Math.max(1, s.module.phase);
}

function actedIn(s: KuroEncounter, id: string, phase: number): boolean {
  return s.module.acted[id]?.includes(phase) ?? false;
}

/**
 * Whether a combatant still takes an action in the current phase: "in phase k everyone with at least
 * k actions acts once". Defeated combatants are skipped, as are those whose place in it has passed.
 */
export function canActInPhase(s: KuroEncounter, id: string): boolean {
  const m = s.module;
  const c = s.combatants[id];
  const p = slotPhase(s);
  return Boolean(
    c && !c.defeated && m.initiative[id] && (m.actions[id] ?? 0) >= p && !actedIn(s, id, p) && !m.track.done.includes(id),
  );
}

/**
 * The slots of the current phase, highest initiative first: everyone who acts (or acted) in it, one
 * slot per total; equal totals share a slot of kind `group`. The current slot keeps its place even
 * when it has emptied, so the pointer never lands on someone else.
 */
export function deriveSlots(s: KuroEncounter): Slot[] {
  const m = s.module;
  const p = slotPhase(s);
  const groups = new Map<string, { init: KuroInitiative; members: string[] }>();
  for (const id of s.roster) {
    const init = m.initiative[id];
    if (!init) continue;
    const started = m.stage === 'phases' && actedIn(s, id, p);
    if (!started && !canActInPhase(s, id)) continue;
    const key = keyOf(init);
    const g = groups.get(key);
    if (g) g.members.push(id);
    else groups.set(key, { init, members: [id] });
  }
  const slots: Slot[] = [];
  for (const [key, g] of groups) slots.push(slotOfGroup(key, g.init, g.members));
  const current = m.track.current;
  if (current !== null && m.currentSortKey && !groups.has(current)) {
    slots.push({ key: current, kind: 'actor', members: [], initiative: m.currentSortKey[0] ?? null, sortKey: m.currentSortKey });
  }
  return slots.sort(bySortKey);
}

const bySortKey = (a: Slot, b: Slot): number => compareSortKeys(a.sortKey, b.sortKey);

/** One initiative's slot, built as a literal per shape (the same keys, in the same order, as a spread would give). */
function slotOfGroup(key: string, init: KuroInitiative, members: string[]): Slot {
  const sortKey = sortKeyOf(init);
  if (members.length > 1) {
    const tieBreak = `equal initiative (${init.total}): they act at the same time`;
    if (init.shift !== 0) return { key, kind: 'group', members, initiative: init.total, sortKey, tieBreak, label: 'placed by the GM' };
    return { key, kind: 'group', members, initiative: init.total, sortKey, tieBreak };
  }
  if (init.shift !== 0) return { key, kind: 'actor', members, initiative: init.total, sortKey, label: 'placed by the GM' };
  return { key, kind: 'actor', members, initiative: init.total, sortKey };
}

/** Who is taking his action now: the current slot's members whose turn started and has not ended. */
export function actingNow(s: KuroEncounter): string[] {
  const m = s.module;
  if (m.stage !== 'phases') return [];
  const slot = currentSlot(m.track);
  if (!slot) return [];
  return slot.members.filter((id) => actedIn(s, id, m.phase) && !m.track.done.includes(id));
}

/** Acting now, yet to declare an action (defeated members cannot declare and are not waited for). */
export function undeclared(s: KuroEncounter): string[] {
  return actingNow(s).filter((id) => s.module.declared[id] === undefined && !s.combatants[id]?.defeated);
}

/**
 * Actions a combatant has left in this game turn, not counting one he is taking now: the phases still
 * to come (the current one included if he has not acted in it) up to his number of actions.
 */
export function actionsLeft(s: KuroEncounter, id: string): number {
  const m = s.module;
  const allowance = m.actions[id] ?? 0;
  if (m.stage !== 'phases') return allowance;
  const p = m.phase;
  const inPhase = actedIn(s, id, p) || m.track.done.includes(id);
  return Math.max(0, inPhase ? allowance - p : allowance - p + 1);
}

/** The number of phases this game turn: "as many combat phases ... as the highest number of actions". */
export function phaseCount(s: KuroEncounter): number {
  let n = s.module.phase;
  for (const id of s.roster) {
    const c = s.combatants[id];
    if (c && !c.defeated) n = Math.max(n, s.module.actions[id] ?? 0);
  }
  return n;
}

/** Combatants in the fight who still need an initiative roll for this game turn. */
export function needInitiative(s: KuroEncounter): string[] {
  return s.roster.filter((id) => !s.combatants[id]?.defeated && !s.module.initiative[id]);
}

export function names(s: KuroEncounter, ids: readonly string[]): string {
  const n = ids.map((id) => nameOf(s, id));
  if (n.length <= 1) return n.join('');
  return `${n.slice(0, -1).join(', ')} and ${n[n.length - 1]}`;
}
