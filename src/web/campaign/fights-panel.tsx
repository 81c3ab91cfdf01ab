import { gmPath } from '../shared/routes.ts';
import { fightStatus } from './campaign-model.ts';
import { useCampaign } from './context.ts';

/** The campaign's fights, newest first: where each stands, its GM screen, and writing its results back. */
export function FightsPanel() {
  const c = useCampaign();
  const { state } = c.page;
  const byId = new Map((c.fights ?? []).map((f) => [f.id, f]));
  const ids = [...state.fightOrder].reverse();
  return (
    <section className="panel fights" aria-labelledby="fights-h">
      <div className="panel-head">
        <h2 id="fights-h">
          Fights <span className="muted count">{ids.length}</span>
        </h2>
        <button type="button" className="primary" onClick={() => c.open({ kind: 'new-fight' })}>
          + New fight
        </button>
      </div>
      {ids.length === 0 ? (
        <p className="muted">No fights yet. A new fight starts with the party as it stands and opponents from the bestiary.</p>
      ) : (
        <ul className="fight-list">
          {ids.map((id) => {
            const f = state.fights[id];
            const s = byId.get(id);
            if (!f) return null;
            const status = fightStatus(s);
            const ended = s?.status === 'ended';
            return (
              <li key={id} className={ended ? 'fight ended' : 'fight'}>
                <div className="fight-who">
                  <a href={gmPath(id)} className="fight-title">
                    {f.title || s?.title || 'Untitled fight'}
                  </a>
                  <span className="fight-meta">
                    {status && <span className={`badge status-${s?.status ?? 'setup'}`}>{status}</span>}
                    {s === undefined && c.fights !== null && <span className="badge">deleted</span>}
                    <span className="muted small">
                      {Object.keys(f.pcs).length} PC{Object.keys(f.pcs).length === 1 ? '' : 's'}
                      {f.writtenBack > 0 ? ` · written back${f.writtenBack > 1 ? ` ${f.writtenBack} times` : ''}` : ''}
                    </span>
                  </span>
                </div>
                <div className="row-actions">
                  <a className="button small" href={gmPath(id)} aria-label={`Open the GM screen of ${f.title || 'this fight'}`}>
                    GM screen
                  </a>
                  <button
                    type="button"
                    className={ended && f.writtenBack === 0 ? 'small primary' : 'small'}
                    disabled={s === undefined}
                    onClick={() => c.open({ kind: 'write-back', fight: id })}
                    aria-label={`Write back ${f.title || 'this fight'}`}
                  >
                    Write back
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
