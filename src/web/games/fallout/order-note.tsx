import { Suspense, lazy } from 'react';
import { useGm } from '../../gm/context.ts';

// Fallout's ties, to be put in order at once, load for Fallout encounters only.
const FalloutTies = lazy(() => import('./order-tie.tsx').then((m) => ({ default: m.FalloutTies })));

/** Above Fallout's order: the opening turn before round 1, and the ties the GM has yet to put in order. */
export function FalloutOrderNote() {
  const { view } = useGm();
  const m = (view.module ?? {}) as Record<string, unknown>;
  const opening = view.round === 0 && view.status === 'running';
  const initiator = typeof m.initiator === 'string' ? view.combatants.find((c) => c.id === m.initiator)?.name : undefined;
  return (
    <>
      {opening && <p className="opening">Opening turn: {initiator ?? 'the initiator'} acts before round 1.</p>}
      <Suspense fallback={null}>
        <FalloutTies />
      </Suspense>
    </>
  );
}
