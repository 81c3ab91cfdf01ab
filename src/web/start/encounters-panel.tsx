import { useRef, useState } from 'react';
import type { EncounterSummary } from '../api/campaign-api.ts';
import type { EncountersApi } from '../api/owner-api.ts';
import { fightStatus, fileName } from '../campaign/campaign-model.ts';
import { ConfirmDialog } from '../shared/confirm-dialog.tsx';
import { downloadJson, readJsonFile } from '../shared/download.ts';
import { gameTitle } from '../games/index.ts';
import { saveKeys } from '../shared/keys.ts';
import { campaignPath, gmPath } from '../shared/routes.ts';

interface Props {
  readonly api: EncountersApi;
  readonly list: readonly EncounterSummary[] | null;
  /** Campaign id -> title, to say which campaign a fight belongs to. */
  readonly campaigns: ReadonlyMap<string, string>;
  readonly showArchived: boolean;
  setShowArchived(on: boolean): void;
  reload(): Promise<void>;
}

/** The encounters: where each stands (setup, round N, ended); open, duplicate, archive, delete (after downloading it). */
export function EncountersPanel({ api, list, campaigns, showArchived, setShowArchived, reload }: Props) {
  const [deleting, setDeleting] = useState<EncounterSummary | null>(null);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);

  const importFile = async (f: File) => {
    setBusy('import');
    const read = await readJsonFile(f);
    const r = read.ok ? await api.importFile(read.value) : null;
    setBusy(null);
    if (file.current) file.current.value = '';
    if (!read.ok) return setNote({ text: read.message, error: true });
    if (r && !r.ok) return setNote({ text: `“${f.name}” was not imported: ${r.message}`, error: true });
    if (r?.ok) {
      saveKeys(r.data.id, { gmKey: r.data.gmKey, playerKey: r.data.playerKey });
      setNote({ text: `“${f.name}” is imported, with new links.`, error: false });
      await reload();
    }
  };

  const duplicate = async (e: EncounterSummary) => {
    setBusy(e.id);
    const title = `${e.title || 'Untitled'} (copy)`.slice(0, 120);
    const r = await api.duplicate(e.id, title);
    setBusy(null);
    if (!r.ok) return setNote({ text: r.message, error: true });
    saveKeys(r.data.id, { gmKey: r.data.gmKey, playerKey: r.data.playerKey });
    setNote({ text: `“${title}” is ready: the same combatants at full strength, waiting for initiative.`, error: false });
    await reload();
  };

  const archive = async (e: EncounterSummary) => {
    setBusy(e.id);
    const r = await api.archive(e.id, !e.archived);
    setBusy(null);
    setNote(r.ok ? { text: `“${e.title || 'Untitled'}” ${e.archived ? 'is back in the list' : 'is archived: read-only, shown with “show archived”'}.`, error: false } : { text: r.message, error: true });
    await reload();
  };

  const remove = async (e: EncounterSummary): Promise<string | null> => {
    const file = await api.exportFile(e.id);
    if (!file.ok) return `Nothing was deleted: the export could not be downloaded first (${file.message})`;
    downloadJson(fileName('encounter', e.title, e.id), file.data);
    const r = await api.remove(e.id);
    if (!r.ok) return r.message;
    setNote({ text: `“${e.title || 'Untitled'}” is deleted; its file is in your downloads.`, error: false });
    await reload();
    return null;
  };

  const shown = list ? [...list].reverse() : null;
  return (
    <section className="panel" aria-labelledby="list-h">
      <div className="panel-head">
        <h2 id="list-h">Encounters</h2>
        <label className="small muted">
          <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} /> show archived
        </label>
      </div>
      {note && (
        <p className={note.error ? 'error small' : 'muted small'} role={note.error ? 'alert' : 'status'}>
          {note.text}
        </p>
      )}
      {shown === null ? (
        <p className="muted">Loading…</p>
      ) : shown.length === 0 ? (
        <p className="muted">None yet: create the first one.</p>
      ) : (
        <ul className="encounters">
          {shown.map((e) => {
            const status = fightStatus(e);
            const campaign = e.campaignId ? campaigns.get(e.campaignId) : undefined;
            const name = e.title || 'Untitled';
            return (
              <li key={e.id} className={e.archived ? 'archived' : undefined}>
                <div className="item-line">
                  <a href={gmPath(e.id)} className="item-title">
                    {name}
                  </a>
                  {status && <span className={`badge status-${e.status ?? 'setup'}`}>{status}</span>}
                  {e.archived && <span className="tag">archived</span>}
                  {e.campaignId && (
                    <a className="campaign-tag" href={campaignPath(e.campaignId)} title="The campaign this fight belongs to">
                      {campaign ?? 'its campaign'}
                    </a>
                  )}
                </div>
                <span className="muted">
                  {gameTitle(e.rules)} · {new Date(e.createdAt).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })} · {e.version} events
                </span>
                <span className="item-actions">
                  <button type="button" className="small" disabled={busy === e.id} onClick={() => void duplicate(e)} aria-label={`Duplicate ${name}`} title="A prepared copy: the same combatants at full strength, no fight yet">
                    Duplicate
                  </button>
                  <button type="button" className="small" disabled={busy === e.id} onClick={() => void archive(e)} aria-label={`${e.archived ? 'Unarchive' : 'Archive'} ${name}`}>
                    {e.archived ? 'Unarchive' : 'Archive'}
                  </button>
                  <button type="button" className="small danger" disabled={busy === e.id} onClick={() => setDeleting(e)} aria-label={`Delete ${name}`}>
                    Delete
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <div className="row-buttons">
        <input
          ref={file}
          className="sr-only"
          type="file"
          tabIndex={-1}
          aria-label="Encounter file"
          accept=".json,application/json"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void importFile(f);
          }}
        />
        <button type="button" className="small" disabled={busy === 'import'} onClick={() => file.current?.click()}>
          Import an encounter file…
        </button>
      </div>
      {deleting && (
        <ConfirmDialog title={`Delete “${deleting.title || 'Untitled'}”?`} confirm="Download it, then delete" danger onConfirm={() => remove(deleting)} onClose={() => setDeleting(null)}>
          <p>The encounter and its log leave this server for good, and its links stop working.</p>
          <p className="muted">
            Its export file is downloaded first ({fileName('encounter', deleting.title, deleting.id)}): import it on this server or another to bring it back.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
