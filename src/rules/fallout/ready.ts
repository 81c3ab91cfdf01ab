import type { DecideContext, Decision, EngineEvent } from '../../core/index.ts';
import { accept, nameOf, reject } from '../../core/index.ts';
import type { FalloutEvent } from './events.ts';
import { finish } from './flow.ts';
import { canAct } from './initiative.ts';
import type { FalloutEncounter, Readied } from './state.ts';

type D = Decision<EngineEvent>;

export const sameTrigger = (a: string, b: string): boolean => a.trim().toLowerCase().replace(/\s+/g, ' ') === b.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * trigger {trigger}: the GM marks that the situation happened. "If that action occurs before the start of
 * your next turn, you may perform that major action immediately, interrupting other characters' actions
 * as necessary. If more than one character has readied an action for the same situation, their readied
 * actions occur in initiative order." The trigger is the text given to ready, or a readied action's id.
 */
export function markTrigger(state: FalloutEncounter, trigger: string, ctx: DecideContext): D {
  const m = state.module;
  if (state.status !== 'running') return reject('fight/not-started', 'The fight has not started.');
  if (m.firing) return reject('fallout/readied-in-progress', `${nameOf(state, m.firing.queue[0]!.actor)}'s readied action is resolving: finish it first.`);
  if (m.pendingAttack) return reject('fallout/aim-pending', `${nameOf(state, m.pendingAttack.actor)}'s attack waits for the Aim re-roll (reroll) first.`);
  const acting = m.turn?.actor ?? null;
  const matching = m.readied.filter((r) => r.id === trigger.trim() || sameTrigger(r.trigger, trigger));
  const firing = matching.filter((r) => r.actor !== acting && canAct(state, r.actor));
  if (firing.length === 0) {
    if (matching.length > 0) {
      return reject('fallout/trigger-own-turn', `Only ${matching.map((r) => nameOf(state, r.actor)).join(', ')} readied for "${trigger}", and a readied action cannot interrupt its own combatant's turn.`);
    }
    const waiting = m.readied.map((r) => `"${r.trigger}" (${nameOf(state, r.actor)})`).join(', ') || 'none';
    return reject('fallout/no-such-trigger', `Nobody readied an action for "${trigger}". Waiting: ${waiting}.`);
  }
  const ordered = inInitiativeOrder(state, firing);
  const event: FalloutEvent = { type: 'fallout/trigger-marked', trigger: ordered[0]!.trigger, fired: ordered.map((r) => r.id), interrupted: acting };
  return accept(finish(state, [event], ctx));
}

function inInitiativeOrder(state: FalloutEncounter, readied: readonly Readied[]): Readied[] {
  const place = (id: string): number => {
    const i = state.module.track.slots.findIndex((s) => s.members.includes(id));
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...readied].sort((a, b) => place(a.actor) - place(b.actor));
}
