import type { ReactElement } from 'react';
import { nameOf, useGm } from '../../gm/context.ts';
import { GameStateSection, dict, list } from '../../gm/turn/game-state.tsx';

/** Cities Without Number beside the order: who grapples whom. */
export function CwnGrapples() {
  const { view } = useGm();
  const m = dict(view.module);
  const n = (id: string) => nameOf(view, id);
  const items: ReactElement[] = [];
  for (const g of list(m.grapples)) {
    items.push(
      <li key={`grapple-${String(g.grappler)}-${String(g.target)}`}>
        {n(String(g.grappler))} grapples {n(String(g.target))}
      </li>,
    );
  }
  return <GameStateSection title="Grapples" items={items} />;
}
