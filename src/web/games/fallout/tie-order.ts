/**
 * Fallout's initiative ties, the GM's to order (issue 12, item 9): the tied combatants the GM has not
 * ordered yet, read from the module's state the way the rules read it (`undecidedTies` in
 * src/rules/fallout/initiative.ts), and the order the GM is putting together for them. Pure.
 */

export interface TieSlot {
  readonly members: readonly string[];
  readonly initiative: number | null;
}

export interface TieState {
  readonly track: { readonly slots: readonly TieSlot[] };
  readonly tieRank: Readonly<Record<string, number>>;
}

export interface OpenTie {
  readonly initiative: number;
  /** Everyone able to act at this initiative, in the order shown. */
  readonly members: readonly string[];
  /** Those the GM still has to order (two or more), in the order shown. */
  readonly open: readonly string[];
}

/** The undecided ties, highest initiative first; `able` says who is still in the fight. */
export function openTies(state: TieState | null | undefined, able: (id: string) => boolean): OpenTie[] {
  if (!state?.track || !Array.isArray(state.track.slots)) return [];
  const groups = new Map<number, string[]>();
  for (const s of state.track.slots) {
    const id = s.members[0];
    if (id === undefined || s.initiative === null || !able(id)) continue;
    groups.set(s.initiative, [...(groups.get(s.initiative) ?? []), id]);
  }
  const ties: OpenTie[] = [];
  for (const [initiative, members] of groups) {
    const open = members.filter((id) => state.tieRank?.[id] === undefined);
    if (members.length > 1 && open.length > 1) ties.push({ initiative, members, open });
  }
  return ties.sort((a, b) => b.initiative - a.initiative);
}

/** The order being set: those picked so far, then the rest as shown. Unknown or repeated picks are ignored. */
export function draftOrder(open: readonly string[], picks: readonly string[]): string[] {
  const picked = [...new Set(picks.filter((p) => open.includes(p)))];
  return [...picked, ...open.filter((id) => !picked.includes(id))];
}

/**
 * Pick the combatant shown as number `n` (1-based, in `open`) as the next in the order; picking one
 * already picked takes it and those after it back. The last one left needs no pick.
 */
export function pick(open: readonly string[], picks: readonly string[], n: number): string[] {
  const id = open[n - 1];
  if (id === undefined) return [...picks];
  const at = picks.indexOf(id);
  if (at >= 0) return picks.slice(0, at);
  const next = [...picks, id];
  return next.length === open.length - 1 ? draftOrder(open, next) : next;
}

/** Move one combatant up (-1) or down (1) in the order being set; the result is a full order. */
export function moveInDraft(open: readonly string[], picks: readonly string[], id: string, by: -1 | 1): string[] {
  const order = draftOrder(open, picks);
  const at = order.indexOf(id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= order.length) return order;
  [order[at], order[to]] = [order[to]!, order[at]!];
  return order;
}

/** The module's answers for an order: "who goes first?" for each but the last (`decide-tie {first}`). */
export function tieCommands(order: readonly string[]): { type: 'decide-tie'; first: string }[] {
  return order.slice(0, -1).map((first) => ({ type: 'decide-tie', first }));
}
