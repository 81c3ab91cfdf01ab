import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { CampaignApi, CampaignSummary } from '../api/campaign-api.ts';
import { readJsonFile } from '../shared/download.ts';
import { GAMES, gameTitle } from '../games/index.ts';
import { campaignPath } from '../shared/routes.ts';

interface Props {
  readonly api: CampaignApi;
  /** null while loading. */
  readonly list: readonly CampaignSummary[] | null;
  readonly showArchived: boolean;
  setShowArchived(on: boolean): void;
  reload(): Promise<void>;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Campaigns: a party, a bestiary and fights that follow each other. New, import, open, archive. */
export function CampaignsPanel({ api, list, showArchived, setShowArchived, reload }: Props) {
  const [rules, setRules] = useState<string>(GAMES[0]?.id ?? '');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setError('Give the campaign a title (“The Drowned Coast”).');
    setBusy(true);
    setError(null);
    const r = await api.create({ rules, title: title.trim() });
    setBusy(false);
    if (!r.ok) return setError(r.message);
    window.location.assign(campaignPath(r.data.campaign.id));
  };

  const importFile = async (f: File) => {
    setBusy(true);
    setError(null);
    const read = await readJsonFile(f);
    const r = read.ok ? await api.importFile(read.value) : null;
    setBusy(false);
    if (file.current) file.current.value = '';
    if (!read.ok) return setError(read.message);
    if (r && !r.ok) return setError(`“${f.name}” was not imported: ${r.message}`);
    if (r?.ok) window.location.assign(campaignPath(r.data.campaign.id));
  };

  const archive = async (c: CampaignSummary) => {
    const r = await api.archive(c.id, !c.archived);
    if (!r.ok) setError(r.message);
    await reload();
  };

  const shown = list ? [...list].reverse() : null;
  return (
    <section className="panel campaigns" aria-labelledby="campaigns-h">
      <div className="panel-head">
        <h2 id="campaigns-h">Campaigns</h2>
        <label className="small muted">
          <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} /> show archived
        </label>
      </div>
      {shown === null ? (
        <p className="muted">Loading…</p>
      ) : shown.length === 0 ? (
        <p className="muted">{showArchived ? 'No campaigns.' : 'None yet. A campaign keeps the party and a bestiary from one fight to the next.'}</p>
      ) : (
        <ul className="encounters campaign-list">
          {shown.map((c) => (
            <li key={c.id} className={c.archived ? 'archived' : undefined}>
              <div className="item-line">
                <a href={campaignPath(c.id)} className="item-title">
                  {c.title || 'Untitled campaign'}
                </a>
                {c.archived && <span className="tag">archived</span>}
                <span className="item-actions">
                  <button type="button" className="small" onClick={() => void archive(c)} aria-label={`${c.archived ? 'Unarchive' : 'Archive'} ${c.title}`}>
                    {c.archived ? 'Unarchive' : 'Archive'}
                  </button>
                </span>
              </div>
              <span className="muted">
                {gameTitle(c.rules)} · {plural(c.pcs, 'PC')} · {plural(c.templates, 'template')} · {plural(c.fights, 'fight')} · session {c.session} · since{' '}
                {new Date(c.createdAt).toLocaleDateString([], { dateStyle: 'medium' })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form className="new-campaign" onSubmit={create} aria-label="New campaign">
        <h3>New campaign</h3>
        <div className="new-campaign-line">
          <label className="sr-only" htmlFor="nc-game">
            Game
          </label>
          <select id="nc-game" value={rules} onChange={(e) => setRules(e.target.value)} aria-label="Game">
            {GAMES.map((g) => (
              <option key={g.id} value={g.id}>
                {g.title}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor="nc-title">
            Campaign name
          </label>
          <input id="nc-title" type="text" placeholder="The Drowned Coast" value={title} onChange={(e) => setTitle(e.target.value)} autoComplete="off" />
          <button type="submit" className="primary" disabled={busy}>
            Create
          </button>
        </div>
      </form>
      <div className="row-buttons">
        <input
          ref={file}
          id="campaign-file"
          className="sr-only"
          type="file"
          tabIndex={-1}
          aria-label="Campaign file"
          accept=".json,application/json"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void importFile(f);
          }}
        />
        <button type="button" className="small" disabled={busy} onClick={() => file.current?.click()}>
          Import a campaign file…
        </button>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
