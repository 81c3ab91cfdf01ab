import { reject } from '../../core/index.ts';
import type { Decision, EngineEvent } from '../../core/index.ts';
import type { Builder } from './builder.ts';
import { pay, spentOf } from './economy.ts';
import type { Cost } from './economy.ts';
import { owedOnLeaving } from './free-attacks.ts';
import { maintainGrapple, releaseGrapple } from './grapple.ts';
import type { SnGame } from './game.ts';
import { grapplesOn, nameOf } from './query.ts';
import { standUp } from './stand-up.ts';
import type { standUpActions } from './stand-up.ts';
import type { SnEncounter } from './state.ts';
import { checkInstant, checkOwnTurn } from './who-may-act.ts';

type D = Decision<EngineEvent>;

export const basicActions = ['move', 'main-as-move', 'fighting-withdrawal', 'on-turn', 'instant', 'main'] as const;
export const grappleActions = ['maintain-grapple', 'release-grapple'] as const;
export type ActAction = (typeof basicActions)[number] | (typeof grappleActions)[number] | (typeof standUpActions)[number];

export interface ActInput {
  readonly actor: string;
  readonly action: ActAction;
  readonly label?: string;
  readonly costsMain?: boolean;
  readonly target?: string;
}

const costs: Record<(typeof basicActions)[number], { cost: Cost; use: string }> = {
  move: { cost: 'move', use: 'Move' },
  'main-as-move': { cost: 'main-as-move', use: 'second Move' },
  'fighting-withdrawal': { cost: 'main', use: 'Fighting Withdrawal' },
  'on-turn': { cost: 'none', use: 'On Turn action' },
  instant: { cost: 'none', use: 'Instant action' },
  main: { cost: 'main', use: 'Main action' },
};

/** Actions that move the actor: a grappled combatant "cannot move". */
const moving = new Set<string>(['move', 'main-as-move', 'fighting-withdrawal']);

export function cannotMove(state: SnEncounter, game: SnGame, id: string): D | null {
  if (!game.grapple || grapplesOn(state, id).length === 0) return null;
  return reject('cwn/grappled', `${nameOf(state, id)} is grappled and cannot move: break free first (break-free).`);
}

/** act: spend an action of the round (Main, Move, On Turn, Instant) with an optional description. */
export function act(b: Builder, input: ActInput): D {
  const s = b.state;
  if (input.action === 'maintain-grapple') return maintainGrapple(b, input.actor, input.target);
  if (input.action === 'release-grapple') return releaseGrapple(b, input.actor, input.target);
  if (input.action === 'stand-up') return standUp(b, input.actor);
  const instant = input.action === 'instant';
  const turn = instant ? checkInstant(s, b.game, input.actor) : checkOwnTurn(s, b.game, input.actor);
  if (!turn.ok) return turn.decision;
  if (moving.has(input.action)) {
    const stuck = cannotMove(s, b.game, input.actor);
    if (stuck) return stuck;
  }
  const { cost, use } = costs[input.action];
  const payment = pay(s, b.game, input.actor, instant && input.costsMain ? 'main' : cost, instant && input.costsMain ? 'Instant action' : use);
  if (!payment.ok) return payment.decision;
  if (turn.begin) b.push({ type: 'turn-started', actors: [input.actor] });
  b.emit('acted', {
    actor: input.actor,
    action: input.action,
    ...(input.label ? { label: input.label, ...(b.playerWords ? { labelBy: 'player' } : {}) } : {}),
    ...(instant && input.costsMain ? { costsMain: true } : {}),
    spends: payment.spends,
  });
  return b.done();
}

/**
 * leave-melee: moving away from foes in melee. "An actor who wants to disengage from an opponent in melee
 * must use their Main Action to perform a Fighting Withdrawal, or else they suffer a free automatic melee
 * attack from any foe engaged with them." Spends the Move (or the Main as a second Move); withdrawing
 * also needs the Fighting Withdrawal (the Main action) unless it was already made this round. Without it,
 * the event says who is owed a free attack (`owed`; null when no foe is named) and who wields only ranged
 * weapons (`rangedOnly`: "There is no need to spend a Main Action disengaging from" them).
 */
export function leaveMelee(b: Builder, actor: string, withdrawing: boolean, foes: readonly string[]): D {
  const s = b.state;
  const turn = checkOwnTurn(s, b.game, actor);
  if (!turn.ok) return turn.decision;
  const stuck = cannotMove(s, b.game, actor);
  if (stuck) return stuck;
  if (foes.includes(actor)) return reject('leave-melee/self', `${nameOf(s, actor)} is not engaged with itself.`);
  const spent = spentOf(s, actor);
  const withdrew = spent.mains.includes('Fighting Withdrawal');
  const spends: { main?: string; move?: string } = {};
  if (withdrawing && !withdrew) {
    const p = pay(s, b.game, actor, 'main', 'Fighting Withdrawal');
    if (!p.ok) {
      return reject(
        `${b.game.id}/main-spent`,
        `${nameOf(s, actor)} has already used the Main action this round (${spent.mains.join(', ')}), so cannot make a Fighting Withdrawal; leaving anyway (leave-melee {withdrawing: false}) gives every engaged foe a free melee attack.`,
      );
    }
    Object.assign(spends, p.spends);
    if (spent.moves.length > 0) {
      return reject(`${b.game.id}/move-spent`, `${nameOf(s, actor)} has already used the Move action this round: no movement is left to leave melee after the Fighting Withdrawal.`);
    }
    spends.move = 'leave melee';
  } else {
    const p = pay(s, b.game, actor, 'move-or-main', 'leave melee');
    if (!p.ok) return p.decision;
    Object.assign(spends, p.spends);
  }
  if (turn.begin) b.push({ type: 'turn-started', actors: [actor] });
  // Without the withdrawal: who is owed a free attack (evolve records it until the end of this turn).
  const owed = withdrawing || withdrew ? {} : owedOnLeaving(s, [...new Set(foes)]);
  b.emit('left-melee', { actor, withdrawing: withdrawing || withdrew, targets: [...foes], spends, ...owed });
  return b.done();
}
