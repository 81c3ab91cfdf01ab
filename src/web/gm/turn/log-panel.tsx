import { useDeferredValue, useLayoutEffect, useMemo, useRef } from 'react';
import type { GmLogEntry } from '../../../core/index.ts';
import { withoutCommands } from '../../shared/words.ts';
import { useGm } from '../context.ts';
import { useScrollEdges, wholeLinesHeight } from '../order/scroll-edges.ts';

const NO_LINES: readonly GmLogEntry[] = [];

/**
 * The log in words, newest at the bottom; undone commands struck through; GM-only lines marked. It
 * is written in a render of its own after the screen first shows (React's deferred value): the turn,
 * the roster and the actions come first, the encounter's history a moment later.
 */
export function LogPanel() {
  const gm = useGm();
  const { snap, engine } = gm;
  const current = useDeferredValue(snap, null);
  const lines = current?.log;
  const events = current?.events;
  const log: readonly GmLogEntry[] = useMemo(() => (!lines || !events ? NO_LINES : lines.length > 0 ? lines : engine.log(events)), [lines, events, engine]);
  const list = useRef<HTMLOListElement>(null);
  // Keep the newest line in sight by scrolling the list only (never the page), and size the list to
  // whole lines, so the first line in sight is never cut in half; again when its width changes.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    let width = -1;
    const fit = () => {
      // No lines (the first render, before the log is written): nothing to fit, and no layout to force.
      if (el.childElementCount === 0) return;
      width = el.clientWidth;
      el.style.maxHeight = '';
      const cap = parseFloat(getComputedStyle(el).maxHeight);
      const lines = [...el.children].map((li) => (li as HTMLElement).offsetTop);
      const height = Number.isFinite(cap) ? wholeLinesHeight(lines, el.scrollHeight, cap) : null;
      if (height !== null) el.style.maxHeight = `${height}px`;
      el.scrollTop = el.scrollHeight;
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const resized = new ResizeObserver(() => {
      if (el.clientWidth !== width) fit();
    });
    resized.observe(el);
    return () => resized.disconnect();
  }, [log.length]);
  const edges = useScrollEdges(list, log.length);
  const shown = log.slice(-300);
  return (
    <section className="panel log" aria-labelledby="log-h">
      <div className="panel-head">
        <h2 id="log-h">Log</h2>
        {edges.above && <span className="scroll-hint">earlier lines above: scroll up ↑</span>}
      </div>
      <ol ref={list} className={edges.above ? 'log-list more-above' : 'log-list'} aria-live="polite" aria-relevant="additions" aria-labelledby="log-h" tabIndex={0}>
        {shown.map((l, i) => {
          const newRound = i > 0 && shown[i - 1]!.round !== l.round;
          return (
            <li key={`${l.seq}-${i}`} className={[l.undone ? 'undone' : '', l.gmOnly ? 'gm-only' : '', newRound ? 'new-round' : ''].filter(Boolean).join(' ')}>
              {l.gmOnly && <span className="tag">GM</span>} {l.undone ? <s>{withoutCommands(l.text)}</s> : withoutCommands(l.text)}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
