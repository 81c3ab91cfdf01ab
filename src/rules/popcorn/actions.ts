import type { DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept } from '../../core/index.ts';
import { checkTakeAction } from './checks.ts';
import type { ActCommand, ConditionalCommand, DelayCommand } from './commands.ts';
import { rollIf } from './dice.ts';
import type { PopcornEvent } from './events.ts';
import { nameOf, segmentNow } from './queries.ts';
import { refuse } from './refusal.ts';
import type { PopcornEncounter } from './state.ts';

type D = Decision<EngineEvent>;

/**
 * The action of the one with the initiative: "Characters usually only get one action during each combat
 * round, and in most cases they can only attempt their action when they have the initiative. When taking
 * an action, the character makes a standard roll." Dice key `roll`.
 */
export function decideAct(s: PopcornEncounter, c: ActCommand, ctx: DecideContext): D {
  const bad = checkTakeAction(s, c.actor);
  if (bad) return bad;
  return accept([
    ...giveUpConditional(s, c.actor),
    { type: 'popcorn/acted', actor: c.actor, ...(c.label !== undefined ? { label: c.label } : {}), ...rollIf(ctx, 'roll', c.roll) },
  ]);
}

/**
 * "The player uses their initiative when they declare the action, but don't make the roll (if any) until
 * the result takes effect": after a set number of segments, or at the player's discretion.
 */
export function decideDelay(s: PopcornEncounter, c: DelayCommand): D {
  if ((c.segments === undefined) === (c.discretion === undefined)) {
    return refuse(
      'popcorn/delay-timing',
      'Say when the delayed action takes effect: type the segments, or tick Discretion to leave it to the actor.',
    );
  }
  const bad = checkTakeAction(s, c.actor) ?? stillDelaying(s, c.actor);
  if (bad) return bad;
  const timing = c.segments !== undefined ? 'segments' : 'discretion';
  return accept([
    ...giveUpConditional(s, c.actor),
    {
      type: 'popcorn/delayed',
      actor: c.actor,
      label: c.label,
      timing,
      ...(c.segments !== undefined ? { segments: c.segments } : {}),
      segment: segmentNow(s),
      round: s.round,
    },
  ]);
}

/** "They take place when some condition that is outside of the character's control is met." */
export function decideConditional(s: PopcornEncounter, c: ConditionalCommand): D {
  const bad = checkTakeAction(s, c.actor) ?? stillDelaying(s, c.actor);
  if (bad) return bad;
  return accept([
    ...giveUpConditional(s, c.actor),
    { type: 'popcorn/conditional', actor: c.actor, label: c.label, trigger: c.trigger, segment: segmentNow(s), round: s.round },
  ]);
}

/** One delayed action at a time (only a GM-granted extra action could try for a second). */
function stillDelaying(s: PopcornEncounter, actor: string): D | null {
  const p = s.module.pending[actor];
  if (p?.kind !== 'delayed') return null;
  return refuse('popcorn/already-delaying', `${nameOf(s, actor)} already has a delayed action under way (${p.label}): complete or abandon it first.`);
}

/**
 * A conditional action carried into this round keeps the refreshed initiative reserved; using that
 * initiative for something else gives the conditional action up.
 */
export function giveUpConditional(s: PopcornEncounter, actor: string): PopcornEvent[] {
  const p = s.module.pending[actor];
  if (p?.kind !== 'conditional') return [];
  return [{ type: 'popcorn/abandoned', actor, kind: 'conditional', label: p.label, refreshed: false, reason: 'acted' }];
}
