import type { Command, DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept, nameOf, nextSlot, reject, resolveRef, slotOf } from '../../core/index.ts';
import type { ActMode, FalloutEvent } from './events.ts';
import { canAct, undecidedTies } from './initiative.ts';
import type { FalloutEncounter, Readied } from './state.ts';

type D = Decision<EngineEvent>;

/** The state after these events and what the core adds by itself (defeat at 0 HP, expiring conditions). */
export function look(ctx: DecideContext, state: FalloutEncounter, events: readonly EngineEvent[]): FalloutEncounter {
  return ctx.apply(state, events) as FalloutEncounter;
}

/** Between two turns: nobody's turn is running and no readied action is resolving. */
export function inGap(state: FalloutEncounter): boolean {
  return state.status === 'running' && state.module.turn === null && state.module.firing === null;
}

/** In a gap: whose turn comes next in the initiative order (null: none this round). */
export function gapNext(state: FalloutEncounter): string | null {
  if (!inGap(state) || state.round < 1) return null;
  return nextSlot(state.module.track, (id) => canAct(state, id))?.members[0] ?? null;
}

/** Whether the combatant has taken (or given up) its turn this round. */
export function hasActed(state: FalloutEncounter, id: string): boolean {
  return state.module.track.done.includes(id) || state.module.turn?.actor === id;
}

/** Whose turn it is, in words, for rejections. */
export function turnText(state: FalloutEncounter): string {
  const m = state.module;
  if (state.status === 'setup') return 'the fight has not started (start {initiator})';
  if (m.firing) return `${nameOf(state, m.firing.queue[0]!.actor)}'s readied ${m.firing.queue[0]!.action} is resolving`;
  if (m.turn) return `it is ${nameOf(state, m.turn.actor)}'s turn`;
  if (undecidedTies(state).length > 0) return 'the GM must first decide an initiative tie (decide-tie)';
  const next = gapNext(state);
  return next ? `${nameOf(state, next)} is next` : 'nobody can act';
}

/** Events that open a turn: readied actions and assists of the actor lapse, then turn-started. */
export function beginEvents(state: FalloutEncounter, actor: string, label?: string): EngineEvent[] {
  const m = state.module;
  const out: EngineEvent[] = [];
  for (const r of m.readied) if (r.actor === actor) out.push({ type: 'fallout/ready-lapsed', id: r.id, actor } satisfies FalloutEvent);
  for (const a of m.assists) if (a.helper === actor) out.push({ type: 'fallout/assist-lapsed', actor, target: a.target } satisfies FalloutEvent);
  out.push({ type: 'turn-started', actors: [actor], ...(label ? { label } : {}) });
  return out;
}

export type Entry =
  | { readonly ok: true; readonly mode: ActMode; readonly prefix: readonly EngineEvent[]; readonly state: FalloutEncounter; readonly readied?: Readied }
  | { readonly ok: false; readonly decision: D };

const no = (code: string, message: string): Entry => ({ ok: false, decision: reject(code, message) });

/**
 * May `actor` take an action now, and how: on its own turn (beginning it if it is next), as the readied
 * action resolving now, or as the NPC its commander ordered. `major` says whether it is a major action.
 */
