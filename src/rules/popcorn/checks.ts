import { holdRule, holdTargets, passNeed } from './pass-need.ts';
import type { PassNeed } from './pass-need.ts';
import {
  carried,
  describePending,
  dueDelayed,
  endStep,
  hasActed,
  isIn,
  names,
  nameOf,
  poolOf,
  segmentNow,
  sideName,
  sideOf,
  stillToAct,
  undecided,
} from './queries.ts';
import { notStarted, refuse } from './refusal.ts';
import type { Refusal } from './refusal.ts';
import type { PopcornEncounter } from './state.ts';

/**
 * Every legality rule, as a function returning the refusal or null. `decide` refuses with it and
 * `allowedActions` shows its message as the reason, so both always agree.
 */

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export function checkRunning(s: PopcornEncounter): Refusal | null {
  if (s.status === 'ended') return refuse('popcorn/ended', 'The encounter has ended: reopen it (reopen-encounter) to go on.');
  return s.status === 'running' ? null : notStarted();
}

function roundOver(s: PopcornEncounter): Refusal {
  const step = endStep(s);
  const what =
    step === 3
      ? `step 3: ${names(s, undecided(s))} must choose what happens to the uncompleted action (end-round-choice)`
      : `steps 4 and 5: Health Checks (health-check) and other rolls, then the next round (next-round)`;
  return refuse('popcorn/round-over', `The turns of round ${s.round} are over; now ${what}.`);
}

function dueMessage(s: PopcornEncounter, due: readonly string[], who: string): string {
  const what = due.map((id) => `${nameOf(s, id)}'s ${s.module.pending[id]?.label ?? 'delayed action'}`).join(', ');
  return `Before ${who} acts, ${what} take${due.length === 1 ? 's' : ''} effect: complete it (complete-delayed) or abandon it (abandon).`;
}

/** May `actor` take its action now (act, delay, declare a conditional action)? */
export function checkTakeAction(s: PopcornEncounter, actor: string): Refusal | null {
  const running = checkRunning(s);
  if (running) return running;
  const m = s.module;
  const n = nameOf(s, actor);
  if (!isIn(s, actor)) return refuse('popcorn/defeated', `${n} is defeated and cannot act.`);
  if (m.phase === 'end-of-round') return roundOver(s);
  if (m.phase === 'pick') {
    return refuse('popcorn/no-initiative', `Nobody has the initiative yet: it is with the ${sideName(s, m.pickSide ?? '')}, who pick who starts (pass {to}).`);
  }
  if (m.current !== actor) {
    const p = m.pending[actor];
    if (hasActed(s, actor) && p?.kind === 'delayed' && carried(s, p)) {
      return refuse('popcorn/already-acted', `${n}'s initiative has not refreshed: the delayed action (${p.label}) is not completed yet.`);
    }
    if (hasActed(s, actor)) return refuse('popcorn/already-acted', `${n} has already acted this round (card face up).`);
    const holder = m.current === null ? 'nobody has it: pass it (pass {to})' : `${nameOf(s, m.current)} has it`;
    return refuse('popcorn/not-your-initiative', `${n} does not have the initiative (${holder}); ${n} can react (react) or wait to be passed the initiative.`);
  }
  if (m.phase === 'pass') return refuse('popcorn/already-acted', `${n} has already acted this round: pass the initiative (pass {to}).`);
  const due = dueDelayed(s).filter((id) => id !== actor);
  if (due.length > 0) return refuse('popcorn/delayed-due', dueMessage(s, due, n));
  return null;
}

/** May `actor` hold (choose not to act yet)? */
export function checkHold(s: PopcornEncounter, actor: string): Refusal | null {
  const base = checkTakeAction(s, actor);
  if (base) return base;
  const t = holdTargets(s, actor);
  if (t.candidates.length === 0 && !t.endsRound) {
    const n = nameOf(s, actor);
    return refuse('popcorn/cannot-hold', `${n} is the last who can still act this round: nobody can accept the initiative, so ${n} must act now.`);
  }
  return null;
}

/** Whether a hold to `to` follows the rule; null if it does. */
export function checkHoldTarget(s: PopcornEncounter, actor: string, to: string): Refusal | null {
  const t = holdTargets(s, actor);
  if (t.candidates.includes(to)) return null;
  const n = nameOf(s, actor);
  if (!t.endsRound && !t.toAlly && stillToAct(s, actor).includes(to)) {
    return refuse('popcorn/hold-must-pass-to-opponent', `${n} holds: ${holdRule(s, actor, t)}; ${nameOf(s, to)} is an ally.`);
  }
  const why = targetProblem(s, to, { from: actor, candidates: t.candidates, endsRound: t.endsRound, why: 'after-action' }).rejection;
  return refuse(why.code as `popcorn/${string}`, `${n} holds: ${holdRule(s, actor, t)}. ${why.message}`);
}

