import { useEffect, useState } from 'react';
import { call } from '../../api/http.ts';
import { ownerToken } from '../../shared/keys.ts';
import { campaignPath } from '../../shared/routes.ts';
import { useCampaignFight } from '../setup/bestiary-hits.tsx';
import { useGm } from '../context.ts';
import './campaign-links.css';

/** What this browser can do with the campaign: its title, and whether it holds the owner token. */
interface OwnerSide {
  readonly title: string | null;
  readonly owner: boolean;
}

const asked = new Map<string, Promise<OwnerSide>>();

/**
 * The campaign routes need the owner token (a GM key cannot read them): with the token this browser
 * keeps, the campaign's title; without it, or with one this server refuses, no owner.
 */
function ownerSide(campaign: string): Promise<OwnerSide> {
  const token = ownerToken();
  if (!token) return Promise.resolve({ title: null, owner: false });
  let p = asked.get(campaign);
  if (!p) {
    p = call<{ campaigns: { id: string; title: string }[] }>('GET', '/api/campaigns?archived=any', token).then((r) =>
      r.ok ? { title: r.data.campaigns.find((c) => c.id === campaign)?.title ?? null, owner: true } : { title: null, owner: r.status !== 401 && r.status !== 403 },
    );
    asked.set(campaign, p);
  }
  return p;
}

function useOwnerSide(campaign: string | null): OwnerSide {
  const [side, setSide] = useState<OwnerSide>({ title: null, owner: ownerToken() !== null });
  useEffect(() => {
    if (!campaign) return;
    let live = true;
    void ownerSide(campaign).then((s) => live && setSide(s));
    return () => {
      live = false;
    };
  }, [campaign]);
  return side;
}

/**
 * A campaign fight's ties to its campaign, in the setup tools' chunk (the GM screen's first download
 * carries only the two places that show it, about 90 bytes): in the header, a link back to the campaign page; once the fight has ended
 * (`offer`), the way to write the party's tracks back to the campaign — the campaign page opens its
 * review at once (`?writeBack=<fight>`), for the owner, whose token the campaign routes need.
 */
export function CampaignLinks({ offer }: { offer?: boolean }) {
  const gm = useGm();
  const campaign = useCampaignFight();
  const side = useOwnerSide(campaign);
  if (!campaign) return null;
  const page = campaignPath(campaign);
  if (!offer) {
    return (
      <>
        <span className="muted" aria-hidden="true">
          {' · '}
        </span>
        <a className="campaign-link" href={page} title="The campaign page: party, bestiary, fights (owner)">
          Campaign{side.title ? `: ${side.title}` : ''}
        </a>
      </>
    );
  }
  return side.owner ? (
    <a className="button primary" href={`${page}?writeBack=${encodeURIComponent(gm.id)}`}>
      Write the party’s HP back to the campaign
    </a>
  ) : (
    <span className="muted small write-back-note">The campaign page (owner) writes the party’s HP back: this browser does not have the owner token.</span>
  );
}
