import type { Command, DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept, compareSortKeys, nameOf, reject } from '../../core/index.ts';
import type { KuroEvent } from './events.ts';
import { project, reconcile } from './flow.ts';
import { beginWhenReady, lateRolls } from './initiative.ts';
import { actingNow, keyOf, sortKeyOf } from './phase.ts';
import type { KuroEncounter, KuroInitiative } from './state.ts';

type D = Decision<EngineEvent>;

/** `add-combatant`: during the phases a newcomer rolls initiative at once (dice key: his name) and takes his place. */
export function addCombatant(s: KuroEncounter, command: Command, ctx: DecideContext): D {
  const added = ctx.core(command);
  if (!added.ok || s.module.stage !== 'phases') return added;
  const after = project(s, added.events, ctx);
  const ids = after.roster.filter((id) => !s.combatants[id]);
  return accept([...added.events, ...lateRolls(after, ids, ctx)]);
}

/**
 * `remove-combatant`: removing someone who is acting now ends his part of the slot (his turn ends, his
 * declared hits and the hits on him that wait in the slot are dropped); if nobody is left acting in it,
 * the next slot begins. Nobody else's place moves.
 */
export function removeCombatant(s: KuroEncounter, command: Command, ctx: DecideContext): D {
  const id = command.combatant as string;
  const removed = ctx.core(command);
  if (!removed.ok) return removed;
  if (!actingNow(s).includes(id)) return accept([...removed.events, ...beginWhenReady(project(s, removed.events, ctx), ctx)]);
  const events: EngineEvent[] = [{ type: 'turn-ended', actors: [id] }, ...removed.events];
  return accept([...events, ...reconcile(project(s, events, ctx), ctx)]);
}

/** `set-defeated`: back in the fight during the phases, a combatant without an initiative rolls one (dice key: his name). */
export function setDefeated(s: KuroEncounter, command: Command, ctx: DecideContext): D {
  const decided = ctx.core(command);
  if (!decided.ok) return decided;
  if (command.defeated !== false) return accept([...decided.events, ...beginWhenReady(project(s, decided.events, ctx), ctx)]);
  if (s.module.stage !== 'phases') return decided;
  const id = command.combatant as string;
  const after = project(s, decided.events, ctx);
  const tail = after.module.initiative[id] ? reconcile(after, ctx) : lateRolls(after, [id], ctx);
  return accept([...decided.events, ...tail]);
}

/**
 * `heal`, `set-track`: a defeated combatant whose HP goes above 0 is back in the fight (the core's
 * settle step): during the phases, as with `set-defeated`, one without an initiative rolls one (dice
 * key: his name) and takes his place, one with it acts at his place.
 */
export function healed(s: KuroEncounter, command: Command, ctx: DecideContext): D {
  const decided = ctx.core(command);
  if (!decided.ok || s.module.stage !== 'phases') return decided;
  const after = project(s, decided.events, ctx);
  const back = after.roster.filter((id) => s.combatants[id]?.defeated === true && !after.combatants[id]!.defeated);
  if (back.length === 0) return decided;
  const rolling = back.filter((id) => !after.module.initiative[id]);
  return accept([...decided.events, ...(rolling.length > 0 ? lateRolls(after, rolling, ctx) : reconcile(after, ctx))]);
}

/**
 * `reorder`: the GM places a combatant just before or after another for the rest of this game turn. He
 * gets a slot of his own there (never a share of someone else's), with the total of the one he is
 * placed next to; the slot acting now stays where it is.
 */
export function reorder(s: KuroEncounter, command: Command, ctx: DecideContext): D {
  const id = command.combatant as string;
  const anchor = (command.before ?? command.after) as string | undefined;
  if (!anchor || (command.before && command.after)) {
    return reject('reorder/anchor', 'Say where to move the combatant: before or after another one (not both).');
  }
  if (anchor === id) return reject('reorder/self', 'A combatant cannot be moved next to itself.');
  const init = s.module.initiative;
  const missing = [id, anchor].filter((x) => !init[x]);
  if (missing.length > 0) {
    return reject('reorder/no-initiative', `${missing.map((x) => nameOf(s, x)).join(' and ')} ${missing.length > 1 ? 'have' : 'has'} no initiative this game turn yet: roll it first.`);
  }
  if (actingNow(s).includes(id)) {
    return reject('kuro/acting-now', `${nameOf(s, id)} is acting now (phase ${s.module.phase}): move him once this action is over.`);
  }
  const where = command.before ? 'before' : 'after';
  const placed = placeNextTo(init, id, anchor, where);
  const event: KuroEvent = { type: 'kuro/order-set', combatant: id, total: placed.total, shift: placed.shift, anchor, where };
  return accept([event, ...reconcile(project(s, [event], ctx), ctx)]);
}

/** A (total, shift) strictly between the anchor's slot and its neighbour on that side. */
function placeNextTo(
  init: Readonly<Record<string, KuroInitiative>>,
  id: string,
  anchor: string,
  where: 'before' | 'after',
): { total: number; shift: number } {
  const a = init[anchor]!;
  const groups = new Map<string, KuroInitiative>();
  for (const [k, v] of Object.entries(init)) if (k !== id) groups.set(keyOf(v), v);
  const sorted = [...groups.values()].sort((x, y) => compareSortKeys(sortKeyOf(x), sortKeyOf(y)));
  const at = sorted.findIndex((g) => keyOf(g) === keyOf(a));
  const n = sorted[where === 'before' ? at - 1 : at + 1];
  if (n && n.total === a.total) return { total: a.total, shift: (n.shift + a.shift) / 2 };
  return { total: a.total, shift: a.shift + (where === 'before' ? 1 : -1) };
}