/** May the initiative be passed now (by `actor`, when given)? Returns the situation when it may. */
export function checkPass(s: PopcornEncounter, actor?: string): Refusal | PassNeed {
  const running = checkRunning(s);
  if (running) return running;
  const need = passNeed(s);
  const m = s.module;
  if (!need) {
    if (m.phase === 'end-of-round') return roundOver(s);
    const cur = nameOf(s, m.current);
    return refuse('popcorn/act-first', `${cur} has the initiative and has not acted yet: act first, or hold (hold) and pass to an opponent.`);
  }
  if (actor !== undefined && actor !== need.from) {
    if (need.why === 'pick' && sideOf(s, actor) === m.pickSide) return need;
    const holder = need.from === null ? 'the GM passes it' : `${nameOf(s, need.from)} does`;
    return refuse('popcorn/not-your-initiative', `${nameOf(s, actor)} does not have the initiative to pass (${holder}).`);
  }
  return need;
}

export function checkPassTarget(s: PopcornEncounter, need: PassNeed, to: string | undefined): Refusal | null {
  if (to === undefined) {
    if (need.candidates.length === 0 && need.endsRound) return null;
    return refuse('popcorn/pass-to-whom', `Say who gets the initiative: one of ${names(s, need.candidates)}.`, { path: 'to' });
  }
  if (need.candidates.includes(to)) return null;
  return targetProblem(s, to, need);
}

function targetProblem(s: PopcornEncounter, to: string, need: PassNeed): Refusal {
  const n = nameOf(s, to);
  const list = names(s, need.candidates);
  const next = s.round + 1;
  if (to === need.from && need.endsRound) {
    return refuse('popcorn/pick-self', `${n} cannot choose ${n} to go first in round ${next} (option lastMayPickSelf): choose one of ${list}.`);
  }
  if (to === need.from) return refuse('popcorn/pass-to-self', `${n} cannot pass the initiative to ${n}: choose one of ${list}.`);
  if (!isIn(s, to)) return refuse('popcorn/defeated', `${n} is defeated: choose one of ${list}.`);
  const p = s.module.pending[to];
  if (need.endsRound && p) {
    return refuse(
      'popcorn/has-uncompleted',
      `${n} has an uncompleted ${p.kind} action (${p.label}): the first of round ${next} must be someone without one (${list}).`,
    );
  }
  if (hasActed(s, to)) {
    return refuse('popcorn/already-acted', `${n} has already acted this round (card face up): pass to someone who can still act (${list}).`);
  }
  if (need.why === 'pick') {
    return refuse('popcorn/not-on-side', `The initiative is with the ${sideName(s, s.module.pickSide ?? '')}: pick one of their members (${list}).`);
  }
  return refuse('popcorn/not-a-candidate', `${n} cannot take the initiative now: choose one of ${list}.`);
}

export function checkComplete(s: PopcornEncounter, actor: string, early: boolean): Refusal | null {
  const running = checkRunning(s);
  if (running) return running;
  const n = nameOf(s, actor);
  const p = s.module.pending[actor];
  if (p?.kind === 'conditional') {
    return refuse('popcorn/not-delayed', `${n}'s action is conditional: it takes effect with its trigger (trigger), or is abandoned (abandon).`);
  }
  if (!p) return refuse('popcorn/no-delayed', `${n} has no delayed action to complete.`);
  if (!isIn(s, actor)) return refuse('popcorn/defeated', `${n} is defeated: the delayed action can only be abandoned (abandon).`);
  if (early) return null;
  if (p.timing === 'segments' && (p.left ?? 0) > 0) {
    return refuse(
      'popcorn/not-due',
      `${n}'s ${p.label} takes effect after ${plural(p.left ?? 0, 'more segment')} (the GM may let it go off early (complete-delayed {early: true})).`,
    );
  }
  if (p.timing === 'discretion' && p.segment === segmentNow(s)) {
    return refuse('popcorn/same-segment', `${n} declared ${p.label} in this segment: it can be completed from the next segment on.`);
  }
  return null;
}

export function checkAbandon(s: PopcornEncounter, actor: string): Refusal | null {
  const running = checkRunning(s);
  if (running) return running;
  if (!s.module.pending[actor]) {
    return refuse('popcorn/nothing-to-abandon', `${nameOf(s, actor)} has no delayed or conditional action to abandon.`);
  }
  return null;
}

