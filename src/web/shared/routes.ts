/**
 * The app's addresses: `/` (start), `/gm/:id#key=...` (GM screen), `/play/:id?key=...` (player view),
 * `/table/:campaignId?key=...` (a campaign's lasting player or TV link: the player page, `table: true`,
 * following the campaign's current fight; the server sends it the player page, as its `screenOf` says),
 * `/campaign/:id` (a campaign, with the owner token this browser keeps; `?writeBack=<fight>` opens the
 * review of that fight's write-back at once: the GM screen's offer after a campaign fight).
 */
export type Route =
  | { readonly screen: 'start' }
  | { readonly screen: 'campaign'; readonly id: string }
  | { readonly screen: 'gm'; readonly id: string; readonly key: string | null }
  | { readonly screen: 'play'; readonly id: string; readonly key: string | null; readonly table?: true };

interface LocationLike {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

export function routeOf(location: LocationLike): Route {
  const parts = location.pathname.split('/').filter(Boolean);
  const id = parts[1] ? decodeURIComponent(parts[1]) : null;
  if (parts[0] === 'play' && id) return { screen: 'play', id, key: new URLSearchParams(location.search).get('key') };
  if (parts[0] === 'table' && id) return { screen: 'play', id, key: new URLSearchParams(location.search).get('key'), table: true };
  if (parts[0] === 'gm' && id) {
    const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
    return { screen: 'gm', id, key: hash.get('key') ?? new URLSearchParams(location.search).get('key') };
  }
  if (parts[0] === 'campaign' && id) return { screen: 'campaign', id };
  return { screen: 'start' };
}

export function gmPath(id: string): string {
  return `/gm/${encodeURIComponent(id)}`;
}

export function playPath(id: string, key: string): string {
  return `/play/${encodeURIComponent(id)}?key=${encodeURIComponent(key)}`;
}

export function campaignPath(id: string): string {
  return `/campaign/${encodeURIComponent(id)}`;
}

/** A campaign's lasting link: `tv` for the table's TV (`&tv=1`, as the server hands it out). */
export function tablePath(campaignId: string, key: string, tv = false): string {
  return `/table/${encodeURIComponent(campaignId)}?key=${encodeURIComponent(key)}${tv ? '&tv=1' : ''}`;
}
