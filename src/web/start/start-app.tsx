import { useCallback, useEffect, useMemo, useState } from 'react';
import { campaignApi } from '../api/campaign-api.ts';
import type { CampaignSummary, EncounterSummary } from '../api/campaign-api.ts';
import { encountersApi } from '../api/owner-api.ts';
import { ownerToken, setOwnerToken } from '../shared/keys.ts';
import { CampaignsPanel } from './campaigns-panel.tsx';
import { CreateForm } from './create-form.tsx';
import { EncountersPanel } from './encounters-panel.tsx';
import './start.css';

/** The start page: the owner token once, then the campaigns, the encounters and the form for a new one. */
export function StartApp() {
  const [token, setToken] = useState<string | null>(() => {
    // `npm start` prints the address with the token in the fragment (never sent to the server): /#owner=...
    const fromLink = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('owner') ?? new URLSearchParams(window.location.search).get('owner');
    if (fromLink) {
      setOwnerToken(fromLink);
      window.history.replaceState(null, '', '/');
    }
    return fromLink ?? ownerToken();
  });
  const [list, setList] = useState<EncounterSummary[] | null>(null);
  const [campaigns, setCampaigns] = useState<CampaignSummary[] | null>(null);
  const [allCampaigns, setAllCampaigns] = useState<ReadonlyMap<string, string>>(new Map());
  const [archivedEncounters, setArchivedEncounters] = useState(false);
  const [archivedCampaigns, setArchivedCampaigns] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const encounters = useMemo(() => (token ? encountersApi(token) : null), [token]);
  const campaignCalls = useMemo(() => (token ? campaignApi(token) : null), [token]);

  const loadEncounters = useCallback(async () => {
    if (!encounters) return;
    const r = await encounters.list(archivedEncounters ? 'any' : 'false');
    if (r.ok) {
      setList(r.data.encounters);
      setError(null);
    } else {
      setList(null);
      setError(r.status === 401 ? 'That is not the owner token of this server.' : r.message);
    }
  }, [encounters, archivedEncounters]);

  const loadCampaigns = useCallback(async () => {
    if (!campaignCalls) return;
    const r = await campaignCalls.list('any');
    if (!r.ok) return setCampaigns((prev) => prev ?? []);
    setAllCampaigns(new Map(r.data.campaigns.map((c) => [c.id, c.title || 'Untitled campaign'])));
    setCampaigns(r.data.campaigns.filter((c) => archivedCampaigns || !c.archived));
  }, [campaignCalls, archivedCampaigns]);

  useEffect(() => {
    document.title = 'Turnkeeper';
    void loadEncounters();
  }, [loadEncounters]);
  useEffect(() => {
    void loadCampaigns();
  }, [loadCampaigns]);

  return (
    <div className="start">
      <header className="start-header">
        <h1>
          <span className="logo" aria-hidden="true">
            ◉
          </span>{' '}
          Turnkeeper
        </h1>
        <p className="muted">A combat tracker that knows the rules: the GM runs the fight here, the players watch on their phones or the TV.</p>
      </header>
      {!token || !encounters || !campaignCalls || (error && !list) ? (
        <TokenForm
          error={error}
          onToken={(t) => {
            setOwnerToken(t);
            setToken(t);
          }}
        />
      ) : (
        <main className="start-main">
          <CreateForm token={token} />
          <div className="start-lists">
            <CampaignsPanel api={campaignCalls} list={campaigns} showArchived={archivedCampaigns} setShowArchived={setArchivedCampaigns} reload={loadCampaigns} />
            <EncountersPanel
              api={encounters}
              list={list}
              campaigns={allCampaigns}
              showArchived={archivedEncounters}
              setShowArchived={setArchivedEncounters}
              reload={async () => {
                await Promise.all([loadEncounters(), loadCampaigns()]);
              }}
            />
            <button
              type="button"
              className="link forget"
              onClick={() => {
                setOwnerToken(null);
                setToken(null);
              }}
            >
              Forget the owner token
            </button>
          </div>
        </main>
      )}
    </div>
  );
}

function TokenForm({ onToken, error }: { onToken: (t: string) => void; error: string | null }) {
  const [value, setValue] = useState('');
  return (
    <main className="start-main">
      <form
        className="panel token"
        onSubmit={(e) => {
          e.preventDefault();
          if (value.trim()) onToken(value.trim());
        }}
      >
        <h2>Owner token</h2>
        <p>
          Paste the owner token <code>npm start</code> printed (it is also in the file <code>owner-token</code> of the data folder). This browser keeps it.
        </p>
        <label className="sr-only" htmlFor="owner">
          Owner token
        </label>
        <input id="owner" type="password" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} placeholder="tko_…" />
        <button type="submit" className="primary">
          Continue
        </button>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
