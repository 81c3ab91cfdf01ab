import type { ReactElement } from 'react';
import { nameOf, useGm } from '../../gm/context.ts';
import { GameStateSection, dict, list } from '../../gm/turn/game-state.tsx';

/** Fallout beside the order: the party's and the GM's Action Points, and the readied actions with their triggers. */
export function FalloutState() {
  const gm = useGm();
  const { view } = gm;
  const m = dict(view.module);
  const n = (id: string) => nameOf(view, id);
  const items: ReactElement[] = [];
  const pools = dict(m.pools);
  for (const pool of ['party', 'gm'] as const) {
    const value = Number(pools[pool] ?? 0);
    items.push(
      <li key={`pool-${pool}`} className="pool">
        <span>{pool === 'party' ? 'Party AP' : 'GM AP'}</span>
        <strong className="pool-value">{value}</strong>
        <button type="button" className="icon small" aria-label={`${pool} AP minus one`} onClick={() => void gm.send({ type: 'set-ap', pool, value: Math.max(0, value - 1) }, `${pool} AP ${value - 1}`)}>
          −
        </button>
        <button type="button" className="icon small" aria-label={`${pool} AP plus one`} onClick={() => void gm.send({ type: 'set-ap', pool, value: value + 1 }, `${pool} AP ${value + 1}`)}>
          +
        </button>
      </li>,
    );
  }
  for (const r of list(m.readied)) {
    const trigger = String(r.trigger);
    items.push(
      <li key={`ready-${String(r.id)}`}>
        <span>
          {n(String(r.actor))} readied {String(r.action)} for “{trigger}”
        </span>
        <button type="button" className="small" onClick={() => void gm.send({ type: 'trigger', trigger }, `“${trigger}” happens`)}>
          It happens
        </button>
      </li>,
    );
  }
  return <GameStateSection title="Action Points and readied actions" items={items} />;
}
