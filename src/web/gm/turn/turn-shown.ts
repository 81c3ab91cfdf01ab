import { actorsOf } from '../../../core/index.ts';
import type { EncounterView } from '../../../core/index.ts';

/**
 * Whose actions the screen shows when the GM has picked nobody: whoever acts now, and where the turn is
 * shared, the one it waits for. In a tied group (Kuro's simultaneous slot) the first member still to
 * declare; a side with one member left to act (CWN's side initiative, nobody begun) that member: with one
 * left there is no order for the side to choose ("Members of a side can act in any order the group
 * agrees upon"), so the screen does not ask; while the initiative is being passed (popcorn), the passer.
 */
export function shownNow(view: EncounterView): string | null {
  const now = view.now;
  if (now.kind === 'group') return now.waiting?.[0] ?? now.actors[0] ?? null;
  if (now.kind === 'side' && !now.active && now.waiting.length === 1) return now.waiting[0]!;
  if (now.kind === 'pass') return now.from;
  return actorsOf(now)[0] ?? null;
}

/**
 * What moves the pick back to the turn when it changes: the round, the shape of the turn and who acts in
 * it, and in a tied group who has still to declare (after one declares, the screen moves to the next).
 */
export function turnShownKey(view: EncounterView): string {
  const now = view.now;
  const waiting = now.kind === 'group' ? (now.waiting ?? []).join(',') : now.kind === 'side' && !now.active ? now.waiting.join(',') : '';
  return `${view.round}|${now.kind}|${actorsOf(now).join(',')}|${waiting}`;
}
