import type { EncounterState } from '../../core/index.ts';
import { describePending, groupOf, hasActed, isIn } from './queries.ts';
import type { PopcornEncounter, PopcornState } from './state.ts';

/** One card on the table, as the text describes it. */
export interface Card {
  /** The combatant's id, or `group:<side>:<group>` for an NPC group. */
  readonly key: string;
  readonly label: string;
  readonly kind: 'pc' | 'npc' | 'group';
  readonly side: string;
  readonly members: readonly string[];
  /** "flip over when they take their action": face up once everyone on the card has acted. */
  readonly faceUp: boolean;
  /** The counters on a group card: members in the fight who have yet to act (1 or 0 for a single card). */
  readonly toAct: number;
  /** Whoever on the card holds the initiative (the text's hacky sack). */
  readonly hasInitiative: boolean;
  /** Everyone on the card is defeated. */
  readonly defeated: boolean;
  /** Delayed and conditional actions under way on this card, in words. */
  readonly pending: readonly string[];
}

/**
 * The picture the text recommends: "Give each player a card to keep face-down in front of them and flip
 * over when they take their action ... the GM can use one card for each group of NPCs with counters
 * stacked on top. When an NPC gets passed the initiative, the GM just removes a counter, then flips the
 * card when the last member of the group has acted." One card per PC and per lone NPC, one per NPC group
 * (NPCs sharing the `group` stat on the same side), in roster order of their first member.
 */
export function cards(state: EncounterState<PopcornState>): Card[] {
  const s = state as PopcornEncounter;
  const groups = new Map<string, string[]>();
  const order: { key: string; group: string | null; ids: string[] }[] = [];
  for (const id of s.roster) {
    const c = s.combatants[id];
    if (!c) continue;
    const group = groupOf(c);
    if (group === null) {
      order.push({ key: id, group: null, ids: [id] });
      continue;
    }
    const key = `group:${c.side}:${group.toLowerCase()}`;
    const members = groups.get(key);
    if (members) members.push(id);
    else {
      const ids = [id];
      groups.set(key, ids);
      order.push({ key, group, ids });
    }
  }
  const holder = s.module.phase === 'turn' || s.module.phase === 'pass' ? s.module.current : null;
  return order.map(({ key, group, ids }) => {
    const first = s.combatants[ids[0]!]!;
    const toAct = ids.filter((id) => isIn(s, id) && !hasActed(s, id)).length;
    const single = group === null;
    return {
      key,
      label: single ? first.name : group,
      kind: single ? first.kind : 'group',
      side: first.side,
      members: ids,
      faceUp: single ? hasActed(s, first.id) : toAct === 0,
      toAct,
      hasInitiative: holder !== null && ids.includes(holder),
      defeated: ids.every((id) => s.combatants[id]!.defeated),
      pending: ids.flatMap((id) => {
        const p = s.module.pending[id];
        return p ? [`${s.combatants[id]!.name}: ${describePending(p)}`] : [];
      }),
    };
  });
}
