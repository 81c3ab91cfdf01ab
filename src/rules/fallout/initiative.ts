import type { Combatant, PendingDecision, RoundTrack, Slot } from '../../core/index.ts';
import { insertSlot, nameOf, removeMember } from '../../core/index.ts';
import { initiativeOf, initiativeText, statsOf } from './stats.ts';
import type { FalloutEncounter, FalloutState } from './state.ts';

/** Whether a combatant is in the fight and able to act (defeated combatants are skipped). */
export function canAct(state: FalloutEncounter, id: string): boolean {
  const c = state.combatants[id];
  return Boolean(c && !c.defeated);
}

/** A combatant's static initiative slot: "highest to lowest", GM tie decisions as the second key. */
export function slotFor(c: Combatant, tieRank: Readonly<Record<string, number>>): Slot {
  const stats = statsOf(c);
  const total = initiativeOf(stats);
  return { key: c.id, kind: 'actor', members: [c.id], initiative: total, sortKey: [total, tieRank[c.id] ?? 0], label: initiativeText(stats) };
}

/** Put a combatant in the order (or take it out, for commanded-only NPCs), keeping the pointer. */
export function placeInOrder(m: FalloutState, c: Combatant): FalloutState {
  const without = removeMember(m.track, c.id);
  const track: RoundTrack = statsOf(c).commandedOnly ? without : insertSlot(without, slotFor(c, m.tieRank));
  return { ...m, track };
}

/** Tied combatants the GM has not ordered yet, by initiative, highest first. */
export interface Tie {
  readonly initiative: number;
  /** Everyone able at this initiative. */
  readonly members: readonly string[];
  /** Those still to be ordered (two or more). */
  readonly open: readonly string[];
}

export function undecidedTies(state: FalloutEncounter): Tie[] {
  return hasOpenTie(state) ? tiesOf(state) : [];
}

/** Whether two able, unranked combatants share an initiative (no allocation: asked on most steps). */
function hasOpenTie(state: FalloutEncounter): boolean {
  const slots = state.module.track.slots;
  const tieRank = state.module.tieRank;
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!;
    const id = s.members[0];
    if (id === undefined || s.initiative === null || tieRank[id] !== undefined || !canAct(state, id)) continue;
    for (let j = 0; j < i; j++) {
      const t = slots[j]!;
      const other = t.members[0];
      if (other !== undefined && t.initiative === s.initiative && tieRank[other] === undefined && canAct(state, other)) return true;
    }
  }
  return false;
}

function tiesOf(state: FalloutEncounter): Tie[] {
  const groups = new Map<number, string[]>();
  for (const s of state.module.track.slots) {
    const id = s.members[0];
    if (id === undefined || s.initiative === null || !canAct(state, id)) continue;
    groups.set(s.initiative, [...(groups.get(s.initiative) ?? []), id]);
  }
  const ties: Tie[] = [];
  for (const [initiative, members] of groups) {
    const open = members.filter((id) => state.module.tieRank[id] === undefined);
    if (members.length > 1 && open.length > 1) ties.push({ initiative, members, open });
  }
  return ties.sort((a, b) => b.initiative - a.initiative);
}

/** "Raider and Ghoul both have initiative 10: who goes first?" */
export function tieDecision(state: FalloutEncounter, tie: Tie): PendingDecision {
  const names = tie.open.map((id) => nameOf(state, id));
  const list = names.length === 2 ? `${names[0]} and ${names[1]} both` : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} all`;
  const ranked = tie.members.filter((id) => !tie.open.includes(id)).map((id) => nameOf(state, id));
  const after = ranked.length > 0 ? ` (after ${ranked.join(', ')})` : '';
  return {
    id: `tie:${tie.initiative}:${tie.open.join(',')}`,
    question: `${list} have initiative ${tie.initiative}${after}: who goes first? The GM decides.`,
    command: 'decide-tie',
    field: 'first',
    options: tie.open.map((id) => ({ value: id, label: nameOf(state, id) })),
  };
}

/** Rank the GM's pick and re-sort its tied group in the places the group already holds. */
export function applyTieDecision(m: FalloutState, first: string, initiative: number): FalloutState {
  const tieRank = { ...m.tieRank, [first]: m.nextTieRank };
  const slots = m.track.slots.map((s) => (s.key === first ? { ...s, sortKey: [initiative, m.nextTieRank] } : s));
  const places = slots.map((s, i) => ({ s, i })).filter((x) => x.s.initiative === initiative);
  const sorted = [...places].sort((a, b) => (b.s.sortKey[1] ?? 0) - (a.s.sortKey[1] ?? 0) || a.i - b.i);
  const next = [...slots];
  places.forEach((p, k) => {
    next[p.i] = sorted[k]!.s;
  });
  return { ...m, tieRank, nextTieRank: m.nextTieRank - 1, track: { ...m.track, slots: next } };
}
