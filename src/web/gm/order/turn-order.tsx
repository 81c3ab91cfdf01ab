import { Suspense, lazy } from 'react';
import { useGm } from '../context.ts';
import { SlotOrder, trackOf } from './order-slots.tsx';
import { SurpriseNote } from '../setup/surprise-note.tsx';

// Kuro's phase grid and popcorn's cards load only for encounters of those games.
const KuroOrder = lazy(() => import('../../games/kuro/order-view.tsx').then((m) => ({ default: m.KuroOrder })));
const PopcornCards = lazy(() => import('../../games/popcorn/order-view.tsx').then((m) => ({ default: m.PopcornCards })));
// Fallout's ties, to be put in order at once, load for Fallout encounters only.
const FalloutTies = lazy(() => import('./order-tie.tsx').then((m) => ({ default: m.FalloutTies })));

type Dict = Record<string, unknown>;

/** The order the way the game thinks of it; the GM may rearrange it (order-drag.tsx) where the game allows. */
export function TurnOrder() {
  const gm = useGm();
  const { view } = gm;
  const m = (view.module ?? {}) as Dict;
  let body;
  let title = 'Initiative order';
  if (view.rules === 'popcorn') {
    title = 'Cards';
    body = <PopcornCards />;
  } else if (view.rules === 'kuro') {
    title = 'Game turn';
    body = <KuroOrder />;
  } else {
    const track = trackOf(view);
    const order = view.rules === 'swn' || view.rules === 'cwn' ? (m.order as unknown[] | undefined) : undefined;
    const slots = track && track.slots.length > 0 ? track : order && order.length > 0 ? { slots: order, current: null, active: null, done: [] } : null;
    const opening = view.rules === 'fallout' && view.round === 0 && view.status === 'running';
    const initiator = view.rules === 'fallout' && typeof m.initiator === 'string' ? view.combatants.find((c) => c.id === m.initiator)?.name : undefined;
    body = (
      <>
        {opening && <p className="opening">Opening turn: {initiator ?? 'the initiator'} acts before round 1.</p>}
        {m.freeRound === true && <p className="opening">Free round (surprise): the sides that were not surprised act.</p>}
        <SurpriseNote />
        {view.rules === 'fallout' && <FalloutTies />}
        {slots ? <SlotOrder track={slots as never} /> : <p className="muted">No order yet: roll initiative.</p>}
      </>
    );
  }
  return (
    <section className="panel turn-order" aria-labelledby="order-h">
      <h2 id="order-h">{title}</h2>
      <Suspense fallback={<p className="muted">Loading…</p>}>{body}</Suspense>
    </section>
  );
}
