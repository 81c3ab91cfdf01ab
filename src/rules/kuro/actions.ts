import type { Command, DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept, nameOf, reject } from '../../core/index.ts';
import type { KuroEvent } from './events.ts';
import { project, reconcile } from './flow.ts';
import { actionsLeft } from './phase.ts';
import type { KuroEncounter } from './state.ts';

type D = Decision<EngineEvent>;

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * `lose-action`: a wound or a GM ruling takes actions away from this game turn. Only actions still to
 * come can be lost (never one already taken, nor the one being taken now): the combatant's last phases
 * go first, so the phase structure shrinks without moving the slot acting now.
 */
export function loseAction(s: KuroEncounter, command: Command, ctx: DecideContext): D {
  const id = command.combatant as string;
  const count = (command.count as number | undefined) ?? 1;
  const left = actionsLeft(s, id);
  const turn = Math.max(1, s.round);
  if (count > left) {
    const now = s.module.stage === 'phases' && (s.module.acted[id] ?? []).includes(s.module.phase) ? ' after the current one' : '';
    return reject(
      'kuro/no-action-left',
      `${nameOf(s, id)} has ${left === 0 ? 'no action' : `only ${plural(left, 'action')}`} left to lose in game turn ${turn}${now}.`,
      { left },
    );
  }
  const from = s.module.actions[id] ?? 0;
  return change(s, { type: 'kuro/actions-set', combatant: id, from, to: from - count, reason: (command.reason as string | undefined) ?? 'lost' }, ctx);
}

/**
 * `set-actions`: the GM sets how many actions a combatant has this game turn (never fewer than he has
 * already taken). The next game turn starts again from REF / 2.
 */
export function setActions(s: KuroEncounter, command: Command, ctx: DecideContext): D {
  const id = command.combatant as string;
  const to = command.actions as number;
  const taken = (s.module.acted[id] ?? []).length;
  const from = s.module.actions[id] ?? 0;
  if (to < taken) {
    return reject(
      'kuro/actions-below-taken',
      `${nameOf(s, id)} has already taken ${plural(taken, 'action')} in game turn ${Math.max(1, s.round)}: no fewer than ${taken}.`,
      { taken },
    );
  }
  if (to === from) return reject('kuro/actions-unchanged', `${nameOf(s, id)} already has ${plural(to, 'action')} this game turn.`);
  return change(s, { type: 'kuro/actions-set', combatant: id, from, to, reason: (command.reason as string | undefined) ?? 'set by the GM' }, ctx);
}

function change(s: KuroEncounter, event: KuroEvent, ctx: DecideContext): D {
  return accept([event, ...reconcile(project(s, [event], ctx), ctx)]);
}
