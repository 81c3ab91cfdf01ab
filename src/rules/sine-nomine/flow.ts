import { currentSlot, nextSlot, reject, slotFinished } from '../../core/index.ts';
import type { Decision, EngineEvent } from '../../core/index.ts';
import type { Builder } from './builder.ts';
import { lapseFreeAttacks } from './free-attacks.ts';
import { lapseAtRoundEnd, lapseAtTurnEnd } from './grapple-upkeep.ts';
import { sync } from './initiative.ts';
import { canAct, nameOf } from './query.ts';
import type { SnSlot } from './state.ts';
import { freeRoundSlots } from './surprise-round.ts';
import { turnText } from './who-may-act.ts';

type D = Decision<EngineEvent>;

const able = (b: Builder) => (id: string) => canAct(b.state, id);

/** Give the turn to a slot: an actor's turn starts; a side's turn opens for it to choose a member. */
export function startSlot(b: Builder, slot: SnSlot): void {
  b.emit('slot-started', {
    key: slot.key,
    label: slot.label,
    initiative: slot.initiative,
    ...(slot.side !== undefined ? { side: slot.side } : {}),
  });
  if (slot.kind === 'actor') b.push({ type: 'turn-started', actors: [slot.members[0]!] });
}

/** A new round: rolls for anyone still without initiative, then the first slot that can act. */
export function openRound(b: Builder, round: number): void {
  b.push({ type: 'round-started', round });
  sync(b, { roll: true });
  const first = nextSlot(b.m.track, able(b));
  if (first) startSlot(b, first as SnSlot);
  else b.emit('nobody-can-act', { round });
}

/** After a slot is over: the next slot this round, or the next round. */
export function advance(b: Builder): void {
  const next = nextSlot(b.m.track, able(b));
  if (next) {
    startSlot(b, next as SnSlot);
    return;
  }
  lapseAtRoundEnd(b);
  openRound(b, b.state.round + 1);
}

export function endActorTurn(b: Builder, id: string): void {
  b.push({ type: 'turn-ended', actors: [id] });
  lapseFreeAttacks(b, id);
  lapseAtTurnEnd(b, id);
}

/** A side's turn ends: members who did not act lose their turn this round. */
export function endSideTurn(b: Builder, slot: SnSlot): void {
  const track = b.m.track;
  const skipped = slot.members.filter((id) => !track.done.includes(id) && canAct(b.state, id));
  b.emit('side-turn-ended', { key: slot.key, label: slot.label, ...(slot.side ? { side: slot.side } : {}), skipped });
  for (const id of skipped) lapseAtTurnEnd(b, id);
}

/** start: round 1 (rolling for anyone without initiative), or the free round of a CWN surprise. */
export function start(b: Builder): D {
  const s = b.state;
  if (s.status !== 'setup') return reject('fight/started', `The fight has already started (round ${s.round}).`);
  if (!s.roster.some((id) => canAct(s, id))) return reject('fight/nobody', 'Add combatants who can fight before starting (add-combatant).');
  if (b.game.surprise === 'side' && b.m.surprised.length > 0) {
    b.push({ type: 'round-started', round: 0 });
    b.emit('free-round-started', { sides: b.m.surprised, slots: freeRoundSlots(b.state) });
    const first = nextSlot(b.m.track, able(b));
    if (first) startSlot(b, first as SnSlot);
    else b.emit('nobody-can-act', { round: 0 });
    return b.done();
  }
  openRound(b, 1);
  return b.done();
}

/** begin-turn: in a side's turn, the member who acts next. */
export function beginTurn(b: Builder, id: string): D {
  const s = b.state;
  const name = nameOf(s, id);
  if (s.status !== 'running') return reject('fight/not-started', 'The fight has not started: start it first (start).');
  const slot = currentSlot(b.m.track) as SnSlot | undefined;
  if (!slot || slot.kind !== 'side') {
    return reject('turn/not-a-side-turn', `Nobody chooses now: ${turnText(s)}. begin-turn is for a side's turn.`);
  }
  if (b.m.track.active === id) return reject('turn/already-begun', `${name} is already acting.`);
  if (b.m.track.active !== null) {
    return reject('turn/someone-acting', `${nameOf(s, b.m.track.active)} is still acting: end that turn first (end-turn).`);
  }
  if (!slot.members.includes(id)) return reject('turn/not-your-turn', `${name} does not act in the ${slot.label} turn: ${turnText(s)}.`);
  if (b.m.track.done.includes(id)) return reject('turn/already-acted', `${name} has already had a turn this round.`);
  if (!canAct(s, id)) return reject('combatant/cannot-act', `${name} cannot act (defeated or unconscious).`);
  b.push({ type: 'turn-started', actors: [id] });
  return b.done();
}

/** end-turn: the current actor's turn, or (nobody begun in a side's turn) the side's turn. */
export function endTurn(b: Builder, who: string | undefined): D {
  const s = b.state;
  if (s.status !== 'running') return reject('fight/not-started', 'The fight has not started: start it first (start).');
  const track = b.m.track;
  const slot = currentSlot(track) as SnSlot | undefined;
  if (!slot) {
    if (who !== undefined) return reject('turn/not-your-turn', `${nameOf(s, who)} is not acting: nobody has the turn.`);
    advance(b);
    return b.done();
  }
  const acting = slot.kind === 'actor' ? slot.members[0] : (track.active ?? undefined);
  if (who !== undefined && who !== acting) {
    return reject('turn/not-your-turn', `${nameOf(s, who)} is not acting: ${turnText(s)}.`);
  }
  if (slot.kind === 'actor') {
    if (acting !== undefined) endActorTurn(b, acting);
    advance(b);
    return b.done();
  }
  if (acting !== undefined) {
    endActorTurn(b, acting);
    const now = currentSlot(b.m.track) as SnSlot;
    if (!slotFinished(b.m.track, now, able(b))) return b.done();
  }
  endSideTurn(b, currentSlot(b.m.track) as SnSlot);
  advance(b);
  return b.done();
}
