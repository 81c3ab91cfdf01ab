import type { Slot } from '../../core/index.ts';
import { sortSlots } from '../../core/index.ts';
import type { CustomEncounter, Initiative } from './state.ts';
import type { CustomStats, TieBreak } from './schema.ts';

/** The initiative slots, highest first, each tie explained against the slot above it. */
export function orderSlots(state: CustomEncounter, initiative: Readonly<Record<string, Initiative>>, tieBreak: TieBreak): Slot[] {
  const slots: Slot[] = [];
  for (const id of state.roster) {
    const c = state.combatants[id];
    const init = initiative[id];
    if (!c || !init) continue;
    const pc = c.kind === 'pc' ? 1 : 0;
    const mod = (c.stats as CustomStats).tieModifier ?? 0;
    const second =
      tieBreak === 'pcs-first' ? [pc] : tieBreak === 'npcs-first' ? [1 - pc] : tieBreak === 'modifier' ? [mod, pc] : [init.rollOff ?? 0];
    slots.push({ key: id, kind: 'actor', members: [id], initiative: init.total, sortKey: [init.total, ...second] });
  }
  const sorted = sortSlots(slots);
  return sorted.map((slot, i) => {
    const above = sorted[i - 1];
    if (!above || above.initiative !== slot.initiative) return slot;
    return { ...slot, tieBreak: explain(state, above, slot, tieBreak, initiative) };
  });
}

function explain(
  state: CustomEncounter,
  above: Slot,
  slot: Slot,
  tieBreak: TieBreak,
  initiative: Readonly<Record<string, Initiative>>,
): string {
  const a = state.combatants[above.key]!;
  const b = state.combatants[slot.key]!;
  const ma = (a.stats as CustomStats).tieModifier ?? 0;
  const mb = (b.stats as CustomStats).tieModifier ?? 0;
  const sign = (n: number): string => (n >= 0 ? `+${n}` : `${n}`);
  if (tieBreak === 'pcs-first' && a.kind !== b.kind) return `tied with ${a.name}: PCs go first`;
  if (tieBreak === 'npcs-first' && a.kind !== b.kind) return `tied with ${a.name}: NPCs go first`;
  if (tieBreak === 'modifier' && ma !== mb) return `tied with ${a.name}: higher tie modifier (${sign(ma)} vs ${sign(mb)})`;
  if (tieBreak === 'modifier' && a.kind !== b.kind) return `tied with ${a.name}, same modifier: PCs go first`;
  const ra = initiative[a.id]?.rollOff;
  const rb = initiative[b.id]?.rollOff;
  if (tieBreak === 'roll-off' && ra !== undefined && rb !== undefined && ra !== rb) return `tied with ${a.name}: roll-off ${ra} vs ${rb}`;
  return `tied with ${a.name}, nothing else differs: ${a.name} was added first`;
}
