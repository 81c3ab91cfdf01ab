import type { Command, DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept, nameOf, reject } from '../../core/index.ts';
import type { KuroEvent } from './events.ts';
import { project, resolveSlot } from './flow.ts';
import { actingNow, needInitiative, names, undeclared } from './phase.ts';
import type { KuroEncounter } from './state.ts';

type D = Decision<EngineEvent>;

/** Why the phases are not running, or null when they are. */
export function notRunning(s: KuroEncounter): D | null {
  if (s.module.stage === 'setup') return reject('fight/not-started', 'The fight has not started: start it (start); that rolls initiative for whoever has none.');
  if (s.module.stage === 'initiative') {
    const missing = needInitiative(s);
    return reject(
      'kuro/initiative-pending',
      `Game turn ${s.round} has not begun: ${missing.length > 0 ? `${names(s, missing)} still need${missing.length > 1 ? '' : 's'} an initiative roll` : 'initiative is due'} (roll-initiative).`,
    );
  }
  return null;
}

/** Refusal unless `actor` is taking his action now and has not used it yet. */
export function mustAct(s: KuroEncounter, actor: string): D | null {
  const stopped = notRunning(s);
  if (stopped) return stopped;
  const now = actingNow(s);
  if (!now.includes(actor)) {
    const who = now.length === 0 ? 'nobody\'s' : `${names(s, now)}'s${now.length > 1 ? ', acting together' : ''}`;
    return reject('turn/not-your-turn', `It is not ${nameOf(s, actor)}'s turn (game turn ${s.round}, phase ${s.module.phase}: it is ${who}).`);
  }
  if (s.combatants[actor]?.defeated) return reject('kuro/defeated', `${nameOf(s, actor)} is defeated and cannot act.`);
  const used = s.module.declared[actor];
  if (used !== undefined) {
    return reject(
      'kuro/action-used',
      `${nameOf(s, actor)} has already used the phase ${s.module.phase} action (${used === 'nothing' ? 'passed' : used}): one action per phase. End the turn (end-turn).`,
    );
  }
  return null;
}

/** `act`: any other action, which uses the actor's action in this phase. */
export function act(s: KuroEncounter, command: Command): D {
  const actor = command.actor as string;
  const refused = mustAct(s, actor);
  if (refused) return refused;
  return accept([{ type: 'kuro/acted', actor, phase: s.module.phase, label: command.label as string } satisfies KuroEvent]);
}

/**
 * `end-turn`: the slot acting now ends. In a simultaneous slot every member must first declare an action
 * or pass (`end-turn` naming him); then its hits land together. Naming a member who has declared ends
 * the slot if nobody else is still to declare.
 */
export function endTurn(s: KuroEncounter, command: Command, ctx: DecideContext): D {
  const stopped = notRunning(s);
  if (stopped) return stopped;
  const now = actingNow(s);
  const actor = command.actor as string | undefined;
  if (actor === undefined) {
    const waiting = undeclared(s);
    if (now.length > 1 && waiting.length > 0) {
      return reject(
        'kuro/group-undeclared',
        `${names(s, now)} act at the same time and ${names(s, waiting)} ${waiting.length > 1 ? 'have' : 'has'} not declared an action yet: declare it (attack, act) or pass it (end-turn {actor: ${nameOf(s, waiting[0]!)}}).`,
        { waiting },
      );
    }
    return accept(resolveSlot(s, ctx));
  }
  if (!now.includes(actor)) {
    return reject('turn/not-your-turn', `It is not ${nameOf(s, actor)}'s turn (phase ${s.module.phase}: it is ${names(s, now) || 'nobody'}'s).`);
  }
  const waiting = undeclared(s);
  if (!waiting.includes(actor)) {
    const others = waiting.filter((id) => id !== actor);
    if (others.length > 0) {
      return reject(
        'kuro/waiting-for',
        `${nameOf(s, actor)} has declared an action; the slot resolves once ${names(s, others)} ${others.length > 1 ? 'have' : 'has'} declared or passed.`,
        { waiting: others },
      );
    }
    return accept(resolveSlot(s, ctx));
  }
  const passed: KuroEvent = { type: 'kuro/passed', actor, phase: s.module.phase };
  const after = project(s, [passed], ctx);
  if (undeclared(after).length > 0) return accept([passed]);
  return accept([passed, ...resolveSlot(after, ctx)]);
}
