import { useGm } from '../../gm/context.ts';
import { SurpriseNote } from './surprise-note.tsx';

/** Above the order: CWN's free round (surprise), then who is surprised and what it means. */
export function SineNomineOrderNote() {
  const { view } = useGm();
  const m = (view.module ?? {}) as Record<string, unknown>;
  return (
    <>
      {m.freeRound === true && <p className="opening">Free round (surprise): the sides that were not surprised act.</p>}
      <SurpriseNote />
    </>
  );
}