export function checkTrigger(s: PopcornEncounter, actor: string): Refusal | null {
  const running = checkRunning(s);
  if (running) return running;
  const n = nameOf(s, actor);
  const p = s.module.pending[actor];
  if (p?.kind === 'delayed') return refuse('popcorn/not-conditional', `${n}'s action is delayed, not conditional: complete it (complete-delayed).`);
  if (!p) return refuse('popcorn/no-conditional', `${n} has no conditional action waiting for a trigger.`);
  if (!isIn(s, actor)) return refuse('popcorn/defeated', `${n} is defeated: the conditional action can only be abandoned (abandon).`);
  return null;
}

export function checkReact(s: PopcornEncounter, actor: string, kind: 'pool' | 'passive' | 'action', extra: boolean, defense: boolean): Refusal | null {
  const running = checkRunning(s);
  if (running) return running;
  const n = nameOf(s, actor);
  const c = s.combatants[actor];
  if (!c || c.defeated) return refuse('popcorn/defeated', `${n} is defeated and cannot react.`);
  const pool = poolOf(c);
  if (kind === 'pool' && pool.value <= 0 && !extra && !defense) {
    return refuse(
      'popcorn/pool-empty',
      `${n}'s Reaction Pool is empty and no other dice apply, so ${n} cannot make this reaction (give a Trope, Trademark or other die that applies as extra).`,
    );
  }
  if (kind === 'passive' && pool.value <= 0) {
    return refuse(
      'popcorn/passive-needs-dice',
      `${n}'s Reaction Pool is empty: a passive reaction is for a character who still has dice in it; react with other dice (extra), or the reaction fails or is impossible.`,
    );
  }
  if (kind === 'action') {
    if (hasActed(s, actor)) {
      return refuse('popcorn/already-acted', `${n} has already used this round's action: only a character who has not acted can react with its action.`);
    }
    if (s.module.phase === 'turn' && s.module.current === actor) {
      return refuse('popcorn/has-initiative', `${n} has the initiative: take the action now (act) rather than as a reaction.`);
    }
  }
  return null;
}

export function checkEndChoice(s: PopcornEncounter, actor: string, choice: 'complete' | 'continue' | 'abandon'): Refusal | null {
  const running = checkRunning(s);
  if (running) return running;
  const n = nameOf(s, actor);
  const next = s.round + 1;
  if (s.module.phase !== 'end-of-round') {
    return refuse('popcorn/not-round-end', 'Choices for uncompleted actions come at step 3, once every turn of the round is over.');
  }
  const p = s.module.pending[actor];
  if (!p) return refuse('popcorn/nothing-to-choose', `${n} has no uncompleted action.`);
  if (!isIn(s, actor)) return refuse('popcorn/defeated', `${n} is defeated: the action can only be abandoned (abandon).`);
  if (choice === 'continue' && p.continued) return refuse('popcorn/already-chose', `${n} already chose to continue ${p.label} into round ${next}.`);
  if (choice !== 'complete') return null;
  if (p.kind === 'conditional') {
    return refuse(
      'popcorn/cannot-complete',
      `${n}'s ${p.label} waits for its trigger (${p.trigger ?? '?'}), which is outside ${n}'s control: if it happened, use trigger; otherwise continue it into round ${next} or abandon it.`,
    );
  }
  if (p.timing === 'segments' && (p.left ?? 0) > 0) {
    return refuse('popcorn/not-due', `${n}'s ${describePending(p)} cannot be completed yet: continue it into round ${next} or abandon it.`);
  }
  return null;
}

export function checkHealthCheck(s: PopcornEncounter, actor: string): Refusal | null {
  const running = checkRunning(s);
  if (running) return running;
  if (s.module.phase !== 'end-of-round') {
    return refuse('popcorn/not-health-check-step', `Health Checks come at step 4 of the round order, after every turn of round ${s.round}.`);
  }
  const step3 = step3First(s);
  if (step3) return step3;
  if (s.module.healthChecks.includes(actor)) {
    return refuse('popcorn/health-check-made', `${nameOf(s, actor)} has already made a Health Check this round.`);
  }
  return null;
}

function step3First(s: PopcornEncounter): Refusal | null {
  const waiting = undecided(s);
  if (waiting.length === 0) return null;
  return refuse(
    'popcorn/step-3-first',
    `Finish step 3 first: ${names(s, waiting)} must choose what happens to the uncompleted action (end-round-choice: complete, continue or abandon).`,
  );
}

export function checkNextRound(s: PopcornEncounter): Refusal | null {
  const running = checkRunning(s);
  if (running) return running;
  if (s.module.phase !== 'end-of-round') {
    const open = stillToAct(s);
    return refuse(
      'popcorn/round-not-over',
      `Round ${s.round} is not over: ${open.length > 0 ? `${names(s, open)} can still act` : 'the initiative must still be passed'}; the last to act chooses who goes first next round.`,
    );
  }
  return step3First(s);
}
