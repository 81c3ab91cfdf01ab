import { useGm } from '../../gm/context.ts';
import { surpriseLines } from './surprise-words.ts';
// With the note (in the first load): the surprise chip of the actions (economy.tsx) and the setup's dialog.
import './surprise.css';

/**
 * Above the order once the fight is on: SWN's surprised combatants in round 1 (no slot in it, Instant
 * actions only, initiative at the start of round 2), CWN's surprised sides during their enemies' free round.
 */
export function SurpriseNote() {
  const { view } = useGm();
  if (view.status !== 'running') return null;
  return (
    <>
      {surpriseLines(view).map((l) => (
        <p key={l} className="opening surprise-note">
          {l}
        </p>
      ))}
    </>
  );
}
