import { useCampaign } from './context.ts';

/** The campaign's log in words, newest first; undone commands struck through; undo and redo. */
export function CampaignLog() {
  const c = useCampaign();
  const { log, canUndo, canRedo } = c.page;
  const shown = [...log].reverse().slice(0, 300);
  return (
    <section className="panel campaign-log" aria-labelledby="clog-h">
      <div className="panel-head">
        <h2 id="clog-h">Campaign log</h2>
        <button type="button" className="small" disabled={canUndo === false} onClick={() => void c.run({ type: 'undo' }, 'Undone')}>
          ↶ Undo
        </button>
        <button type="button" className="small" disabled={canRedo === false} onClick={() => void c.run({ type: 'redo' }, 'Redone')}>
          ↷ Redo
        </button>
      </div>
      {shown.length === 0 ? (
        <p className="muted">Nothing yet.</p>
      ) : (
        <ol className="clog-list" aria-live="polite" aria-relevant="additions" aria-label="Campaign log lines" tabIndex={0}>
          {shown.map((l, i) => (
            <li key={`${l.seq}-${i}`} className={l.undone ? 'undone' : undefined}>
              {l.undone ? (
                <>
                  <s>{l.text}</s> <span className="sr-only">(undone)</span>
                </>
              ) : (
                l.text
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
