import type { ReactElement } from 'react';
import { nameOf, useGm } from '../context.ts';

type Dict = Record<string, unknown>;
const dict = (x: unknown): Dict => (x && typeof x === 'object' ? (x as Dict) : {});
const list = <T = Dict,>(x: unknown): T[] => (Array.isArray(x) ? (x as T[]) : []);

/**
 * What the game keeps beside the order: Fallout's Action Point pools and readied actions, popcorn's
 * delayed and conditional actions with their counters and triggers, Sine Nomine grapples.
 */
export function GameState() {
  const gm = useGm();
  const { view } = gm;
  const m = dict(view.module);
  const n = (id: string) => nameOf(view, id);
  const items: ReactElement[] = [];

  if (view.rules === 'fallout') {
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
  }

  if (view.rules === 'popcorn') {
    for (const [id, p] of Object.entries(dict(m.pending))) {
      const q = dict(p);
      const kind = String(q.kind);
      const counter = q.left !== undefined ? `${String(q.left)} segment${q.left === 1 ? '' : 's'} left` : q.timing === 'discretion' ? 'at will' : '';
      items.push(
        <li key={`pending-${id}`}>
          <span>
            {n(id)}: {kind} “{String(q.label)}”{q.trigger ? ` when ${String(q.trigger)}` : ''} {counter && <span className="tag">{counter}</span>}
          </span>
          {kind === 'conditional' ? (
            <button type="button" className="small" onClick={() => gm.open({ kind: 'command', command: 'trigger', preset: { actor: id }, title: `${n(id)}: it goes off` })}>
              Goes off
            </button>
          ) : (
            <button type="button" className="small" onClick={() => gm.open({ kind: 'command', command: 'complete-delayed', preset: { actor: id }, title: `${n(id)}: ${String(q.label)} takes effect` })}>
              Takes effect
            </button>
          )}
        </li>,
      );
    }
  }

  if (view.rules === 'cwn') {
    for (const g of list(m.grapples)) {
      items.push(
        <li key={`grapple-${String(g.grappler)}-${String(g.target)}`}>
          {n(String(g.grappler))} grapples {n(String(g.target))}
        </li>,
      );
    }
  }

  if (items.length === 0) return null;
  return (
    <section className="panel game-state" aria-labelledby="gs-h">
      <h2 id="gs-h">{view.rules === 'fallout' ? 'Action Points and readied actions' : view.rules === 'popcorn' ? 'Actions under way' : 'Grapples'}</h2>
      <ul className="game-state-list">{items}</ul>
    </section>
  );
}
