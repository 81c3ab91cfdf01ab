import type { DecideContext, EngineEvent } from '../../core/index.ts';
import type { CustomEvent } from './events.ts';
import { orderSlots } from './order.ts';
import type { CustomOptions, CustomStats } from './schema.ts';
import type { CustomEncounter, Initiative } from './state.ts';

const MAX_ROLL_OFFS = 10;

/**
 * Roll initiative for these combatants (dice key: the combatant's name), roll off any ties the
 * roll-off tie-break needs (keys "roll-off:<name>", then "roll-off:<name>:2"...), and set the order.
 */
export function rollInitiative(state: CustomEncounter, ids: readonly string[], ctx: DecideContext): EngineEvent[] {
  const options = state.options as CustomOptions;
  const events: CustomEvent[] = [];
  const initiative: Record<string, Initiative> = { ...state.module.initiative };
  for (const id of ids) {
    const c = state.combatants[id]!;
    const formula = (c.stats as CustomStats).initiative ?? options.formula;
    const roll = ctx.dice.roll(c.name, formula);
    initiative[id] = { total: roll.total, roll };
    events.push({ type: 'custom/initiative-rolled', combatant: id, roll, total: roll.total });
  }
  events.push(...rollOffs(state, initiative, ctx));
  events.push({ type: 'custom/order-set', slots: orderSlots(state, initiative, options.tieBreak) });
  return events;
}

/** Re-sort after a change of initiative (GM override, reorder is separate). */
export function reorderAll(state: CustomEncounter, initiative: Readonly<Record<string, Initiative>>, ctx: DecideContext): EngineEvent[] {
  const options = state.options as CustomOptions;
  const mutable = { ...initiative };
  const events: EngineEvent[] = rollOffs(state, mutable, ctx);
  events.push({ type: 'custom/order-set', slots: orderSlots(state, mutable, options.tieBreak) });
  return events;
}

function rollOffs(state: CustomEncounter, initiative: Record<string, Initiative>, ctx: DecideContext): CustomEvent[] {
  const options = state.options as CustomOptions;
  if (options.tieBreak !== 'roll-off') return [];
  const events: CustomEvent[] = [];
  for (let attempt = 1; attempt <= MAX_ROLL_OFFS; attempt++) {
    const tied = tiedIds(state, initiative);
    if (tied.length === 0) break;
    for (const id of tied) {
      const c = state.combatants[id]!;
      const roll = ctx.dice.roll(attempt === 1 ? `roll-off:${c.name}` : `roll-off:${c.name}:${attempt}`, options.rollOff);
      initiative[id] = { ...initiative[id]!, rollOff: roll.total };
      events.push({ type: 'custom/roll-off', combatant: id, roll });
    }
  }
  return events;
}

/** Combatants sharing a total and a roll-off value (or lacking one) with someone else. */
function tiedIds(state: CustomEncounter, initiative: Readonly<Record<string, Initiative>>): string[] {
  const groups = new Map<string, string[]>();
  for (const id of state.roster) {
    const init = initiative[id];
    if (!init) continue;
    const key = `${init.total}|${init.rollOff ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  return [...groups.values()].filter((g) => g.length > 1).flat();
}
