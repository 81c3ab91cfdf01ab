import { useEffect, useState } from 'react';
import type { CampaignTemplate } from '../api/campaign-api.ts';
import type { GmApi } from '../api/gm-api.ts';
import { call, encounterPath } from '../api/http.ts';
import { templateCommand } from './bestiary.ts';
import { useGm } from './context.ts';

/** The campaign each encounter is a fight of (null: none), asked once per GM screen. */
const campaigns = new WeakMap<GmApi, Promise<string | null>>();

function campaignOf(api: GmApi): Promise<string | null> {
  let p = campaigns.get(api);
  if (!p) {
    p = api.encounter().then((r) => {
      if (!r.ok) campaigns.delete(api); // asked again next time (the server was unreachable)
      return r.ok ? (r.data.encounter.campaignId ?? null) : null;
    });
    campaigns.set(api, p);
  }
  return p;
}

/**
 * The campaign this encounter is a fight of, or null (its bestiary then feeds quick add, and the
 * screen links back to it). Asked here, in the setup tools' chunk, so the GM screen's first download
 * does not grow.
 */
export function useCampaignFight(): string | null {
  const gm = useGm();
  const [campaign, setCampaign] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void campaignOf(gm.api).then((c) => live && setCampaign(c));
    return () => {
      live = false;
    };
  }, [gm.api]);
  return campaign;
}

/**
 * A campaign fight's quick add: the name typed searches the campaign's bestiary (by name or tag); a hit
 * adds the template with its stats, notes and GM notes, as many as typed ("3 x Raider").
 */
export function BestiaryHits({ query, count, side, onAdded }: { query: string; count: number; side: string; onAdded: () => void }) {
  const gm = useGm();
  const [hits, setHits] = useState<readonly CampaignTemplate[]>([]);
  const q = query.trim();
  useEffect(() => {
    if (!q) return setHits([]);
    let live = true;
    const t = setTimeout(() => {
      void call<{ templates: CampaignTemplate[] }>('GET', encounterPath(gm.id, `/bestiary?q=${encodeURIComponent(q)}`), gm.gmKey).then(
        (r) => live && setHits(r.ok ? r.data.templates.slice(0, 8) : []),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [q, gm.id, gm.gmKey]);
  if (!q || hits.length === 0) return null;
  return (
    <div className="bestiary-hits" role="group" aria-label="From the bestiary">
      <span className="muted small">Bestiary:</span>
      {hits.map((t) => (
        <button
          key={t.id}
          type="button"
          className="small"
          onClick={() =>
            void gm.send(templateCommand(t, count, side) as never, `Add ${count > 1 ? `${count} × ` : ''}${t.name}`).then((sent) => {
              if (sent.ok) onAdded();
            })
          }
        >
          + {count > 1 ? `${count} × ` : ''}
          {t.name}
          {t.tags.length > 0 && <span className="muted"> ({t.tags.join(', ')})</span>}
        </button>
      ))}
    </div>
  );
}
