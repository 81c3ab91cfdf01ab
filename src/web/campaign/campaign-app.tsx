import { useCallback, useEffect, useMemo, useState } from 'react';
import { campaignApi } from '../api/campaign-api.ts';
import type { CampaignPage, EncounterSummary } from '../api/campaign-api.ts';
import { loadGame } from '../games/index.ts';
import type { GameKit } from '../games/index.ts';
import { campaignPath } from '../shared/routes.ts';
import { BestiaryPanel } from './bestiary-panel.tsx';
import { CampaignDialogs } from './campaign-dialogs.tsx';
import { CampaignHeader } from './campaign-header.tsx';
import { CampaignLog } from './campaign-log.tsx';
import { CampaignContext } from './context.ts';
import type { CampaignCtx, CampaignDialog, Ran } from './context.ts';
import { FightsPanel } from './fights-panel.tsx';
import { PartiesBanner } from './parties-banner.tsx';
import { PartyPanel } from './party-panel.tsx';

interface Notice {
  readonly text: string;
  readonly kind: 'ok' | 'error';
  readonly at: number;
}

/** The campaign page: the party, the bestiary, the fights, the log. Every change is a campaign command. */
export function CampaignApp({ id, token }: { id: string; token: string }) {
  const api = useMemo(() => campaignApi(token), [token]);
  const [page, setPage] = useState<CampaignPage | null>(null);
  const [kit, setKit] = useState<GameKit | null>(null);
  const [fights, setFights] = useState<EncounterSummary[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [dialog, setDialog] = useState<CampaignDialog | null>(null);
  // `?writeBack=<fight>`: the GM screen's offer after a fight; the review opens as soon as the page shows.
  const [writeBack, setWriteBack] = useState(() => new URLSearchParams(window.location.search).get('writeBack'));

  const notify = useCallback((text: string, kind: 'ok' | 'error' = 'ok') => setNotice({ text, kind, at: Date.now() }), []);

  const loadFights = useCallback(async () => {
    const r = await api.fights(id);
    if (r.ok) setFights(r.data.fights);
  }, [api, id]);

  const reload = useCallback(async () => {
    const r = await api.get(id);
    if (r.ok) {
      setPage(r.data);
      setFailure(null);
    } else {
      setFailure(r.status === 404 ? 'There is no such campaign on this server (it may have been deleted).' : r.status === 401 || r.status === 403 ? 'This browser’s owner token is not the one of this server.' : r.message);
    }
    void loadFights();
  }, [api, id, loadFights]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const rules = page?.state.rules;
  useEffect(() => {
    if (!rules) return;
    let live = true;
    loadGame(rules).then(
      (k) => live && setKit(k),
      (e: unknown) => live && setFailure(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [rules]);

  const title = page?.state.title;
  useEffect(() => {
    document.title = title ? `${title} · Campaign · Turnkeeper` : 'Campaign · Turnkeeper';
  }, [title]);

  // Coming back from the GM screen (another tab, or back): the fights' status may have moved on.
  useEffect(() => {
    const onFocus = () => void loadFights();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [loadFights]);

  useEffect(() => {
    if (!writeBack || !page) return;
    setWriteBack(null);
    window.history.replaceState(null, '', campaignPath(id)); // a reload shows the page, not the review again
    if (page.state.fights[writeBack]) setDialog({ kind: 'write-back', fight: writeBack });
    else notify('That fight is not one of this campaign’s: nothing to write back.', 'error');
  }, [writeBack, page, id, notify]);

  // A command's answer may come without the undo and redo flags: the page then asks for them.
  const accept = useCallback(
    (next: CampaignPage) => {
      setPage((prev) => ({ ...next, canUndo: next.canUndo ?? prev?.canUndo ?? true, canRedo: next.canRedo ?? false }));
      if (next.canUndo === undefined || next.canRedo === undefined) void reload();
      else void loadFights();
    },
    [reload, loadFights],
  );

  const run = useCallback(
    async (command: Record<string, unknown>, note?: string): Promise<Ran> => {
      if (!page) return { ok: false, message: 'The campaign is still loading.' };
      const r = await api.command(id, command, page.campaign.version);
      if (r.ok) {
        accept(r.data);
        if (note) notify(note);
        return { ok: true, page: r.data };
      }
      if (r.status === 409 && r.code.endsWith('version-conflict')) {
        await reload();
        const message = 'The campaign changed in another tab or window: the page now shows it as it is. Check, then try again.';
        notify(message, 'error');
        return { ok: false, message };
      }
      if (r.status !== 422) notify(r.message, 'error');
      if (r.status === 409) void reload();
      return { ok: false, message: r.message };
    },
    [api, id, page, accept, reload, notify],
  );

  if (failure && !page) {
    return (
      <main className="campaign-loading">
        <h1>Turnkeeper</h1>
        <p className="error" role="alert">
          {failure}
        </p>
        <p>
          <a href="/">All campaigns and encounters</a>
        </p>
      </main>
    );
  }
  if (!page || !kit) {
    return (
      <main className="campaign-loading">
        <h1>Turnkeeper</h1>
        <p role="status">Loading the campaign…</p>
      </main>
    );
  }

  const ctx: CampaignCtx = { id, api, page, kit, fights, run, accept, reload, notify, open: setDialog };
  return (
    <CampaignContext.Provider value={ctx}>
      <div className="campaign">
        <CampaignHeader />
        <div className="notice-slot" aria-live="polite">
          {notice && (
            <p key={notice.at} className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
              {notice.text}
              <button type="button" className="icon tiny" aria-label="Dismiss" onClick={() => setNotice(null)}>
                ×
              </button>
            </p>
          )}
        </div>
        <PartiesBanner />
        <main className="campaign-main">
          <div className="col">
            <PartyPanel />
            <BestiaryPanel />
          </div>
          <div className="col">
            <FightsPanel />
            <CampaignLog />
          </div>
        </main>
      </div>
      {dialog && <CampaignDialogs dialog={dialog} onClose={() => setDialog(null)} />}
    </CampaignContext.Provider>
  );
}
