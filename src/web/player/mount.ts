import { h } from './dom.ts';
import { showFight } from './fight-view.ts';
import { takePlayerKey } from './link-key.ts';
import { overlayPage, showOverlay } from './overlay.ts';

// The campaign's lasting link (/table/:campaignId) shares this chunk: the server sends it the same page.
export { mountTable } from './table.ts';

/**
 * The player view at /play/:id?key=...: one fight's projection (fight-view.ts). The key leaves the
 * address bar at once (link-key.ts) and stays in the page for requests and reconnects.
 */
export function mountPlayer(root: HTMLElement, id: string, linkKey: string | null): void {
  // `&overlay`: the stream overlay (overlay.ts), a compact order on a transparent page.
  const overlay = overlayPage(window.location.search);
  const key = takePlayerKey(id, linkKey);
  if (!key) {
    root.replaceChildren(h('main', { class: 'pv pv-empty' }, h('h1', null, 'Turnkeeper'), h('p', null, 'This link has no key: ask the GM for the player link.')));
    return;
  }
  if (overlay) showOverlay(root, id, key);
  else showFight(root, id, key);
}
