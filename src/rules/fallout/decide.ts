import type { Command, DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept, nameOf, reject } from '../../core/index.ts';
import { act } from './actions.ts';
import { reroll } from './aim.ts';
import { attack } from './attack.ts';
import type { ActCommand, AttackCommand } from './commands.ts';
import type { FalloutEvent } from './events.ts';
import { beginTurn, endTurn, finish, luckInterrupt, start } from './flow.ts';
import { canAct } from './initiative.ts';
import { capital, poolMax, poolName, poolOf, shortfall } from './pools.ts';
import { markTrigger } from './ready.ts';
import { addCombatant, coreThenFinish, decideTie, removeCombatant, reorder } from './roster.ts';
import type { FalloutEncounter, Pool } from './state.ts';

type D = Decision<EngineEvent>;

/** Every command passes here first: the module's own, and the core's with what follows from them. */
export function decideFallout(state: FalloutEncounter, command: Command, ctx: DecideContext): D {
  switch (command.type) {
    case 'start':
      return start(state, command, ctx);
    case 'begin-turn':
      return beginTurn(state, command, ctx);
    case 'end-turn':
      return endTurn(state, command, ctx);
    case 'decide-tie':
      return decideTie(state, command, ctx);
    case 'act':
      return act(state, command as unknown as ActCommand, ctx);
    case 'attack':
      return attack(state, command as unknown as AttackCommand, ctx);
    case 'reroll':
      return reroll(state, command as unknown as { actor: string; die?: number; keep: boolean }, ctx);
    case 'ready': {
      const { action, type: _t, ...rest } = command;
      return act(state, { ...rest, type: 'act', action: 'ready', readied: action } as unknown as ActCommand, ctx);
    }
    case 'trigger':
      return markTrigger(state, String(command.trigger), ctx);
    case 'luck-interrupt':
      return luckInterrupt(state, command.actor as string, ctx);
    case 'spend-ap':
      return information(state, command, ctx);
    case 'set-ap':
      return setAp(state, command.pool as Pool, command.value as number);
    case 'add-combatant':
      return addCombatant(state, command, ctx);
    case 'remove-combatant':
      return removeCombatant(state, command, ctx);
    case 'reorder':
      return reorder(state, command);
    default:
      return coreThenFinish(state, command, ctx);
  }
}

/** "Obtain Information (1 AP): Ask the gamemaster a single question about the current situation". */
function information(state: FalloutEncounter, command: Command, ctx: DecideContext): D {
  const actor = command.actor as string;
  if (state.status !== 'running') return reject('fight/not-started', 'The fight has not started.');
  if (!canAct(state, actor)) return reject('fallout/defeated', `${nameOf(state, actor)} is defeated.`);
  const short = shortfall(state, actor, [{ amount: 1, for: 'a question to the GM' }]);
  if (short) return reject('fallout/ap-short', short);
  const question = command.question as string | undefined;
  const events: FalloutEvent[] = [
    { type: 'fallout/ap-spent', pool: poolOf(state, actor), amount: 1, by: actor, for: 'obtain information' },
    { type: 'fallout/information', actor, ...(question ? { question } : {}) },
  ];
  return accept(finish(state, events, ctx));
}

/** set-ap {pool, value}: the GM sets a pool (e.g. the GM's pool at the start of a session). */
function setAp(state: FalloutEncounter, pool: Pool, value: number): D {
  const max = poolMax(state, pool);
  if (max !== null && value > max) return reject('fallout/pool-max', `${capital(poolName(pool))} holds at most ${max} AP.`);
  if (state.module.pools[pool] === value) return reject('fallout/pool-unchanged', `${capital(poolName(pool))} already has ${value} AP.`);
  return accept([{ type: 'fallout/ap-set', pool, value } satisfies FalloutEvent]);
}
