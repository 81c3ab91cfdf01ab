import type { DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept } from '../../core/index.ts';
import { checkEndChoice, checkHealthCheck, checkNextRound } from './checks.ts';
import type { EndChoiceCommand, HealthCheckCommand } from './commands.ts';
import { rollIf } from './dice.ts';
import type { PopcornEvent } from './events.ts';
import { step4If } from './pending.ts';
import { isIn, poolOf, undecided } from './queries.ts';
import { refuse } from './refusal.ts';
import type { PopcornEncounter } from './state.ts';

type D = Decision<EngineEvent>;

/**
 * Step 3: "Players with uncompleted actions may choose to complete them (if allowed), continue them into
 * the next round, or abandon them. If they abandon them, their initiative refreshes normally."
 * `actor` defaults to the first one still to choose.
 */
export function decideEndChoice(s: PopcornEncounter, c: EndChoiceCommand, ctx: DecideContext): D {
  const actor = c.actor ?? undecided(s)[0];
  if (actor === undefined) {
    return s.module.phase === 'end-of-round'
      ? refuse('popcorn/nothing-to-choose', 'Nobody has an uncompleted action to choose for.')
      : refuse('popcorn/not-round-end', 'Choices for uncompleted actions come at step 3, once every turn of the round is over.');
  }
  const bad = checkEndChoice(s, actor, c.choice);
  if (bad) return bad;
  if (c.roll !== undefined && c.choice !== 'complete') return refuse('popcorn/roll-unused', 'Only a completed action rolls: drop "roll".');
  const p = s.module.pending[actor]!;
  let event: PopcornEvent;
  if (c.choice === 'complete') {
    event = { type: 'popcorn/delayed-completed', actor, label: p.label, ...rollIf(ctx, 'roll', c.roll), refreshed: false, atRoundEnd: true };
  } else if (c.choice === 'continue') {
    event = { type: 'popcorn/end-choice', actor, choice: 'continue' };
  } else {
    event = { type: 'popcorn/abandoned', actor, kind: p.kind, label: p.label, refreshed: false, reason: 'round-end' };
  }
  return accept([event, ...step4If(s, [event], ctx)]);
}

/**
 * Step 4: "Players who are required to do so make Health Checks." The text does not say who or how: the
 * GM records each check (dice key `roll`, `passed` as the GM judges it), one per combatant and round.
 */
export function decideHealthCheck(s: PopcornEncounter, c: HealthCheckCommand, ctx: DecideContext): D {
  const bad = checkHealthCheck(s, c.actor);
  if (bad) return bad;
  return accept([
    {
      type: 'popcorn/health-check',
      actor: c.actor,
      ...rollIf(ctx, 'roll', c.roll),
      ...(c.passed !== undefined ? { passed: c.passed } : {}),
      ...(c.note ? { note: c.note } : {}),
    },
  ]);
}

/**
 * Step 6 then step 1: "Unless combat is over, return to step 1", "Players refresh their reaction pools
 * and intiative"; the one the last actor chose goes first ("That character will go first in the next
 * round"). Delayed actions still under way keep their actors' cards face up.
 */
export function decideNextRound(s: PopcornEncounter): D {
  const bad = checkNextRound(s);
  if (bad) return bad;
  const round = s.round + 1;
  const pools: { combatant: string; from: number; to: number }[] = [];
  for (const id of s.roster) {
    const pool = poolOf(s.combatants[id]!);
    if (pool.value !== pool.size) pools.push({ combatant: id, from: pool.value, to: pool.size });
  }
  const stayUp = s.roster.filter((id) => s.module.pending[id]?.kind === 'delayed');
  const first = s.module.nextFirst;
  const events: EngineEvent[] = [{ type: 'round-started', round }, { type: 'popcorn/refreshed', round, pools, stayUp }];
  if (first !== null && isIn(s, first) && !s.module.pending[first]) {
    events.push({ type: 'popcorn/initiative', to: first, how: 'round' }, { type: 'turn-started', actors: [first] });
  }
  return accept(events);
}
