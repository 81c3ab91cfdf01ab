import type { Interrupt, PendingDecision, WhoMayAct } from '../../core/index.ts';
import { checkComplete } from './checks.ts';
import { passNeed } from './pass-need.ts';
import {
  describePending,
  dueDelayed,
  isIn,
  nameOf,
  names,
  poolOf,
  sideName,
  stillToAct,
  undecided,
} from './queries.ts';
import type { PopcornEncounter } from './state.ts';

/**
 * Who may act now. `actor`: the one with the initiative. `pass`: someone passes it (after an action), the
 * side that has it picks its first member, or the GM passes it for a holder who is out; after the round's
 * last action, the choice of who starts the next round. `decision`: steps 3 to 5 of the round order.
 * `interrupts`: delayed actions that may be completed now, conditional actions waiting for their
 * trigger, and reactions (left out when only the turn is asked for: `need` 'turn').
 */
export function whoMayActPopcorn(s: PopcornEncounter, asked: 'all' | 'turn' = 'all'): WhoMayAct {
  if (s.status === 'ended') return { kind: 'ended' };
  if (s.status === 'setup') return { kind: 'setup', needs: setupNeeds(s) };
  const m = s.module;
  const interrupts = asked === 'all' ? interruptsOf(s) : [];
  const extra = interrupts.length > 0 ? { interrupts } : {};
  if (m.phase === 'end-of-round') return { kind: 'decision', round: s.round, decision: endOfRound(s), ...extra };
  const need = passNeed(s);
  if (need) return { kind: 'pass', round: s.round, from: need.from, candidates: need.candidates, label: passLabel(s, need), ...extra };
  const actor = m.current ?? '';
  const due = dueDelayed(s).filter((id) => id !== actor);
  const what = due.map((id) => `${nameOf(s, id)}'s ${m.pending[id]?.label ?? ''}`).join(', ');
  const label = due.length > 0 ? `first: ${what} ${due.length === 1 ? 'takes' : 'take'} effect` : undefined;
  return { kind: 'actor', round: s.round, actor, ...(label ? { label } : {}), ...extra };
}

function setupNeeds(s: PopcornEncounter): string {
  if (s.roster.length === 0) return 'Add combatants (add-combatant), then start the scene (start).';
  return 'Start the scene: the GM names who has the initiative (start {combatant}), gives it to a side (start {side}) or each side rolls a d20 (start {roll: true}).';
}

function passLabel(s: PopcornEncounter, need: NonNullable<ReturnType<typeof passNeed>>): string {
  if (need.why === 'pick') return `The initiative is with the ${sideName(s, s.module.pickSide ?? '')}: they pick who starts`;
  const from = need.from === null ? 'The GM' : nameOf(s, need.from);
  if (need.endsRound) {
    return need.candidates.length > 0
      ? `Nobody else can act in round ${s.round}: ${from} chooses who goes first in round ${s.round + 1}`
      : `Nobody can act in round ${s.round}, and everyone has an uncompleted action: end the round (pass with no "to")`;
  }
  if (need.why === 'holder-defeated') return `${nameOf(s, need.from)} is out of the fight: pass the initiative on for them`;
  if (need.why === 'no-holder') return 'Nobody has the initiative: the GM passes it';
  return `${from} passes the initiative to someone who can still act`;
}

function endOfRound(s: PopcornEncounter): PendingDecision {
  const waiting = undecided(s);
  const first = waiting[0];
  const next = s.round + 1;
  if (first !== undefined) {
    const p = s.module.pending[first]!;
    const canComplete = checkComplete(s, first, false) === null && p.kind === 'delayed';
    return {
      id: `uncompleted:${first}`,
      question: `Round ${s.round}, step 3: ${nameOf(s, first)}'s ${describePending(p)} is not completed. Complete it${canComplete ? '' : ' (not allowed now)'}, continue it into round ${next}, or abandon it?`,
      command: 'end-round-choice',
      field: 'choice',
      options: [
        ...(canComplete ? [{ value: 'complete', label: 'Complete it now' }] : []),
        { value: 'continue', label: `Continue it into round ${next}` },
        { value: 'abandon', label: 'Abandon it (initiative refreshes normally)' },
      ],
    };
  }
  const checked = s.module.healthChecks;
  return {
    id: 'health-checks',
    question:
      `Round ${s.round}, step 4: Health Checks for those required to make them (health-check${checked.length > 0 ? `; made: ${names(s, checked)}` : ''}). ` +
      `Step 5: resolve other rolls, actions and events. Then round ${next} (next-round), unless the combat is over (end-encounter).`,
    command: 'next-round',
    field: '',
    options: [],
  };
}

function interruptsOf(s: PopcornEncounter): Interrupt[] {
  const m = s.module;
  const out: Interrupt[] = [];
  for (const id of s.roster) {
    if (!isIn(s, id)) continue;
    const p = m.pending[id];
    if (p?.kind === 'delayed' && checkComplete(s, id, false) === null) {
      out.push({ combatant: id, command: 'complete-delayed', label: `Complete ${describePending(p)}` });
    }
    if (p?.kind === 'conditional') out.push({ combatant: id, command: 'trigger', label: `${p.label}: goes off before its trigger (${p.trigger ?? ''})` });
  }
  const holder = m.phase === 'turn' ? m.current : null;
  // Who can still act, worked out once (not once per combatant).
  const toAct = m.phase !== 'end-of-round' ? stillToAct(s) : [];
  for (const id of s.roster) {
    if (!isIn(s, id) || id === holder) continue;
    const pool = poolOf(s.combatants[id]!);
    const withAction = toAct.includes(id) ? ', or with the action' : '';
    out.push({ combatant: id, command: 'react', label: `React (Reaction Pool ${pool.value}/${pool.size}${withAction})` });
  }
  return out;
}
