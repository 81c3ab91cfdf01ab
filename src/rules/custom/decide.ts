import type { Command, DecideContext, Decision, EngineEvent, EncounterState } from '../../core/index.ts';
import { accept, currentSlot, isAboveCurrent, moveSlot, nextSlot, reject, slotOf } from '../../core/index.ts';
import type { CustomEvent } from './events.ts';
import { reorderAll, rollInitiative } from './initiative.ts';
import type { CustomOptions, CustomStats } from './schema.ts';
import type { CustomEncounter } from './state.ts';

type D = Decision<EngineEvent>;

export function decideCustom(state: CustomEncounter, command: Command, ctx: DecideContext): D | undefined {
  switch (command.type) {
    case 'roll-initiative':
      return rollFor(state, command.combatants as string[] | undefined, ctx);
    case 'set-initiative': {
      const id = command.combatant as string;
      const initiative = { ...state.module.initiative, [id]: { total: command.total as number, roll: null } };
      return accept([{ type: 'custom/initiative-set', combatant: id, total: command.total as number }, ...reorderAll(state, initiative, ctx)]);
    }
    case 'start':
      return start(state, ctx);
    case 'end-turn':
      return endTurn(state, ctx);
    case 'act': {
      const notActing = mustAct(state, command.actor as string);
      return notActing ?? accept([{ type: 'custom/acted', actor: command.actor as string, label: command.label as string }]);
    }
    case 'attack':
      return attack(state, command, ctx);
    case 'add-combatant':
      return addCombatant(state, command, ctx);
    case 'remove-combatant':
      return removeCombatant(state, command, ctx);
    case 'reorder':
      return reorder(state, command);
    default:
      return undefined;
  }
}

function rollFor(state: CustomEncounter, wanted: string[] | undefined, ctx: DecideContext): D {
  const ids = wanted ?? state.roster.filter((id) => !state.module.initiative[id] && !state.combatants[id]!.defeated);
  if (ids.length === 0) {
    return reject('initiative/nobody', 'Everyone has an initiative already: name the combatants to re-roll.');
  }
  const events = rollInitiative(state, ids, ctx);
  return accept([...events, ...lateJoiners(ctx.apply(state, events) as CustomEncounter, ids)]);
}

/** Combatants (new in the order) whose slot is above the current one wait for the next round. */
function lateJoiners(after: CustomEncounter, ids: readonly string[]): EngineEvent[] {
  const track = after.module.track;
  if (after.status !== 'running' || track.current === null) return [];
  return ids
    .filter((id) => id !== track.current && !track.done.includes(id) && isAboveCurrent(track, id))
    .map((id): CustomEvent => ({ type: 'custom/joined-late', combatant: id }));
}

function start(state: CustomEncounter, ctx: DecideContext): D {
  if (state.status !== 'setup') return reject('fight/started', 'The fight has already started.');
  const able = state.roster.filter((id) => !state.combatants[id]!.defeated);
  if (able.length === 0) return reject('fight/nobody', 'Add combatants before starting the fight.');
  const missing = able.filter((id) => !state.module.initiative[id]);
  const events: EngineEvent[] = missing.length > 0 ? rollInitiative(state, missing, ctx) : [];
  const ready = ctx.apply(state, events) as CustomEncounter;
  return accept([...events, ...openRound(ready, 1, ctx)]);
}

function openRound(state: CustomEncounter, round: number, ctx: DecideContext): EngineEvent[] {
  const events: EngineEvent[] = [{ type: 'round-started', round }];
  let s = ctx.apply(state, events) as CustomEncounter;
  if (round > 1 && (state.options as CustomOptions).reroll) {
    const rerolls = rollInitiative(s, s.roster.filter((id) => !s.combatants[id]!.defeated), ctx);
    events.push(...rerolls);
    s = ctx.apply(s, rerolls) as CustomEncounter;
  }
  const first = nextSlot(s.module.track, (id) => canAct(s, id));
  if (first) events.push({ type: 'turn-started', actors: first.members });
  return events;
}

function endTurn(state: CustomEncounter, ctx: DecideContext): D {
  if (state.status !== 'running') return reject('fight/not-started', 'The fight has not started: start it (start).');
  const slot = currentSlot(state.module.track);
  if (!slot) return reject('turn/nobody', 'Nobody is taking a turn.');
  return accept(advance(state, slot.members, ctx));
}

