/**
 * Moving combatants in the initiative order (drag and drop, the move buttons, Alt+ArrowUp/Down): the
 * `reorder` command that puts a combatant's row at another place, as the rules modules take it
 * ({combatant, before | after}). Pure: the rows are the order as shown, top first.
 */

import { gmGame } from '../games.ts';

/** A row of the order as the GM screen shows it: one slot (a combatant, a side, a group, or Kuro's equal totals). */
export interface OrderRow {
  readonly members: readonly string[];
}

export interface ReorderCommand {
  readonly type: 'reorder';
  readonly combatant: string;
  readonly before?: string;
  readonly after?: string;
  readonly [k: string]: unknown;
}

/** Whether the game lets the GM rearrange its order (its gm.ts says; popcorn has cards, not an order). */
export function canReorder(rules: string): boolean {
  return gmGame(rules).canReorder === true;
}

/** The row holding a combatant, or -1. */
export function rowOf(rows: readonly OrderRow[], id: string): number {
  return rows.findIndex((r) => r.members.includes(id));
}

/**
 * Drop a combatant on row `to`: above it when coming from below, under it when coming from above.
 * Null when nothing would change (its own row, a row without anyone to be placed next to).
 */
export function dropCommand(rows: readonly OrderRow[], id: string, to: number): ReorderCommand | null {
  const from = rowOf(rows, id);
  if (from < 0 || to < 0 || to >= rows.length || to === from) return null;
  const others = rows[to]!.members.filter((m) => m !== id);
  if (others.length === 0) return null;
  return to < from ? { type: 'reorder', combatant: id, before: others[0]! } : { type: 'reorder', combatant: id, after: others.at(-1)! };
}

/**
 * Move a combatant one place up (-1) or down (1). With `split` (Kuro: equal totals act together but
 * each may be placed apart), a combatant sharing a row first leaves it, just above or below the others;
 * elsewhere the whole row moves past its neighbour. Null at the top or the bottom.
 */
export function stepCommand(rows: readonly OrderRow[], id: string, by: -1 | 1, split = false): ReorderCommand | null {
  const from = rowOf(rows, id);
  if (from < 0) return null;
  const mates = rows[from]!.members.filter((m) => m !== id);
  if (split && mates.length > 0) {
    return by < 0 ? { type: 'reorder', combatant: id, before: mates[0]! } : { type: 'reorder', combatant: id, after: mates.at(-1)! };
  }
  return dropCommand(rows, id, from + by);
}

/** "Move Vasquez before Pirate" / "after": what a move did, for the screen's message. */
export function moveTitle(command: ReorderCommand, name: (id: string) => string): string {
  return command.before ? `${name(command.combatant)} moved before ${name(command.before)}` : `${name(command.combatant)} moved after ${name(command.after ?? '')}`;
}
