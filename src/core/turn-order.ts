/**
 * Initiative order as plain data, for the games that keep one (Sine Nomine, Fallout, custom; Kuro per
 * phase). A slot is one combatant, a side whose members act in any order, or a tied group acting
 * together. The pointer is the current slot's KEY, never an index: inserting, removing or moving slots
 * cannot hand the turn to someone else.
 */
export interface Slot {
  /** Stable: a combatant id, `side:<id>` or `group:<...>`. */
  readonly key: string;
  readonly kind: 'actor' | 'side' | 'group';
  readonly members: readonly string[];
  /** The initiative total shown to the table (null: not rolled). */
  readonly initiative: number | null;
  /** Compared lexicographically, highest first: e.g. [total, PC bonus, Dex modifier, roll-off]. */
  readonly sortKey: readonly number[];
  /** Why the slot sits where it does against its neighbour with the same total ("PCs win ties"). */
  readonly tieBreak?: string;
  readonly label?: string;
}

export interface RoundTrack {
  readonly slots: readonly Slot[];
  /** Key of the slot whose turn it is, null between rounds or before the first. */
  readonly current: string | null;
  /** In a side slot: the member acting now (null while the side chooses). */
  readonly active: string | null;
  /** Combatants whose turn is over this round, or who cannot act in it. */
  readonly done: readonly string[];
}

export const emptyTrack: RoundTrack = { slots: [], current: null, active: null, done: [] };

export function compareSortKeys(a: readonly number[], b: readonly number[]): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (b[i] ?? Number.NEGATIVE_INFINITY) - (a[i] ?? Number.NEGATIVE_INFINITY);
    if (d !== 0 && !Number.isNaN(d)) return d;
  }
  return 0;
}

/** Stable sort, highest first. */
export function sortSlots(slots: readonly Slot[]): Slot[] {
  return slots
    .map((s, i) => ({ s, i }))
    .sort((x, y) => compareSortKeys(x.s.sortKey, y.s.sortKey) || x.i - y.i)
    .map((x) => x.s);
}

/** Whether every member of the slot is done, or cannot act (gone, defeated). */
export function slotFinished(track: RoundTrack, slot: Slot, canAct: (id: string) => boolean): boolean {
  return slot.members.every((m) => track.done.includes(m) || !canAct(m));
}

/**
 * The slot to go next: the first unfinished one after the current slot; if none is left below it, the
 * first unfinished one above it (a slot the GM moved up that has not acted yet). Null: the round is over.
 */
export function nextSlot(track: RoundTrack, canAct: (id: string) => boolean): Slot | null {
  const at = track.current === null ? -1 : track.slots.findIndex((s) => s.key === track.current);
  for (let i = at + 1; i < track.slots.length; i++) if (isOpen(track, track.slots[i]!, canAct)) return track.slots[i]!;
  for (let i = 0; i < Math.max(at, 0); i++) if (isOpen(track, track.slots[i]!, canAct)) return track.slots[i]!;
  return null;
}

// Module-level, not a closure in nextSlot: tsx's esbuild names each closure it makes (a defineProperty).
function isOpen(track: RoundTrack, s: Slot, canAct: (id: string) => boolean): boolean {
  return s.key !== track.current && !slotFinished(track, s, canAct);
}

export function slotOf(track: RoundTrack, member: string): Slot | undefined {
  return track.slots.find((s) => s.members.includes(member));
}

export function currentSlot(track: RoundTrack): Slot | undefined {
  return track.current === null ? undefined : track.slots.find((s) => s.key === track.current);
}

/** Insert a slot in sorted position (after equals: who was there first keeps the place). */
export function insertSlot(track: RoundTrack, slot: Slot): RoundTrack {
  const slots = track.slots.filter((s) => s.key !== slot.key);
  let at = slots.length;
  for (let i = 0; i < slots.length; i++) {
    if (compareSortKeys(slot.sortKey, slots[i]!.sortKey) < 0) {
      at = i;
      break;
    }
  }
  return { ...track, slots: [...slots.slice(0, at), slot, ...slots.slice(at)] };
}

/** Whether `key` sits above the current slot (its place in this round has passed). */
export function isAboveCurrent(track: RoundTrack, key: string): boolean {
  if (track.current === null) return false;
  const at = track.slots.findIndex((s) => s.key === track.current);
  const k = track.slots.findIndex((s) => s.key === key);
  return k >= 0 && at >= 0 && k < at;
}

/** Take a member out of every slot; empty slots disappear (the current key stays: nextSlot copes). */
export function removeMember(track: RoundTrack, member: string): RoundTrack {
  const slots = track.slots
    .map((s) => (s.members.includes(member) ? { ...s, members: s.members.filter((m) => m !== member) } : s))
    .filter((s) => s.members.length > 0 || s.key === track.current);
  return { ...track, slots, active: track.active === member ? null : track.active };
}

/** Move a slot before or after another; the current slot stays current. */
export function moveSlot(track: RoundTrack, key: string, anchor: string, where: 'before' | 'after'): RoundTrack {
  const slot = track.slots.find((s) => s.key === key);
  if (!slot) return track;
  const rest = track.slots.filter((s) => s.key !== key);
  const at = rest.findIndex((s) => s.key === anchor);
  if (at < 0) return track;
  const i = where === 'before' ? at : at + 1;
  return { ...track, slots: [...rest.slice(0, i), slot, ...rest.slice(i)] };
}
