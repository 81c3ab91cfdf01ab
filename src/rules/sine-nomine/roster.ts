import { currentSlot, reject, slotFinished } from '../../core/index.ts';
import type { Command, DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import type { Builder } from './builder.ts';
import { advance, endActorTurn, endSideTurn } from './flow.ts';
import { dropGrapplesOf, endGrapple } from './grapple-upkeep.ts';
import { sync } from './initiative.ts';
import { canAct, GRAPPLED, grapplesOn, nameOf, SURPRISED } from './query.ts';
import { slotWith } from './slots.ts';
import type { SnSlot } from './state.ts';

type D = Decision<EngineEvent>;

/** add-combatant: late joiners roll on joining (or join their side's slot); see `sync`. */
export function addCombatant(b: Builder, command: Command, ctx: DecideContext): D {
  const core = ctx.core(command);
  if (!core.ok) return core;
  const before = new Set(b.state.roster);
  b.push(...core.events);
  const added = b.state.roster.filter((id) => !before.has(id));
  // Joining during a CWN free round: the roll waits for round 1, with everyone's.
  sync(b, { roll: b.state.status === 'running' && !b.m.freeRound, only: added });
  return b.done();
}

/** update-combatant: a new side or automatic initiative moves the combatant to its new slot. */
export function updateCombatant(b: Builder, command: Command, ctx: DecideContext): D {
  const core = ctx.core(command);
  if (!core.ok) return core;
  b.push(...core.events);
  if (b.m.order.length > 0) sync(b, { roll: b.state.status === 'running' && !b.m.freeRound, only: [command.combatant as string] });
  return b.done();
}

/**
 * remove-combatant: never hands the turn to anyone the order would not. Removing the combatant who is
 * acting ends its turn first, exactly as end-turn would (the next slot starts, or the side chooses its
 * next member); removing anyone else changes nobody's turn.
 */
export function removeCombatant(b: Builder, command: Command, ctx: DecideContext): D {
  const id = command.combatant as string;
  const core = ctx.core(command);
  if (!core.ok) return core;
  const track = b.m.track;
  const slot = currentSlot(track) as SnSlot | undefined;
  const acting = b.state.status === 'running' && slot !== undefined && (slot.kind === 'actor' ? slot.members[0] === id : track.active === id);
  if (acting) endActorTurn(b, id);
  dropGrapplesOf(b, id);
  b.push(...core.events);
  if (!acting || !slot) return b.done();
  if (slot.kind === 'actor') {
    advance(b);
  } else if (slotFinished(b.m.track, currentSlot(b.m.track)!, (x) => canAct(b.state, x))) {
    endSideTurn(b, currentSlot(b.m.track) as SnSlot);
    advance(b);
  }
  return b.done();
}

/**
 * reorder: moves the combatant's initiative slot before or after the other's (and the roster line).
 * The current turn stays where it is; a slot moved above the current one that has not acted this round
 * still acts at the end of it.
 */
export function reorder(b: Builder, command: Command, ctx: DecideContext): D | undefined {
  const id = command.combatant as string;
  const anchorId = (command.before ?? command.after) as string | undefined;
  const slot = slotWith(b.m.order, id);
  if (!slot || anchorId === undefined || (command.before && command.after)) return undefined;
  const anchor = slotWith(b.m.order, anchorId);
  if (!anchor) return reject('reorder/no-initiative', `${nameOf(b.state, anchorId)} has no initiative yet: roll it first (roll-initiative).`);
  if (anchor.key === slot.key && anchorId !== id) {
    return reject('reorder/same-slot', `${nameOf(b.state, id)} and ${nameOf(b.state, anchorId)} act in the same ${slot.label} turn, in any order they choose.`);
  }
  const core = ctx.core(command);
  if (!core.ok) return core;
  b.push(...core.events);
  b.emit('slot-moved', {
    key: slot.key,
    anchor: anchor.key,
    where: command.before ? 'before' : 'after',
    label: slot.label,
    ...(slot.kind === 'actor' ? { combatant: slot.key } : {}),
  });
  return b.done();
}

/**
 * remove-condition: taking Grappled off by hand ends every grapple on that combatant; taking Surprised
 * off an SWN combatant in round 1 or before ends its surprise (it may then roll initiative).
 */
export function removeCondition(b: Builder, command: Command, ctx: DecideContext): D {
  const core = ctx.core(command);
  if (!core.ok) return core;
  const id = command.combatant as string;
  const removed = (name: string): boolean =>
    core.events.some((e) => e.type === 'condition-removed' && (e as { name: string }).name.toLowerCase() === name.toLowerCase());
  b.push(...core.events);
  if (b.game.grapple && removed(GRAPPLED)) for (const g of grapplesOn(b.state, id)) endGrapple(b, g, 'grapple-ended', 'Grappled removed by the GM');
  if (b.game.surprise === 'combatant' && removed(SURPRISED) && b.m.surprised.includes(id)) b.emit('surprise-ended', { combatant: id });
  return b.done();
}
