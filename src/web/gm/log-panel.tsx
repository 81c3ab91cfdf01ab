import { useEffect, useMemo, useRef } from 'react';
import type { GmLogEntry } from '../../core/index.ts';
import { withoutCommands } from '../shared/words.ts';
import { useGm } from './context.ts';

/** The log in words, newest at the bottom; undone commands struck through; GM-only lines marked. */
export function LogPanel() {
  const gm = useGm();
  const { snap, engine } = gm;
  const log: readonly GmLogEntry[] = useMemo(() => (snap.log.length > 0 ? snap.log : engine.log(snap.events)), [snap.log, snap.events, engine]);
  const list = useRef<HTMLOListElement>(null);
  // Keep the newest line in sight by scrolling the list only (never the page).
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [log.length]);
  const shown = log.slice(-300);
  return (
    <section className="panel log" aria-labelledby="log-h">
      <h2 id="log-h">Log</h2>
      <ol ref={list} className="log-list" aria-live="polite" aria-relevant="additions">
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
