import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { nameOf, useGm } from '../../gm/context.ts';
import { draftOrder, moveInDraft, openTies, pick, tieCommands } from './tie-order.ts';
import type { OpenTie, TieState } from './tie-order.ts';

const ORDINAL = ['1st', '2nd', '3rd'];
const ordinal = (i: number) => ORDINAL[i] ?? `${i + 1}th`;

/**
 * Fallout's undecided initiative ties, each shown together to be put in order at once: the number
 * keys pick them in sequence (the last needs no pick), Alt+ArrowUp/Down moves the one with the focus,
 * Enter sets the order (T brings the focus here). The module takes the order as its answers to "who
 * goes first?" (`decide-tie`), one for each but the last.
 */
export function FalloutTies() {
  const gm = useGm();
  const { view } = gm;
  const able = (id: string) => view.combatants.some((c) => c.id === id && !c.defeated);
  const ties = openTies(view.module as TieState | null, able);
  if (ties.length === 0 || view.status === 'ended') return null;
  return (
    <div className="ties">
      {ties.map((t, i) => (
        <TieBlock key={`${t.initiative}:${t.open.join(',')}`} tie={t} first={i === 0} />
      ))}
    </div>
  );
}

function TieBlock({ tie, first }: { tie: OpenTie; first: boolean }) {
  const gm = useGm();
  const { view } = gm;
  const n = (id: string) => nameOf(view, id);
  const [picks, setPicks] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [focusOn, setFocusOn] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const order = draftOrder(tie.open, picks);
  const decided = tie.members.filter((id) => !tie.open.includes(id));
  const heading = `tie-h-${tie.initiative}`;

  useEffect(() => {
    if (focusOn) list.current?.querySelector<HTMLElement>(`[data-tie-id="${CSS.escape(focusOn)}"]`)?.focus();
  }, [focusOn, picks]);

  const set = async () => {
    if (busy) return;
    setBusy(true);
    // A refusal is said once, in the screen's message bar (gm.send), and the rest is not sent.
    for (const command of tieCommands(order)) {
      const sent = await gm.send(command, `Initiative ${tie.initiative}: ${order.map(n).join(', ')}`);
      if (!sent.ok) break;
    }
    setBusy(false);
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const id = (e.target as HTMLElement).closest<HTMLElement>('[data-tie-id]')?.dataset.tieId;
    if (!e.altKey && !e.ctrlKey && !e.metaKey && /^[1-9]$/.test(e.key)) {
      e.preventDefault();
      setPicks(pick(tie.open, picks, Number(e.key)));
      return;
    }
    if (!id || e.ctrlKey || e.metaKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown' && e.key !== 'Enter')) return;
    e.preventDefault();
    if (e.key === 'Enter') void set();
    else if (e.altKey) {
      setPicks(moveInDraft(tie.open, picks, id, e.key === 'ArrowUp' ? -1 : 1));
      setFocusOn(id);
    } else {
      const next = order[order.indexOf(id) + (e.key === 'ArrowUp' ? -1 : 1)];
      if (next) setFocusOn(next);
    }
  };

  return (
    <div className="tie-order" role="group" aria-labelledby={heading} onKeyDown={onKey}>
      <p id={heading} className="tie-head">
        <strong>Tied at {tie.initiative}</strong>
        {decided.length > 0 ? ` (after ${decided.map(n).join(', ')})` : ''}: the GM sets their order.
      </p>
      <p className="muted tie-help">
        Press their numbers in the order they act (the last needs none), or move one with <kbd>Alt</kbd>+<kbd>↑</kbd>/<kbd>↓</kbd>; <kbd>Enter</kbd> sets it.
        {first && (
          <>
            {' '}
            <kbd>T</kbd> comes here.
          </>
        )}
      </p>
      <ol ref={list} className="tie-list">
        {order.map((id, i) => {
          const key = tie.open.indexOf(id) + 1;
          const chosen = i < picks.length;
          return (
            <li key={id} className={chosen ? 'tie-item picked' : 'tie-item'}>
              <button
                type="button"
                className="tie-name"
                data-tie-id={id}
                data-tie-first={first && i === 0 ? '' : undefined}
                aria-label={`${n(id)}: ${chosen ? ordinal(i) : 'not placed yet'}; press ${key} to ${chosen ? 'take back' : 'place next'}`}
                onClick={() => setPicks(pick(tie.open, picks, key))}
              >
                <kbd aria-hidden="true">{key}</kbd> {n(id)}
                <span className="tie-place">{chosen ? ordinal(i) : ''}</span>
              </button>
              <span className="tie-move">
                <button type="button" className="icon tiny" aria-label={`Move ${n(id)} up in the tie`} disabled={i === 0} onClick={() => setPicks(moveInDraft(tie.open, picks, id, -1))}>
                  ▲
                </button>
                <button type="button" className="icon tiny" aria-label={`Move ${n(id)} down in the tie`} disabled={i === order.length - 1} onClick={() => setPicks(moveInDraft(tie.open, picks, id, 1))}>
                  ▼
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <div className="row-buttons">
        <button type="button" className="primary" disabled={busy} onClick={() => void set()}>
          Set this order
        </button>
        <button type="button" disabled={busy || picks.length === 0} onClick={() => setPicks([])}>
          Start over
        </button>
      </div>
    </div>
  );
}
