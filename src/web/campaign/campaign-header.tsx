import { useState } from 'react';
import { downloadJson } from '../shared/download.ts';
import { gameTitle } from '../games/index.ts';
import { fileName, newSessionLabel } from './campaign-model.ts';
import { useCampaign } from './context.ts';

/** Title, game and session (and Fallout's AP pools); a new session; export. */
export function CampaignHeader() {
  const c = useCampaign();
  const { state, campaign } = c.page;
  const [busy, setBusy] = useState(false);

  const exportFile = async () => {
    setBusy(true);
    const r = await c.api.exportFile(c.id);
    setBusy(false);
    if (!r.ok) return c.notify(r.message, 'error');
    downloadJson(fileName('campaign', state.title, c.id), r.data);
    c.notify('Exported: the file is in your downloads. Import it on the start page (this server or another).');
  };

  const unarchive = async () => {
    const r = await c.api.archive(c.id, false);
    if (!r.ok) return c.notify(r.message, 'error');
    await c.reload();
    c.notify('The campaign is back in the list, and can be changed again.');
  };

  // The log line says what the new session changed (Fallout: whose Luck, the pools).
  const session = async () => {
    const r = await c.run({ type: 'new-session' });
    if (r.ok) c.notify(r.page.log.at(-1)?.text ?? `Session ${r.page.state.session} begins.`);
  };

  return (
    <header className="campaign-header">
      <div className="brand">
        <a href="/" className="logo" aria-label="Turnkeeper: all campaigns and encounters">
          ◉
        </a>
        <div>
          <h1>
            {state.title || 'Untitled campaign'}
            <button type="button" className="icon tiny rename" aria-label="Rename the campaign" title="Rename" onClick={() => c.open({ kind: 'rename' })}>
              ✎
            </button>
          </h1>
          <span className="muted">
            Campaign · {gameTitle(state.rules)} · session {state.session}
            {state.pools && (
              <>
                {' '}
                · party AP {state.pools.party} · GM AP {state.pools.gm}
              </>
            )}

          </span>
        </div>
      </div>
      <nav className="toolbar" aria-label="Campaign">
        {campaign.archived && (
          <button type="button" className="primary" onClick={() => void unarchive()} title="Archived campaigns are read-only">
            Archived: unarchive to change it
          </button>
        )}
        <button type="button" onClick={() => c.open({ kind: 'table-links' })} title="The players' and the TV's lasting links: they always show this campaign's current fight">
          Table links
        </button>
        <button type="button" onClick={() => void session()}>
          {newSessionLabel(state)}
        </button>
        <button type="button" disabled={busy} onClick={() => void exportFile()} title="Download the campaign, its party, bestiary and fights, as a JSON file">
          Export
        </button>
      </nav>
    </header>
  );
}
