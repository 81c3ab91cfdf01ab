import { compareSortKeys } from '../../core/index.ts';
import type { SnSlot } from './state.ts';
import { signed } from './stats.ts';

/** Highest first: tier (automatic initiative), total, PC, Dex modifier, then each roll-off. */
export function sortKeyOf(s: Pick<SnSlot, 'tier' | 'initiative' | 'pc' | 'dex' | 'rollOffs'>): number[] {
  return [s.tier, s.initiative ?? -1000, s.pc ? 1 : 0, s.dex, ...s.rollOffs];
}

export function makeSlot(fields: Omit<SnSlot, 'sortKey' | 'tieBreak'>): SnSlot {
  return { ...fields, sortKey: sortKeyOf(fields) };
}

/** The same slot with a new total (its roll-offs no longer apply, nor who rolled it: the total is the GM's). */
export function withTotal(s: SnSlot, total: number): SnSlot {
  const { rolledBy: _r, ...rest } = s;
  return strip({ ...rest, initiative: total, rollOffs: [], sortKey: sortKeyOf({ ...s, initiative: total, rollOffs: [] }) });
}

export function withRollOff(s: SnSlot, die: number): SnSlot {
  const rollOffs = [...s.rollOffs, die];
  return { ...s, rollOffs, sortKey: sortKeyOf({ ...s, rollOffs }) };
}

function strip(s: SnSlot): SnSlot {
  const { tieBreak: _t, ...rest } = s;
  return rest;
}

/** Same tier, total, PC-ness and Dex modifier: only a roll-off can separate them. */
export function sameFooting(a: SnSlot, b: SnSlot): boolean {
  return a.tier === b.tier && a.initiative === b.initiative && a.pc === b.pc && a.dex === b.dex;
}

/**
 * Each slot's `tieBreak`: why it sits after the slot above it when they have the same total, in the
 * words players use ("tied with Vasquez: PCs win ties"); "placed by the GM" when a GM move put it
 * against its numbers.
 */
export function annotate(slots: readonly SnSlot[]): SnSlot[] {
  const out: SnSlot[] = [];
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!;
    const why = i > 0 ? explain(slots[i - 1]!, s) : undefined;
    if (why === s.tieBreak) {
      out.push(s);
      continue;
    }
    const bare = strip(s);
    out.push(why === undefined ? bare : { ...bare, tieBreak: why });
  }
  return out;
}

function explain(a: SnSlot, b: SnSlot): string | undefined {
  if (compareSortKeys(a.sortKey, b.sortKey) > 0) return `after ${a.label}: placed by the GM`;
  if (a.initiative === null || a.initiative !== b.initiative) return undefined;
  return `tied with ${a.label}: ${reason(a, b)}`;
}

function reason(a: SnSlot, b: SnSlot): string {
  if (a.tier !== b.tier) return 'automatic initiative acts first';
  if (a.pc !== b.pc) return 'PCs win ties';
  if (a.dex !== b.dex) return `higher Dex modifier (${signed(a.dex)} vs ${signed(b.dex)})`;
  const n = Math.max(a.rollOffs.length, b.rollOffs.length);
  for (let i = 0; i < n; i++) {
    const x = a.rollOffs[i];
    const y = b.rollOffs[i];
    if (x !== y) return `roll-off ${x ?? '-'} vs ${y ?? '-'}`;
  }
  return 'in the order they joined';
}

/** The slot holding a member, if any. */
export function slotWith(slots: readonly SnSlot[], member: string): SnSlot | undefined {
  for (const s of slots) if (s.members.includes(member)) return s;
  return undefined;
}

/** Take a member out; empty slots go (except `keep`, the current one, which the pointer still needs). */
export function withoutMember(slots: readonly SnSlot[], member: string, keep: string | null): SnSlot[] {
  return slots
    .map((s) => (s.members.includes(member) ? { ...s, members: s.members.filter((x) => x !== member) } : s))
    .filter((s) => s.members.length > 0 || s.key === keep);
}

export function withMember(slots: readonly SnSlot[], key: string, member: string): SnSlot[] {
  return slots.map((s) => (s.key === key && !s.members.includes(member) ? { ...s, members: [...s.members, member] } : s));
}
