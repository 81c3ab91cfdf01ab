import { useEffect, useMemo, useState } from 'react';
import type { CampaignTemplate } from '../../api/campaign-api.ts';
import type { GmApi } from '../../api/gm-api.ts';
import { call, encounterPath } from '../../api/http.ts';
import { matchesQuery } from './bestiary.ts';
import { useGm } from '../context.ts';

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
 * A campaign fight's quick add: the name typed searches the campaign's bestiary (by name or tag). The
 * hits shown are those the name typed now finds (an earlier search's, while the new one is on its way,
 * only if they still match), so Enter adds what the screen offers.
 */
export function useBestiaryHits(query: string): readonly CampaignTemplate[] {
  const gm = useGm();
  const [found, setFound] = useState<readonly CampaignTemplate[]>([]);
  const q = query.trim();
  useEffect(() => {
    if (!q) return setFound([]);
    let live = true;
    const t = setTimeout(() => {
      void call<{ templates: CampaignTemplate[] }>('GET', encounterPath(gm.id, `/bestiary?q=${encodeURIComponent(q)}`), gm.gmKey).then(
        (r) => live && setFound(r.ok ? r.data.templates.slice(0, 8) : []),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [q, gm.id, gm.gmKey]);
  return useMemo(() => found.filter((t) => matchesQuery(t, q)), [found, q]);
}

/**
 * The hits as buttons, each adding the template with its stats, notes and GM notes, as many as typed
 * ("3 x Raider"); the one Enter adds is highlighted (the first, or the one ↓ / ↑ moved to), and the
 * last button adds the name as typed instead.
 */
export function BestiaryHits({ hits, picked, typed, count, onAdd }: { hits: readonly CampaignTemplate[]; picked: number; typed: string; count: number; onAdd: (t: CampaignTemplate | null) => void }) {
  if (!typed.trim() || hits.length === 0) return null;
  const times = count > 1 ? `${count} × ` : '';
  return (
    <div className="bestiary-hits" role="group" aria-label="From the bestiary">
      <span className="muted small">Bestiary:</span>
      {hits.map((t, i) => (
        <button key={t.id} type="button" className={i === picked ? 'small picked' : 'small'} aria-current={i === picked ? true : undefined} onClick={() => onAdd(t)}>
          + {times}
          {t.name}
          {t.tags.length > 0 && <span className="muted"> ({t.tags.join(', ')})</span>}
        </button>
      ))}
      <button type="button" className={picked >= hits.length ? 'small picked' : 'small'} aria-current={picked >= hits.length ? true : undefined} onClick={() => onAdd(null)}>
        + {times}
        {typed.trim()}, as typed
      </button>
      <span className="muted small">Enter adds the highlighted one; ↓ ↑ choose.</span>
    </div>
  );
}
