import { useEffect, useRef, useState } from 'react';
import type { DragEvent, KeyboardEvent } from 'react';
import { actorsOf } from '../../../core/index.ts';
import { nameOf, useGm } from '../context.ts';
import { canReorder, dropCommand, moveTitle, stepCommand } from './order-moves.ts';
import type { OrderRow, ReorderCommand } from './order-moves.ts';
import './order-drag.css';

const TYPE = 'application/x-turnkeeper-combatant';
const NONE: ReadonlySet<string> = new Set();

export interface OrderMoves {
  /** Whether the GM may rearrange this order now. */
  readonly enabled: boolean;
  /** Handlers for a row that can be dropped on (and dragged, by `mover`, when given). */
  row(index: number, mover?: string): {
    readonly className: string;
    readonly draggable?: boolean;
    readonly onDragStart?: (e: DragEvent) => void;
    readonly onDragEnd?: () => void;
    readonly onDragOver: (e: DragEvent) => void;
    readonly onDragLeave: () => void;
    readonly onDrop: (e: DragEvent) => void;
    readonly onKeyDown?: (e: KeyboardEvent) => void;
  };
  /** Drag handlers for one member of a row (Kuro: equal totals share a row, each may be moved). */
  member(id: string): { readonly draggable: boolean; readonly onDragStart: (e: DragEvent) => void; readonly onDragEnd: () => void; readonly onKeyDown: (e: KeyboardEvent) => void };
  /** Move a combatant one place up or down (the move buttons). */
  step(id: string, by: -1 | 1, refocus?: string): void;
}

/**
 * Rearranging the initiative order: drag a row (or, in Kuro, a name) onto another, the move buttons,
 * Alt+ArrowUp/Down on the row with the keyboard focus, or anywhere for the combatant shown (the pick,
 * else whoever acts; shortcuts.ts sends `tk:move`). Each move is one `reorder` command; the rules keep
 * the turn where it is, and a refusal is said in the screen's message bar. Fallout's combatants in a
 * tie not yet ordered (`tied`) are put in order in the tie's box (order-tie.tsx): the keys go there.
 */
export function useOrderMoves(rows: readonly OrderRow[], split = false, tied: ReadonlySet<string> = NONE): OrderMoves {
  const gm = useGm();
  const { view } = gm;
  const enabled = canReorder(view.rules) && view.status !== 'ended';
  const [drag, setDrag] = useState<{ id: string; over: number | null; where: 'before' | 'after' | null } | null>(null);
  const latest = useRef({ rows, split, gm, tied });
  latest.current = { rows, split, gm, tied };
  // Who is being dragged, at once (the state above only draws it, a render later).
  const dragged = useRef<string | null>(null);

  const run = async (command: ReorderCommand | null, refocus?: string) => {
    if (!command) return;
    const g = latest.current.gm;
    await g.send(command, moveTitle(command, (id) => nameOf(g.view, id)));
    if (refocus) requestAnimationFrame(() => document.querySelector<HTMLElement>(refocus)?.focus());
  };

  useEffect(() => {
    if (!enabled) return;
    const on = (e: Event) => {
      const { rows: r, split: s, gm: g, tied: t } = latest.current;
      const id = g.focus ?? actorsOf(g.view.now)[0];
      const by = (e as CustomEvent<-1 | 1>).detail;
      if (id && t.has(id)) document.querySelector<HTMLElement>(`[data-tie-id="${CSS.escape(id)}"]`)?.focus();
      else if (id && (by === -1 || by === 1)) void run(stepCommand(r, id, by, s));
    };
    window.addEventListener('tk:move', on);
    return () => window.removeEventListener('tk:move', on);
  }, [enabled]);

  const keys = (id: string) => (e: KeyboardEvent) => {
    if (!e.altKey || e.ctrlKey || e.metaKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const by = e.key === 'ArrowUp' ? -1 : 1;
    const el = e.target as HTMLElement;
    const again = el.dataset.move ? `[data-move="${CSS.escape(el.dataset.move)}"]` : el.dataset.moveFocus ? `[data-move-focus="${CSS.escape(el.dataset.moveFocus)}"]` : undefined;
    void run(stepCommand(latest.current.rows, id, by, latest.current.split), again);
  };
  const start = (id: string) => (e: DragEvent) => {
    e.stopPropagation();
    e.dataTransfer.setData(TYPE, id);
    e.dataTransfer.setData('text/plain', nameOf(view, id));
    e.dataTransfer.effectAllowed = 'move';
    dragged.current = id;
    setDrag({ id, over: null, where: null });
  };
  const end = () => {
    dragged.current = null;
    setDrag(null);
  };

  return {
    enabled,
    row(index, mover) {
      const fromOf = (id: string | null | undefined) => (id ? rows.findIndex((r) => r.members.includes(id)) : -1);
      const from = fromOf(drag?.id);
      const over = drag?.over === index && index !== from;
      const cls = [mover && enabled ? 'movable' : '', drag?.id !== undefined && rows[index]?.members.includes(drag.id) ? 'dragging' : '', over && drag?.where ? `drop-${drag.where}` : ''].filter(Boolean).join(' ');
      if (!enabled) return { className: cls, onDragOver: () => undefined, onDragLeave: () => undefined, onDrop: () => undefined };
      return {
        className: cls,
        ...(mover ? { draggable: true, onDragStart: start(mover), onDragEnd: end, onKeyDown: keys(mover) } : {}),
        onDragOver: (e) => {
          const id = dragged.current;
          if (!id || !e.dataTransfer.types.includes(TYPE)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'move';
          const at = fromOf(id);
          const where = index < at ? 'before' : index > at ? 'after' : null;
          if (drag?.over !== index || drag.where !== where) setDrag({ id, over: index, where });
        },
        onDragLeave: () => {
          if (drag?.over === index) setDrag({ ...drag, over: null, where: null });
        },
        onDrop: (e) => {
          const id = e.dataTransfer.getData(TYPE) || dragged.current;
          e.preventDefault();
          dragged.current = null;
          setDrag(null);
          if (id) void run(dropCommand(latest.current.rows, id, index));
        },
      };
    },
    member(id) {
      return { draggable: enabled, onDragStart: start(id), onDragEnd: end, onKeyDown: keys(id) };
    },
    step(id, by, refocus) {
      void run(stepCommand(rows, id, by, split), refocus);
    },
  };
}

/** The keyboard's way to move a row: up and down buttons, named for whom they move. */
export function MoveButtons({ moves, id, label, first, last }: { moves: OrderMoves; id: string; label: string; first: boolean; last: boolean }) {
  if (!moves.enabled) return null;
  return (
    <span className="move-buttons">
      <button type="button" className="icon tiny" data-move={`${id}:up`} aria-label={`Move ${label} up`} title="Move up (Alt+↑)" disabled={first} onClick={() => moves.step(id, -1, `[data-move="${CSS.escape(`${id}:up`)}"]`)}>
        ▲
      </button>
      <button type="button" className="icon tiny" data-move={`${id}:down`} aria-label={`Move ${label} down`} title="Move down (Alt+↓)" disabled={last} onClick={() => moves.step(id, 1, `[data-move="${CSS.escape(`${id}:down`)}"]`)}>
        ▼
      </button>
    </span>
  );
}
