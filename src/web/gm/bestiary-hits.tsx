import { useEffect, useState } from 'react';
import type { CampaignTemplate } from '../api/campaign-api.ts';
import { call, encounterPath } from '../api/http.ts';
import { templateCommand } from './bestiary.ts';
import { useGm } from './context.ts';

/**
 * Whether this encounter is a fight of a campaign (its bestiary then feeds quick add). Asked here, in
 * the setup tools' chunk, so the GM screen's first download does not grow.
 */
export function useCampaignFight(): boolean {
  const gm = useGm();
  const [inCampaign, setInCampaign] = useState(false);
  useEffect(() => {
    let live = true;
    void gm.api.encounter().then((r) => live && setInCampaign(r.ok && Boolean(r.data.encounter.campaignId)));
    return () => {
      live = false;
    };
  }, [gm.api]);
  return inCampaign;
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