export function enterAct(state: FalloutEncounter, actor: string, ctx: DecideContext, action: string, major: boolean): Entry {
  const m = state.module;
  if (state.status !== 'running') return no('fight/not-started', 'The fight has not started: start it first (start {initiator}).');
  if (!canAct(state, actor)) return no('fallout/defeated', `${nameOf(state, actor)} is defeated and cannot act.`);
  if (m.firing) {
    const r = m.firing.queue[0]!;
    if (r.actor !== actor) return no('fallout/readied-in-progress', `${nameOf(state, r.actor)}'s readied ${r.action} interrupts now: it acts (or passes) first.`);
    if (action !== r.action && action !== 'pass') {
      return no('fallout/readied-action', `${nameOf(state, actor)} readied ${article(r.action)}: it may take that action now, or pass.`);
    }
    return { ok: true, mode: 'readied', prefix: [], state, readied: r };
  }
  if (m.pendingAttack) {
    return no('fallout/aim-pending', `${nameOf(state, m.pendingAttack.actor)}'s attack waits for the Aim re-roll: re-roll one d20 or keep the roll (reroll) first.`);
  }
  if (m.turn) {
    if (m.turn.actor === actor) return { ok: true, mode: 'turn', prefix: [], state };
    if (m.turn.commanded === actor) {
      if (!major) return no('fallout/commanded-major', `${nameOf(state, actor)} is commanded: it takes a single major action, not a minor one.`);
      return { ok: true, mode: 'commanded', prefix: [], state };
    }
    return no('turn/not-your-turn', `It is not ${nameOf(state, actor)}'s turn (it is ${nameOf(state, m.turn.actor)}'s).`);
  }
  if (undecidedTies(state).length > 0) return no('fallout/decision-pending', 'The GM must first decide who goes first among tied combatants (decide-tie).');
  const next = gapNext(state);
  if (next === actor) {
    const prefix = beginEvents(state, actor);
    return { ok: true, mode: 'turn', prefix, state: look(ctx, state, prefix) };
  }
  if (next === null) return no('turn/nobody', 'Nobody can take a turn now.');
  const luck = luckProblem(state, actor) === null ? ` (${nameOf(state, actor)} may spend a Luck point to act now (luck-interrupt))` : '';
  return no('turn/not-your-turn', `It is not ${nameOf(state, actor)}'s turn: ${nameOf(state, next)} is next${luck}.`);
}

function article(action: string): string {
  return `${/^[aeiou]/.test(action) ? 'an' : 'a'} ${action}`;
}

/** Why `actor` may not spend Luck to act now, or null if it may. */
export function luckProblem(state: FalloutEncounter, actor: string): { code: string; message: string } | null {
  const m = state.module;
  const c = state.combatants[actor];
  if (!c) return { code: 'combatant/unknown', message: `There is no combatant "${actor}".` };
  if (state.status !== 'running') return { code: 'fight/not-started', message: 'The fight has not started.' };
  if (m.turn || m.firing || m.pendingAttack) {
    const whose = m.turn ? `${nameOf(state, m.turn.actor)}'s turn` : 'a readied action';
    return { code: 'fallout/luck-mid-turn', message: `Luck is spent at the end of another character's turn, not in the middle of ${whose}: wait for the end of the turn (end-turn).` };
  }
  if (undecidedTies(state).length > 0) return { code: 'fallout/decision-pending', message: 'The GM must first decide the initiative tie (decide-tie).' };
  if (c.defeated) return { code: 'fallout/defeated', message: `${c.name} is defeated.` };
  if (!slotOf(m.track, actor)) return { code: 'fallout/no-slot', message: `${c.name} has no place in the initiative order.` };
  if (m.track.done.includes(actor)) return { code: 'fallout/already-acted', message: `${c.name} has already acted this round.` };
  if (gapNext(state) === actor) return { code: 'fallout/already-next', message: `${c.name} is next anyway: no Luck needed.` };
  // "You must do this at the end of another character's turn": not in the gap after one's own turn
  // (the opening turn, or the last turn of the round before), which would give two turns in a row.
  if (m.lastEnded === actor) {
    return { code: 'fallout/luck-own-turn', message: `${c.name}'s own turn has just ended: Luck is spent at the end of another character's turn.` };
  }
  const luck = c.tracks.luck?.value ?? 0;
  if (luck < 1) return { code: 'fallout/no-luck', message: `${c.name} has no Luck points left.` };
  return null;
}

/** luck-interrupt {actor}: spend a Luck point to take the turn now. */
export function luckInterrupt(state: FalloutEncounter, actor: string, ctx: DecideContext): D {
  const problem = luckProblem(state, actor);
  if (problem) return reject(problem.code, problem.message);
  const luck = state.combatants[actor]!.tracks.luck!;
  const events: EngineEvent[] = [
    { type: 'track-changed', id: actor, track: 'luck', from: luck.value, to: luck.value - 1, reason: 'Luck: acts early' },
    { type: 'fallout/luck-spent', actor } satisfies FalloutEvent,
    ...beginEvents(state, actor, 'Luck'),
  ];
  return accept(finish(state, events, ctx));
}

/** start {initiator}: the initiator's single turn before round 1. */
export function start(state: FalloutEncounter, command: Command, ctx: DecideContext): D {
  if (state.status !== 'setup') return reject('fight/started', 'The fight has already started.');
  const id = resolveRef(state, String(command.initiator));
  if (id === undefined) return reject('combatant/unknown', `There is no combatant called "${String(command.initiator)}".`);
  if (!canAct(state, id)) return reject('fallout/defeated', `${nameOf(state, id)} is defeated and cannot start the fight.`);
  const events: EngineEvent[] = [
    { type: 'fallout/fight-started', initiator: id } satisfies FalloutEvent,
    { type: 'round-started', round: 0 },
    ...beginEvents(state, id, 'Opening turn'),
  ];
  return accept(finish(state, events, ctx));
}

