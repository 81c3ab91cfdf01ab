import type { DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept, nameOf, reject } from '../../core/index.ts';
import { resolveAttack } from './attack.ts';
import type { FalloutEvent } from './events.ts';
import { finish, look } from './flow.ts';
import type { FalloutEncounter } from './state.ts';
import { replaceDie, score, testNotation } from './tests.ts';

type D = Decision<EngineEvent>;

/**
 * "Aim: Re-roll 1d20 on the first attack roll you make this turn." After an aimed combatant's first
 * attack roll, the attack waits: reroll {actor, die: N} re-rolls its Nth d20 (key "reroll"), or
 * reroll {actor, keep: true} keeps the roll; then the attack is resolved.
 */
export function reroll(state: FalloutEncounter, command: { actor: string; die?: number | undefined; keep: boolean }, ctx: DecideContext): D {
  const p = state.module.pendingAttack;
  if (!p) return reject('fallout/nothing-to-reroll', 'Aim re-rolls 1d20 on the first attack roll of the turn: no attack is waiting for a re-roll.');
  if (p.actor !== command.actor) {
    return reject('turn/not-your-turn', `The attack waiting for Aim's re-roll is ${nameOf(state, p.actor)}'s, not ${nameOf(state, command.actor)}'s.`);
  }
  const events: EngineEvent[] = [];
  let test = p.test;
  if (!command.keep && command.die !== undefined) {
    const index = command.die - 1;
    const old = p.test.roll.dice[index];
    if (!old) return reject('fallout/no-such-die', `The attack rolled ${p.test.roll.dice.length} d20s: choose a die from 1 to ${p.test.roll.dice.length}.`);
    const fresh = ctx.dice.roll('reroll', testNotation(1, p.test)).dice[0]!;
    test = score(p.test, replaceDie(p.test.roll, index, fresh), p.test.helperRolls);
    events.push({ type: 'fallout/rerolled', actor: p.actor, die: command.die, from: old.face, test } satisfies FalloutEvent);
  }
  const after = look(ctx, state, events);
  events.push(...resolveAttack(after, { ...p, test }, ctx));
  return accept(finish(state, events, ctx));
}
