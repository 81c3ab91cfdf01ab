import type { Decision, EngineEvent } from '../../core/index.ts';
import { accept } from '../../core/index.ts';
import { checkHold, checkHoldTarget, checkPass, checkPassTarget } from './checks.ts';
import type { HoldCommand, PassCommand } from './commands.ts';
import type { PopcornEvent } from './events.ts';
import { holdRule, holdTargets } from './pass-need.ts';
import { groupMembers, groupNames, isIn, nameOf, segmentNow } from './queries.ts';
import { refuse } from './refusal.ts';
import type { Refusal } from './refusal.ts';
import type { PopcornEncounter } from './state.ts';

type D = Decision<EngineEvent>;

/** `pass {to}` or `pass {group}`: the initiative goes on (or, after the round's last action, the next round's first is chosen). */
export function decidePass(s: PopcornEncounter, c: PassCommand): D {
  const need = checkPass(s, c.actor);
  if ('ok' in need) return need;
  const target = resolveTarget(s, c, need.candidates);
  if (target.ok === false) return target;
  const bad = checkPassTarget(s, need, target.to);
  if (bad) return bad;
  const m = s.module;
  if (need.why === 'pick') {
    return accept([{ type: 'popcorn/initiative', to: target.to!, how: 'pick', side: m.pickSide ?? '' }, { type: 'turn-started', actors: [target.to!] }]);
  }
  const events: EngineEvent[] = [];
  // The passer's turn (opened when it received the initiative) ends; after an action, so does the segment (step 2.8).
  if (m.current !== null && s.combatants[m.current]) events.push({ type: 'turn-ended', actors: [m.current] });
  if (m.phase === 'pass') events.push(segmentEnd(s));
  if (need.endsRound) events.push(...endTurns(s, need.from, target.to ?? null, false));
  else events.push({ type: 'popcorn/passed', from: need.from, to: target.to! }, { type: 'turn-started', actors: [target.to!] });
  return accept(events);
}

/** `hold {to}` or `hold {group}`: the one with the initiative chooses not to act yet. */
export function decideHold(s: PopcornEncounter, c: HoldCommand): D {
  const actor = c.actor ?? s.module.current;
  if (actor === null) return refuse('popcorn/no-initiative', 'Nobody has the initiative to hold.');
  const bad = checkHold(s, actor);
  if (bad) return bad;
  const t = holdTargets(s, actor);
  const target = resolveTarget(s, c, t.candidates);
  if (target.ok === false) return target;
  if (target.to === undefined) {
    if (t.endsRound && t.candidates.length === 0) return accept([{ type: 'turn-ended', actors: [actor] }, ...endTurns(s, actor, null, true)]);
    return refuse('popcorn/pass-to-whom', `${nameOf(s, actor)} holds: say who gets the initiative; ${holdRule(s, actor, t)}.`, { path: 'to' });
  }
  const badTarget = checkHoldTarget(s, actor, target.to);
  if (badTarget) return badTarget;
  if (t.endsRound) return accept([{ type: 'turn-ended', actors: [actor] }, ...endTurns(s, actor, target.to, true)]);
  // A hold ends the holder's turn without an action (no segment): the next one's turn starts.
  return accept([
    { type: 'popcorn/held', actor, to: target.to, toAlly: t.toAlly },
    { type: 'turn-ended', actors: [actor] },
    { type: 'turn-started', actors: [target.to] },
  ]);
}

/** The segment in progress ends: counters of delayed actions declared before it go down by one. */
export function segmentEnd(s: PopcornEncounter): PopcornEvent {
  const segment = segmentNow(s);
  const ticks: { actor: string; left: number }[] = [];
  for (const id of s.roster) {
    const p = s.module.pending[id];
    if (p?.kind === 'delayed' && p.timing === 'segments' && (p.left ?? 0) > 0 && p.segment < segment) {
      ticks.push({ actor: id, left: (p.left ?? 0) - 1 });
    }
  }
  return { type: 'popcorn/segment-ended', segment, ticks };
}

/** Nobody can act any more: the next round's first is chosen and step 3 (or 4) of the round order begins. */
function endTurns(s: PopcornEncounter, from: string | null, to: string | null, waiting: boolean): PopcornEvent[] {
  const uncompleted = s.roster.filter((id) => s.module.pending[id] && isIn(s, id));
  return [
    { type: 'popcorn/first-chosen', from, to, round: s.round + 1, ...(waiting ? { waiting: true } : {}) },
    uncompleted.length > 0
      ? { type: 'popcorn/step', round: s.round, step: 3, waiting: uncompleted }
      : { type: 'popcorn/step', round: s.round, step: 4 },
  ];
}

/** `to` as given, or the first member of `group` (an NPC group's card) who may take the initiative. */
function resolveTarget(
  s: PopcornEncounter,
  c: { to?: string | undefined; group?: string | undefined },
  candidates: readonly string[],
): { ok: true; to: string | undefined } | Refusal {
  if (c.to !== undefined && c.group !== undefined) return refuse('popcorn/to-or-group', 'Give either a combatant (to) or an NPC group (group), not both.');
  if (c.group === undefined) return { ok: true, to: c.to };
  const members = groupMembers(s, c.group);
  if (members.length === 0) {
    return refuse('popcorn/unknown-group', `There is no NPC group called "${c.group}" (groups: ${groupNames(s).join(', ') || 'none'}).`);
  }
  const to = members.find((id) => candidates.includes(id));
  if (to === undefined) {
    return refuse('popcorn/group-done', `No member of ${c.group} can take the initiative now: their card is face up (all have acted or are out).`);
  }
  return { ok: true, to };
}
