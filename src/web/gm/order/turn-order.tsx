import { Suspense } from 'react';
import { gmGame, lazyPart } from '../games.ts';
import { useGm } from '../context.ts';
import { SlotOrder, trackOf } from './order-slots.tsx';

type Dict = Record<string, unknown>;

/**
 * The order the way the game thinks of it (its own view, like Kuro's phases or popcorn's cards, loads
 * only for its encounters); the GM may rearrange it (order-drag.tsx) where the game allows.
 */
export function TurnOrder() {
  const gm = useGm();
  const { view } = gm;
  const m = (view.module ?? {}) as Dict;
  const game = gmGame(view.rules);
  let body;
  const title = game.orderTitle ?? 'Initiative order';
  if (game.orderView) {
    const View = lazyPart(game.orderView);
    body = <View />;
  } else {
    const track = trackOf(view);
    const order = game.moduleOrder ? (m.order as unknown[] | undefined) : undefined;
    const slots = track && track.slots.length > 0 ? track : order && order.length > 0 ? { slots: order, current: null, active: null, done: [] } : null;
    const Note = game.orderNote;
    body = (
      <>
        {Note && <Note />}
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