/** End the actors' turn and hand it to the next slot, or open the next round. */
function advance(state: CustomEncounter, actors: readonly string[], ctx: DecideContext): EngineEvent[] {
  const events: EngineEvent[] = [{ type: 'turn-ended', actors }];
  const s = ctx.apply(state, events) as CustomEncounter;
  const next = nextSlot(s.module.track, (id) => canAct(s, id));
  if (next) return [...events, { type: 'turn-started', actors: next.members }];
  return [...events, ...openRound(s, state.round + 1, ctx)];
}

function canAct(state: EncounterState, id: string): boolean {
  const c = state.combatants[id];
  return Boolean(c && !c.defeated);
}

function mustAct(state: CustomEncounter, actor: string): D | null {
  if (state.status !== 'running') return reject('fight/not-started', 'The fight has not started: start it (start).');
  if (state.module.track.current !== actor) {
    const now = state.module.track.current;
    const who = now ? state.combatants[now]?.name : 'nobody';
    return reject('turn/not-your-turn', `It is not ${state.combatants[actor]!.name}'s turn (it is ${who}'s).`);
  }
  return null;
}

function attack(state: CustomEncounter, command: Command, ctx: DecideContext): D {
  const actor = command.actor as string;
  const notActing = mustAct(state, actor);
  if (notActing) return notActing;
  const target = state.combatants[command.target as string]!;
  if (target.id === actor) return reject('attack/self', `${target.name} cannot attack itself: pick another target.`);
  const vs = (command.vs as number | undefined) ?? (target.stats as CustomStats).defense;
  if (vs === undefined) {
    return reject('attack/no-defense', `Give the number to beat ("vs") or set ${target.name}'s defense stat.`);
  }
  const hit = ctx.dice.roll('hit', command.hit as string);
  const hits = hit.total >= vs;
  const damage = hits && command.damage ? ctx.dice.roll('damage', command.damage as string) : undefined;
  if (!damage) ctx.dice.skip('damage');
  const events: EngineEvent[] = [
    {
      type: 'custom/attacked',
      actor,
      target: target.id,
      ...(command.label ? { label: command.label as string } : {}),
      hit,
      vs,
      hits,
      ...(damage ? { damage } : {}),
    },
  ];
  const hp = target.tracks.hp;
  if (damage && hp && damage.total > 0) {
    const to = Math.max(hp.min ?? 0, hp.value - damage.total);
    if (to !== hp.value) events.push({ type: 'track-changed', id: target.id, track: 'hp', from: hp.value, to, reason: 'damage' });
  }
  return accept(events);
}

function addCombatant(state: CustomEncounter, command: Command, ctx: DecideContext): D {
  const added = ctx.core(command);
  if (!added.ok || state.status !== 'running') return added;
  const after = ctx.apply(state, added.events) as CustomEncounter;
  const ids = after.roster.filter((id) => !state.combatants[id]);
  const rolled = rollInitiative(after, ids, ctx);
  return accept([...added.events, ...rolled, ...lateJoiners(ctx.apply(after, rolled) as CustomEncounter, ids)]);
}

function removeCombatant(state: CustomEncounter, command: Command, ctx: DecideContext): D {
  const id = command.combatant as string;
  const removed = ctx.core(command);
  if (!removed.ok || state.module.track.current !== id || state.status !== 'running') return removed;
  const ended: EngineEvent[] = [{ type: 'turn-ended', actors: [id] }];
  const after = ctx.apply(state, [...ended, ...removed.events]) as CustomEncounter;
  const next = nextSlot(after.module.track, (x) => canAct(after, x));
  const tail = next ? [{ type: 'turn-started', actors: next.members } as EngineEvent] : openRound(after, state.round + 1, ctx);
  return accept([...ended, ...removed.events, ...tail]);
}

function reorder(state: CustomEncounter, command: Command): D {
  const id = command.combatant as string;
  const anchor = (command.before ?? command.after) as string | undefined;
  if (!anchor || (command.before && command.after)) {
    return reject('reorder/anchor', 'Say where to move the combatant: before or after another one (not both).');
  }
  const track = state.module.track;
  if (!slotOf(track, id) || !slotOf(track, anchor)) {
    return reject('reorder/no-initiative', 'Both combatants need an initiative before they can be reordered.');
  }
  if (id === anchor) return reject('reorder/self', 'A combatant cannot be moved next to itself.');
  const moved = moveSlot(track, id, anchor, command.before ? 'before' : 'after');
  return accept([{ type: 'custom/order-set', slots: moved.slots }]);
}
