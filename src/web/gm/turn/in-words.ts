import type { EncounterView, Interrupt, PendingDecision, WhoMayAct } from '../../../core/index.ts';
import { withoutCommands } from '../../shared/words.ts';

/** The view's sentences without the command names they give API users ("(roll-initiative)"): the GM has buttons. */
export function inWords(view: EncounterView): EncounterView {
  const w = withoutCommands;
  const now = view.now as WhoMayAct & { needs?: string; label?: string; decision?: PendingDecision; interrupts?: readonly Interrupt[] };
  return {
    ...view,
    now: {
      ...now,
      ...(now.needs !== undefined ? { needs: w(now.needs) } : {}),
      ...(now.label !== undefined ? { label: w(now.label) } : {}),
      ...(now.decision ? { decision: { ...now.decision, question: w(now.decision.question) } } : {}),
      ...(now.interrupts ? { interrupts: now.interrupts.map((i) => ({ ...i, label: w(i.label) })) } : {}),
    } as WhoMayAct,
    combatants: view.combatants.map((c) => ({ ...c, actions: c.actions.map((a) => ({ ...a, label: w(a.label), ...(a.reason !== undefined ? { reason: w(a.reason) } : {}) })) })),
  };
}
