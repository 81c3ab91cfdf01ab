import { currentSlot, reject } from '../../core/index.ts';
import type { Decision, Interrupt, WhoMayAct } from '../../core/index.ts';
import type { SnGame } from './game.ts';
import { canAct, nameOf, possessive, surprisedNow } from './query.ts';
import type { SnEncounter, SnSlot } from './state.ts';

export const SETUP_NEEDS = 'Roll initiative (roll-initiative) then start the fight (start)';

/** Who may act now: the actor of an individual slot, or a side choosing and running its members. */
export function whoMayAct(state: SnEncounter, game: SnGame): WhoMayAct {
  if (state.status === 'ended') return { kind: 'ended' };
  const m = state.module;
  if (state.status === 'setup') return { kind: 'setup', needs: setupNeeds(state, game) };
  const slot = currentSlot(m.track) as SnSlot | undefined;
  const interrupts = instantInterrupts(state, slot);
  const label = m.freeRound ? 'Free round (surprise)' : undefined;
  if (!slot) {
    return {
      kind: 'setup',
      round: state.round,
      needs: `Nobody can act in round ${state.round}: end the round (end-turn), bring a combatant back (set-defeated) or end the encounter.`,
    };
  }
  if (slot.kind === 'side') {
    const waiting = slot.members.filter((id) => id !== m.track.active && !m.track.done.includes(id) && canAct(state, id));
    return {
      kind: 'side',
      round: state.round,
      side: slot.side ?? slot.key,
      active: m.track.active,
      waiting,
      label: label ?? slot.label,
      ...(interrupts.length > 0 ? { interrupts } : {}),
    };
  }
  return {
    kind: 'actor',
    round: state.round,
    actor: slot.members[0] ?? slot.key,
    ...(label ? { label } : {}),
    ...(interrupts.length > 0 ? { interrupts } : {}),
  };
}

function setupNeeds(state: SnEncounter, game: SnGame): string {
  if (state.roster.length === 0) return 'Add combatants (add-combatant), roll initiative (roll-initiative) then start the fight (start)';
  if (game.surprise === 'side' && state.module.surprised.length > 0) {
    return 'Start the fight (start): the surprised side\'s enemies get a free round before initiative';
  }
  const missing = state.roster.some(
    (id) =>
      !state.combatants[id]!.defeated &&
      !state.module.order.some((s) => s.members.includes(id)) &&
      !(game.surprise === 'combatant' && state.module.surprised.includes(id)),
  );
  return missing ? SETUP_NEEDS : 'Start the fight (start)';
}

function instantInterrupts(state: SnEncounter, slot: SnSlot | undefined): Interrupt[] {
  const acting = slot?.kind === 'actor' ? slot.members[0] : state.module.track.active;
  return state.roster
    .filter((id) => id !== acting && canAct(state, id))
    .map((id) => ({ combatant: id, command: 'act', label: 'Instant action' }));
}

/** Whose turn it is, in words, for rejections. */
export function turnText(state: SnEncounter): string {
  const m = state.module;
  const slot = currentSlot(m.track) as SnSlot | undefined;
  if (!slot) return 'nobody has the turn';
  if (slot.kind === 'actor') return `it is ${possessive(nameOf(state, slot.members[0] ?? ''))} turn`;
  const side = `the ${possessive(slot.label)} turn`;
  return m.track.active ? `it is ${side} and ${nameOf(state, m.track.active)} is acting` : `it is ${side} (nobody has begun)`;
}

export type TurnCheck = { readonly ok: true; readonly begin: boolean } | { readonly ok: false; readonly decision: Decision<never> };

const fail = (code: string, message: string): TurnCheck => ({ ok: false, decision: reject(code, message) });

/** May this combatant act on its own turn now? `begin`: a side member starting its turn by acting. */
export function checkOwnTurn(state: SnEncounter, game: SnGame, id: string): TurnCheck {
  const basic = checkAble(state, game, id);
  if (basic) return basic;
  const c = state.combatants[id]!;
  if (surprisedNow(state, game, id)) {
    const until = game.surprise === 'combatant' ? 'in round 1' : 'during the free round';
    return fail(`${game.id}/surprised`, `${c.name} is surprised: only Instant actions ${until}.`);
  }
  const m = state.module;
  const slot = currentSlot(m.track) as SnSlot | undefined;
  if (slot?.kind === 'actor' && slot.members[0] === id) return { ok: true, begin: false };
  if (slot?.kind === 'side') {
    if (m.track.active === id) return { ok: true, begin: false };
    if (slot.members.includes(id) && !m.track.done.includes(id)) {
      if (m.track.active === null) return { ok: true, begin: true };
      return fail('turn/not-your-turn', `${nameOf(state, m.track.active)} is acting: ${c.name} goes when that turn ends (end-turn).`);
    }
  }
  if (m.track.done.includes(id)) return fail('turn/already-acted', `${c.name} has already had a turn this round; ${turnText(state)}.`);
  return fail('turn/not-your-turn', `It is not ${possessive(c.name)} turn: ${turnText(state)}.`);
}

/** May this combatant take an Instant action (any time in the fight)? */
export function checkInstant(state: SnEncounter, game: SnGame, id: string): TurnCheck {
  return checkAble(state, game, id) ?? { ok: true, begin: false };
}

/** A free attack (a foe left melee): any time, but not while surprised (it is not an Instant action). */
export function checkFreeAttack(state: SnEncounter, game: SnGame, id: string): TurnCheck {
  const able = checkAble(state, game, id);
  if (able) return able;
  if (surprisedNow(state, game, id)) {
    return fail(`${game.id}/surprised`, `${state.combatants[id]!.name} is surprised: a free attack is not an Instant action.`);
  }
  return { ok: true, begin: false };
}

function checkAble(state: SnEncounter, game: SnGame, id: string): TurnCheck | null {
  const c = state.combatants[id]!;
  if (state.status === 'setup') return fail('fight/not-started', `The fight has not started: start it first (start).`);
  if (c.defeated) return fail('combatant/defeated', `${c.name} is defeated and cannot act.`);
  if (!canAct(state, id)) return fail(`${game.id}/unconscious`, `${c.name} is unconscious and cannot act.`);
  return null;
}
