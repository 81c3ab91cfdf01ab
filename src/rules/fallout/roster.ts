import type { Command, DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept, isAboveCurrent, moveSlot, nameOf, reject, resolveRef, slotOf } from '../../core/index.ts';
import type { FalloutEvent } from './events.ts';
import { finish, look } from './flow.ts';
import { undecidedTies } from './initiative.ts';
import type { FalloutEncounter } from './state.ts';

type D = Decision<EngineEvent>;

/** A core command, then what follows by itself (turns ending, rounds starting). */
export function coreThenFinish(state: FalloutEncounter, command: Command, ctx: DecideContext): D {
  const d = ctx.core(command);
  return d.ok ? accept(finish(state, d.events, ctx)) : d;
}

/**
 * A combatant joining during a round takes its place in the order; if that place is above the
 * current turn's, its place this round has passed and it first acts next round.
 */
export function addCombatant(state: FalloutEncounter, command: Command, ctx: DecideContext): D {
  const added = ctx.core(command);
  if (!added.ok) return added;
  const after = look(ctx, state, added.events);
  const track = after.module.track;
  const late: EngineEvent[] = [];
  if (after.status === 'running' && after.round >= 1 && track.current !== null) {
    for (const id of after.roster) {
      if (!state.combatants[id] && slotOf(track, id) && isAboveCurrent(track, id)) late.push({ type: 'fallout/joined-late', combatant: id } satisfies FalloutEvent);
    }
  }
  return accept(finish(state, [...added.events, ...late], ctx));
}

/** Removing the combatant whose turn it is ends that turn first (its end-of-turn conditions expire). */
export function removeCombatant(state: FalloutEncounter, command: Command, ctx: DecideContext): D {
  const removed = ctx.core(command);
  if (!removed.ok) return removed;
  const id = command.combatant as string;
  const ending: EngineEvent[] = state.module.turn?.actor === id ? [{ type: 'turn-ended', actors: [id] }] : [];
  return accept(finish(state, [...ending, ...removed.events], ctx));
}

/** reorder {combatant, before | after}: the GM moves a slot; the turn stays where it is. */
export function reorder(state: FalloutEncounter, command: Command): D {
  const id = command.combatant as string;
  const anchor = (command.before ?? command.after) as string | undefined;
  if (!anchor || (command.before && command.after)) {
    return reject('reorder/anchor', 'Say where to move the combatant: before or after another one (not both).');
  }
  if (id === anchor) return reject('reorder/self', 'A combatant cannot be moved next to itself.');
  const track = state.module.track;
  if (!slotOf(track, id) || !slotOf(track, anchor)) {
    return reject('reorder/no-slot', `Both ${nameOf(state, id)} and ${nameOf(state, anchor)} need a place in the initiative order.`);
  }
  const moved = moveSlot(track, id, anchor, command.before ? 'before' : 'after');
  if (moved.slots.every((s, i) => s.key === track.slots[i]?.key)) return reject('reorder/unchanged', `${nameOf(state, id)} is already there.`);
  return accept([{ type: 'fallout/order-set', slots: moved.slots } satisfies FalloutEvent]);
}

/** decide-tie {first}: the GM's answer to "who goes first?", remembered for the rest of the fight. */
export function decideTie(state: FalloutEncounter, command: Command, ctx: DecideContext): D {
  const ref = String(command.first);
  const id = resolveRef(state, ref);
  if (id === undefined) return reject('combatant/unknown', `There is no combatant called "${ref}".`);
  const tie = undecidedTies(state).find((t) => t.open.includes(id));
  if (!tie) {
    const open = undecidedTies(state).map((t) => `${t.open.map((x) => nameOf(state, x)).join(' / ')} at ${t.initiative}`);
    return reject('fallout/no-tie', `${nameOf(state, id)} is not in an undecided initiative tie${open.length > 0 ? ` (undecided: ${open.join('; ')})` : ' (there is none)'}.`);
  }
  const event: FalloutEvent = { type: 'fallout/tie-decided', first: id, among: tie.open, initiative: tie.initiative };
  return accept(finish(state, [event], ctx));
}
