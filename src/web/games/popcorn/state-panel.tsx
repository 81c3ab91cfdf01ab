import type { ReactElement } from 'react';
import { nameOf, useGm } from '../../gm/context.ts';
import { GameStateSection, dict } from '../../gm/turn/game-state.tsx';

/** Popcorn beside the cards: the delayed and conditional actions under way, with their counters and triggers. */
export function PopcornPending() {
  const gm = useGm();
  const { view } = gm;
  const m = dict(view.module);
  const n = (id: string) => nameOf(view, id);
  const items: ReactElement[] = [];
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
  return <GameStateSection title="Actions under way" items={items} />;
}
