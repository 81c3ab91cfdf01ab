import { accept, currentSlot, isAboveCurrent, nextSlot, reject } from '../../../../../src/core/index.ts';
import type { Command, DecideContext, Decision, EncounterState, EngineEvent } from '../../../../../src/core/index.ts';
import type { DuelEvent } from './events.ts';
import { duelOrder } from './order.ts';
import type { DuelEncounter } from './state.ts';

type D = Decision<EngineEvent>;

const able = (state: EncounterState, id: string): boolean => Boolean(state.combatants[id] && !state.combatants[id]!.defeated);

/** "Each combatant rolls 1d6 for initiative." The dice key is the combatant's name. */
function roll(state: DuelEncounter, ids: readonly string[], ctx: DecideContext): EngineEvent[] {
  const initiative = { ...state.module.initiative };
  const events: DuelEvent[] = ids.map((id) => {
    const r = ctx.dice.roll(state.combatants[id]!.name, '1d6');
    initiative[id] = r.total;
    return { type: 'duel/initiative-rolled', combatant: id, roll: r };
  });
  return [...events, { type: 'duel/order-set', slots: duelOrder(state, initiative) }];
}

/** "When everyone has had a turn, a new round begins in the same order." */
function openRound(state: DuelEncounter, round: number, ctx: DecideContext): EngineEvent[] {
  const events: EngineEvent[] = [{ type: 'round-started', round }];
  const s = ctx.apply(state, events) as DuelEncounter;
  const first = nextSlot(s.module.track, (id) => able(s, id));
  return first ? [...events, { type: 'turn-started', actors: first.members }] : events;
}

function advance(state: DuelEncounter, actors: readonly string[], ctx: DecideContext): EngineEvent[] {
  const ended: EngineEvent[] = [{ type: 'turn-ended', actors }];
  const s = ctx.apply(state, ended) as DuelEncounter;
  const next = nextSlot(s.module.track, (id) => able(s, id));
  return next ? [...ended, { type: 'turn-started', actors: next.members }] : [...ended, ...openRound(s, state.round + 1, ctx)];
}

/** The duel decides the core's turn commands its own way; everything else is left to the core. */
export function decideDuel(state: DuelEncounter, command: Command, ctx: DecideContext): D | undefined {
  switch (command.type) {
    case 'roll-initiative': {
      const ids = (command.combatants as string[] | undefined) ?? state.roster.filter((id) => state.module.initiative[id] === undefined && able(state, id));
      if (ids.length === 0) return reject('initiative/nobody', 'Everyone has an initiative already: name the combatants to re-roll.');
      const events = roll(state, ids, ctx);
      const after = ctx.apply(state, events) as DuelEncounter;
      const track = after.module.track;
      const late = after.status === 'running' && track.current !== null ? ids.filter((id) => id !== track.current && !track.done.includes(id) && isAboveCurrent(track, id)) : [];
      return accept([...events, ...late.map((id): DuelEvent => ({ type: 'duel/joined-late', combatant: id }))]);
    }
    case 'start': {
      if (state.status !== 'setup') return reject('fight/started', 'The fight has already started.');
      const ids = state.roster.filter((id) => able(state, id));
      if (ids.length < 2) return reject('fight/nobody', 'A duel needs two combatants: add them before starting the fight.');
      const missing = ids.filter((id) => state.module.initiative[id] === undefined);
      const events = missing.length > 0 ? roll(state, missing, ctx) : [];
      return accept([...events, ...openRound(ctx.apply(state, events) as DuelEncounter, 1, ctx)]);
    }
    case 'end-turn': {
      if (state.status !== 'running') return reject('fight/not-started', 'The fight has not started: start it (start).');
      const slot = currentSlot(state.module.track);
      return slot ? accept(advance(state, slot.members, ctx)) : reject('turn/nobody', 'Nobody is taking a turn.');
    }
    case 'remove-combatant': {
      const id = command.combatant as string;
      const removed = ctx.core(command);
      if (!removed.ok || state.status !== 'running' || state.module.track.current !== id) return removed;
      const ended: EngineEvent[] = [{ type: 'turn-ended', actors: [id] }];
      const after = ctx.apply(state, [...ended, ...removed.events]) as DuelEncounter;
      const next = nextSlot(after.module.track, (x) => able(after, x));
      return accept([...ended, ...removed.events, ...(next ? [{ type: 'turn-started', actors: next.members } as EngineEvent] : openRound(after, state.round + 1, ctx))]);
    }
    default:
      return undefined;
  }
}
