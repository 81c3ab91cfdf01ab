import { makeSlot } from './slots.ts';
import type { SnEncounter, SnSlot } from './state.ts';
import { statsOf } from './stats.ts';

/**
 * CWN: "automatically granting their enemies a full free round of action before initiative can be
 * rolled". No initiative exists yet, so the free round runs side by side in the order the sides were
 * added (the GM may reorder sides by adding them in that order): every side that is not surprised takes a
 * side turn, its members in any order they choose; then the surprise-immune members of the surprised
 * sides take theirs. Combatants who join during the free round wait for round 1.
 */
export function freeRoundSlots(state: SnEncounter): SnSlot[] {
  const surprised = state.module.surprised;
  const membersOf = (sideId: string, only: (id: string) => boolean): string[] =>
    state.roster.filter((id) => state.combatants[id]!.side === sideId && !state.combatants[id]!.defeated && only(id));
  const slot = (sideId: string, members: string[]): SnSlot =>
    makeSlot({
      key: `side:${sideId}`,
      kind: 'side',
      members,
      initiative: null,
      tier: 0,
      pc: state.sides[sideId]?.players ?? false,
      dex: 0,
      rollOffs: [],
      side: sideId,
      label: state.sides[sideId]?.name ?? sideId,
    });
  const out: SnSlot[] = [];
  for (const sideId of state.sideOrder) {
    if (surprised.includes(sideId)) continue;
    const members = membersOf(sideId, () => true);
    if (members.length > 0) out.push(slot(sideId, members));
  }
  for (const sideId of state.sideOrder) {
    if (!surprised.includes(sideId)) continue;
    const immune = membersOf(sideId, (id) => statsOf(state.combatants[id]!).surpriseImmune);
    if (immune.length > 0) out.push(slot(sideId, immune));
  }
  return out;
}
