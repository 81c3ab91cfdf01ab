import type { EncounterView } from '../../../core/index.ts';
import { nameOf, useGm } from '../../gm/context.ts';
import { MoveButtons, useOrderMoves } from '../../gm/order/order-drag.tsx';

type Dict = Record<string, unknown>;
interface Init {
  readonly total: number;
  readonly shift: number;
}

interface Row {
  readonly key: string;
  readonly total: number;
  readonly members: readonly string[];
  readonly gm: boolean;
}

/**
 * Kuro's game turn as a grid: initiative slots (ties share a row) down, combat phases across. The GM
 * may drag a name to another row or move it with its buttons or Alt+ArrowUp/Down: it gets a slot of
 * its own there for the rest of the game turn (a name sharing a row first leaves it, above or below).
 */
export function KuroOrder() {
  const gm = useGm();
  const { view } = gm;
  const m = (view.module ?? {}) as Dict;
  const initiative = (m.initiative ?? {}) as Record<string, Init>;
  const actions = (m.actions ?? {}) as Record<string, number>;
  const acted = (m.acted ?? {}) as Record<string, readonly number[]>;
  const ended = view.status === 'ended';
  const phase = ended ? 0 : Number(m.phase ?? 0);
  const track = (m.track ?? { slots: [], current: null, done: [] }) as { current: string | null; done: string[] };
  const rows = rowsOf(view, initiative);
  const phases = Math.max(1, ...view.combatants.filter((c) => !c.defeated && initiative[c.id]).map((c) => actions[c.id] ?? 0));
  const acting = new Set(view.now.kind === 'actor' ? [view.now.actor] : view.now.kind === 'group' ? view.now.actors : []);
  const noInit = view.combatants.filter((c) => !initiative[c.id] && !c.defeated);
  const moves = useOrderMoves(rows, true);
  return (
    <div className="kuro">
      <p className="muted">
        {ended ? `Ended in game turn ${view.round}` : m.stage === 'phases' ? `Game turn ${view.round}, phase ${phase} of ${phases}` : m.stage === 'initiative' ? `Game turn ${view.round}: rolling initiative` : 'Before the fight'}
      </p>
      <table className="kuro-grid">
        <caption className="sr-only">Initiative slots by combat phase</caption>
        <thead>
          <tr>
            <th scope="col">Init</th>
            <th scope="col">Who</th>
            {Array.from({ length: phases }, (_, i) => (
              <th key={i} scope="col" className={i + 1 === phase ? 'phase-now' : undefined}>
                Phase {i + 1}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, index) => {
            const current = `i:${r.total}` === track.current || r.key === track.current;
            const { className: moving, ...drop } = moves.row(index);
            const cls = [current && m.stage === 'phases' && !ended ? 'slot-current' : '', moving].filter(Boolean).join(' ');
            return (
              <tr key={r.key} className={cls || undefined} title={r.members.length > 1 ? `Equal initiative (${r.total}): they act at the same time` : r.gm ? 'Placed by the GM' : undefined} {...drop}>
                <td className="slot-init">{r.total}</td>
                <td>
                  {r.members.map((id) => {
                    const alone = r.members.length === 1;
                    return (
                      <span key={id} className="kuro-who" {...moves.member(id)}>
                        <button type="button" className={acting.has(id) ? 'link name acting' : 'link name'} data-move-focus={id} onClick={() => gm.setFocus(id)}>
                          {nameOf(view, id)}
                        </button>
                        <MoveButtons moves={moves} id={id} label={nameOf(view, id)} first={alone && index === 0} last={alone && index === rows.length - 1} />
                      </span>
                    );
                  })}
                  {r.members.length > 1 && <span className="tag">simultaneous</span>}
                </td>
                {Array.from({ length: phases }, (_, i) => {
                  const p = i + 1;
                  const cells = r.members.map((id) => {
                    if ((actions[id] ?? 0) < p) return '·';
                    if (acted[id]?.includes(p)) return acting.has(id) && p === phase ? '▶' : '✓';
                    return '○';
                  });
                  return (
                    <td key={p} className={p === phase ? 'phase-now' : undefined} aria-label={`phase ${p}: ${cells.join(' ')}`}>
                      {cells.join(' ')}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      {noInit.length > 0 && <p className="muted">No initiative yet: {noInit.map((c) => c.name).join(', ')}</p>}
      <p className="legend muted">○ to act · ▶ acting · ✓ done · · no action in that phase</p>
    </div>
  );
}

function rowsOf(view: EncounterView, initiative: Record<string, Init>): Row[] {
  const groups = new Map<string, { total: number; shift: number; members: string[] }>();
  for (const c of view.combatants) {
    const init = initiative[c.id];
    if (!init || c.defeated) continue;
    const key = init.shift === 0 ? `i:${init.total}` : `i:${init.total}:${init.shift}`;
    const g = groups.get(key);
    if (g) g.members.push(c.id);
    else groups.set(key, { total: init.total, shift: init.shift, members: [c.id] });
  }
  return [...groups.entries()]
    .sort(([, a], [, b]) => b.total - a.total || b.shift - a.shift)
    .map(([key, g]) => ({ key, total: g.total, members: g.members, gm: g.shift !== 0 }));
}
