import type { ActionOption } from '../../core/index.ts';
import {
  checkAbandon,
  checkComplete,
  checkEndChoice,
  checkHealthCheck,
  checkHold,
  checkPass,
  checkReact,
  checkTakeAction,
  checkTrigger,
} from './checks.ts';
import { poolOf } from './queries.ts';
import { refuse } from './refusal.ts';
import type { Refusal } from './refusal.ts';
import type { PopcornEncounter } from './state.ts';

const ACTION = "this round's action";

/** Everything a combatant might do, each legal or not with the reason (the same checks `decide` makes). */
export function allowedActionsPopcorn(s: PopcornEncounter, id: string): ActionOption[] {
  const c = s.combatants[id];
  if (!c) return [];
  const opt = (command: string, label: string, refusal: Refusal | null, extra: { preset?: Record<string, unknown>; cost?: string } = {}): ActionOption => ({
    command,
    label,
    ...(extra.preset ? { preset: { actor: id, ...extra.preset } } : { preset: { actor: id } }),
    ...(extra.cost ? { cost: extra.cost } : {}),
    legal: refusal === null,
    ...(refusal ? { reason: refusal.rejection.message } : {}),
  });
  const take = checkTakeAction(s, id);
  const pool = poolOf(c);
  const poolLabel = pool.value > 0 ? `React with the Reaction Pool (${pool.value} dice)` : 'React with the Reaction Pool (empty: other dice, or it fails)';
  return [
    opt('act', 'Take the action', take, { cost: ACTION }),
    opt('delay', 'Declare a delayed action', take, { cost: ACTION }),
    opt('conditional', 'Declare a conditional action', take, { cost: ACTION }),
    opt('hold', 'Hold: pass the initiative to an opponent', checkHold(s, id)),
    opt('pass', 'Pass the initiative', passRefusal(s, id)),
    opt('complete-delayed', 'Complete the delayed action', checkComplete(s, id, false)),
    opt('abandon', 'Abandon the delayed or conditional action', checkAbandon(s, id)),
    opt('trigger', 'The conditional action goes off (before its trigger)', checkTrigger(s, id)),
    opt('react', poolLabel, checkReact(s, id, 'pool', false, true), { preset: { kind: 'pool' }, cost: 'a reaction die' }),
    opt('react', 'Passive reaction (no reaction die)', checkReact(s, id, 'passive', false, true), { preset: { kind: 'passive' } }),
    opt('react', 'React with the action (standard dice)', checkReact(s, id, 'action', false, true), { preset: { kind: 'action' }, cost: ACTION }),
    opt('end-round-choice', 'Complete the uncompleted action', checkEndChoice(s, id, 'complete'), { preset: { choice: 'complete' } }),
    opt('end-round-choice', 'Continue it into the next round', checkEndChoice(s, id, 'continue'), { preset: { choice: 'continue' } }),
    opt('end-round-choice', 'Abandon it', checkEndChoice(s, id, 'abandon'), { preset: { choice: 'abandon' } }),
    opt('health-check', 'Make a Health Check', checkHealthCheck(s, id)),
  ];
}

function passRefusal(s: PopcornEncounter, id: string): Refusal | null {
  const need = checkPass(s, id);
  if ('ok' in need) return need;
  if (need.candidates.length === 0 && !need.endsRound) return refuse('popcorn/nobody-to-pass-to', 'Nobody can take the initiative now.');
  return null;
}
