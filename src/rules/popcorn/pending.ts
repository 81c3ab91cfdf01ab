import type { DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept } from '../../core/index.ts';
import { checkAbandon, checkComplete, checkTrigger } from './checks.ts';
import type { CompleteCommand, TriggerCommand } from './commands.ts';
import { rollIf } from './dice.ts';
import type { PopcornEvent } from './events.ts';
import { carried, hasActed, isIn, undecided } from './queries.ts';
import type { PopcornEncounter } from './state.ts';

type D = Decision<EngineEvent>;

/**
 * A delayed action takes effect (dice key `roll`). By segments: once its counter is out ("the effect
 * takes place ... before the character with initiative acts"). At the player's discretion: "before the
 * character with initiative declares their action, the delayed action is resolved first. Otherwise,
 * it's resolved after the player with initiative resolves their action." Carried from an earlier round,
 * completing it refreshes the actor's initiative ("the players initiative doesn't refresh until the
 * delayed action is completed").
 */
export function decideComplete(s: PopcornEncounter, c: CompleteCommand, ctx: DecideContext): D {
  const bad = checkComplete(s, c.actor, c.early);
  if (bad) return bad;
  const p = s.module.pending[c.actor]!;
  const m = s.module;
  const atRoundEnd = m.phase === 'end-of-round';
  const early = c.early && checkComplete(s, c.actor, false) !== null;
  const event: PopcornEvent = {
    type: 'popcorn/delayed-completed',
    actor: c.actor,
    label: p.label,
    ...rollIf(ctx, 'roll', c.roll),
    refreshed: !atRoundEnd && carried(s, p),
    ...(early ? { early: true } : {}),
    ...(m.phase === 'turn' && m.current !== null && m.current !== c.actor && isIn(s, m.current) ? { before: m.current } : {}),
    ...(m.phase === 'pass' && m.current !== null && m.current !== c.actor ? { after: m.current } : {}),
    ...(atRoundEnd ? { atRoundEnd: true } : {}),
  };
  return accept([event, ...step4If(s, [event], ctx)]);
}

/** "The player may give up on the delayed action at any time, but this merely makes them available to act." */
export function decideAbandon(s: PopcornEncounter, actor: string, ctx: DecideContext): D {
  const bad = checkAbandon(s, actor);
  if (bad) return bad;
  const p = s.module.pending[actor]!;
  const atRoundEnd = s.module.phase === 'end-of-round';
  const event: PopcornEvent = {
    type: 'popcorn/abandoned',
    actor,
    kind: p.kind,
    label: p.label,
    refreshed: p.kind === 'delayed' && !atRoundEnd && carried(s, p),
    reason: atRoundEnd ? 'round-end' : 'gave-up',
  };
  return accept([event, ...step4If(s, [event], ctx)]);
}

/**
 * The GM says the trigger is about to happen: "Conditional actions are always resolved before the event
 * that triggered them." Carried from an earlier round, "their initiative refreshes normally but is used
 * when the conditional action takes effect". Dice key `roll`.
 */
export function decideTrigger(s: PopcornEncounter, c: TriggerCommand, ctx: DecideContext): D {
  const bad = checkTrigger(s, c.actor);
  if (bad) return bad;
  const p = s.module.pending[c.actor]!;
  const m = s.module;
  const usesInitiative = carried(s, p) && !hasActed(s, c.actor);
  const holdsInitiative = m.phase === 'turn' && m.current === c.actor;
  const fired: PopcornEvent = {
    type: 'popcorn/conditional-fired',
    actor: c.actor,
    label: p.label,
    trigger: p.trigger ?? '',
    ...rollIf(ctx, 'roll', c.roll),
    ...(c.note ? { note: c.note } : {}),
    usesInitiative,
    ...(m.phase === 'turn' && m.current !== null && m.current !== c.actor && isIn(s, m.current) ? { before: m.current } : {}),
  };
  // Taking effect with this round's initiative is the owner's turn; the one holding the initiative is in its turn already.
  const events: EngineEvent[] =
    usesInitiative && !holdsInitiative ? [{ type: 'turn-started', actors: [c.actor] }, fired, { type: 'turn-ended', actors: [c.actor] }] : [fired];
  return accept([...events, ...step4If(s, events, ctx)]);
}

/** At step 3, once the last owner of an uncompleted action has chosen, step 4 begins. */
export function step4If(s: PopcornEncounter, events: readonly EngineEvent[], ctx: DecideContext): PopcornEvent[] {
  if (s.module.phase !== 'end-of-round' || undecided(s).length === 0) return [];
  const after = ctx.apply(s, events) as PopcornEncounter;
  return undecided(after).length === 0 ? [{ type: 'popcorn/step', round: s.round, step: 4 }] : [];
}