/** begin-turn {actor?}: the next combatant begins its turn (actions also begin it by themselves). */
export function beginTurn(state: FalloutEncounter, command: Command, ctx: DecideContext): D {
  const gap = gapProblem(state);
  if (gap) return gap;
  const next = gapNext(state)!;
  const actor = command.actor as string | undefined;
  if (actor !== undefined && actor !== next) return reject('turn/not-your-turn', `It is not ${nameOf(state, actor)}'s turn: ${nameOf(state, next)} is next.`);
  return accept(finish(state, beginEvents(state, next), ctx));
}

/** end-turn {actor?}: the turn ends (a next combatant who has not begun passes its turn). */
export function endTurn(state: FalloutEncounter, command: Command, ctx: DecideContext): D {
  const m = state.module;
  const actor = command.actor as string | undefined;
  if (state.status !== 'running') return reject('fight/not-started', 'The fight has not started: start it first (start {initiator}).');
  if (m.firing) return reject('fallout/readied-in-progress', `${nameOf(state, m.firing.queue[0]!.actor)}'s readied action must resolve first (take it or pass).`);
  if (m.pendingAttack) return reject('fallout/aim-pending', `${nameOf(state, m.pendingAttack.actor)}'s attack waits for the Aim re-roll (reroll) first.`);
  if (m.turn) {
    if (actor !== undefined && actor !== m.turn.actor) {
      return reject('turn/not-your-turn', `It is not ${nameOf(state, actor)}'s turn (it is ${nameOf(state, m.turn.actor)}'s).`);
    }
    return accept(finish(state, [{ type: 'turn-ended', actors: [m.turn.actor] }], ctx));
  }
  const gap = gapProblem(state);
  if (gap) return gap;
  const next = gapNext(state)!;
  if (actor !== undefined && actor !== next) return reject('turn/not-your-turn', `It is not ${nameOf(state, actor)}'s turn: ${nameOf(state, next)} is next.`);
  return accept(finish(state, [...beginEvents(state, next), { type: 'turn-ended', actors: [next] }], ctx));
}

function gapProblem(state: FalloutEncounter): D | null {
  if (state.status !== 'running') return reject('fight/not-started', 'The fight has not started: start it first (start {initiator}).');
  if (!inGap(state)) return reject('turn/in-progress', `A turn is already running (${turnText(state)}).`);
  if (undecidedTies(state).length > 0) return reject('fallout/decision-pending', 'The GM must first decide who goes first among tied combatants (decide-tie).');
  if (gapNext(state) === null) return reject('turn/nobody', 'Nobody can take a turn now.');
  return null;
}

/**
 * What follows by itself after a command: a readied action whose combatant cannot act lapses, a turn
 * whose actor is defeated ends, the opening turn is followed by round 1 once every tie is decided, and
 * a round whose combatants have all acted is followed by the next one.
 */
export function finish(state: FalloutEncounter, events: readonly EngineEvent[], ctx: DecideContext): EngineEvent[] {
  const out = [...events];
  let s = look(ctx, state, out);
  for (let guard = 0; guard < 50 && s.status === 'running'; guard++) {
    const m = s.module;
    let add: EngineEvent[];
    if (m.firing) {
      const r = m.firing.queue[0]!;
      if (canAct(s, r.actor)) break;
      add = [{ type: 'fallout/readied-done', id: r.id, actor: r.actor, used: false, reason: 'defeated' } satisfies FalloutEvent];
    } else if (m.turn) {
      if (canAct(s, m.turn.actor)) break;
      add = [{ type: 'turn-ended', actors: [m.turn.actor] }];
    } else {
      if (undecidedTies(s).length > 0) break;
      const anyone = m.track.slots.some((slot) => slot.members.some((id) => canAct(s, id)));
      if (!anyone) break;
      if (s.round >= 1 && gapNext(s) !== null) break;
      add = [{ type: 'round-started', round: s.round + 1 }];
    }
    out.push(...add);
    s = look(ctx, s, add);
  }
  return out;
}
