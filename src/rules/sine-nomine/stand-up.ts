import { reject } from '../../core/index.ts';
import type { Decision, EngineEvent } from '../../core/index.ts';
import type { Builder } from './builder.ts';
import type { Cost } from './economy.ts';
import { pay } from './economy.ts';
import { hasCondition, PRONE } from './query.ts';
import type { SnEncounter } from './state.ts';
import { checkOwnTurn } from './who-may-act.ts';

type D = Decision<EngineEvent>;

/** The `act` action of the games that have it (CWN). */
export const standUpActions = ['stand-up'] as const;

/** What standing up spends: the Move, or the Main as a second Move when the Move is gone. */
export const STAND_UP_COST: Cost = 'move-or-main';
export const STAND_UP_USE = 'stand up';

/** Why the combatant cannot stand up, apart from its turn and its actions (it is not prone), or null. */
export function notProne(state: SnEncounter, id: string): string | null {
  const c = state.combatants[id]!;
  return hasCondition(c, PRONE) ? null : `${c.name} is not prone.`;
}

/**
 * CWN: "Some actions that are too complex for On Turn actions but not demanding enough for Main actions
 * might also be Moves, such as picking up an object or standing up from prone." A Move action (or the
 * Main spent as a second Move) on the combatant's own turn that takes its Prone condition off.
 */
export function standUp(b: Builder, actor: string): D {
  const s = b.state;
  const turn = checkOwnTurn(s, b.game, actor);
  if (!turn.ok) return turn.decision;
  const prone = notProne(s, actor);
  if (prone) return reject(`${b.game.id}/not-prone`, prone);
  const p = pay(s, b.game, actor, STAND_UP_COST, STAND_UP_USE);
  if (!p.ok) return p.decision;
  if (turn.begin) b.push({ type: 'turn-started', actors: [actor] });
  b.emit('acted', { actor, action: 'stand-up', spends: p.spends });
  const wanted = PRONE.toLowerCase();
  for (const k of b.state.combatants[actor]!.conditions.filter((x) => x.name.toLowerCase() === wanted)) {
    b.push({ type: 'condition-removed', id: actor, conditionId: k.id, name: k.name, reason: 'removed' });
  }
  return b.done();
}
