import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { StoredEvent } from '../../core/index.ts';
import { keysFor, ownerToken, saveKeys } from '../shared/keys.ts';
import { holdEarlyKeys } from './data/early-keys.ts';
import { firstData } from './data/first-data.ts';
import { GmApp } from './gm-app.tsx';
import { wouldAct } from './keys/shortcuts.ts';

/** How long the first render waits for the early events and their rules before it draws without them. */
const FIRST_DATA_WAIT_MS = 1500;

/**
 * The GM screen at /gm/:id. The key comes from the link (`?key=` or `#key=`), is kept in local storage
 * and taken out of the address bar; later visits find it there (or use this browser's owner token).
 * `early`: the events the entry asked for while this code downloaded (early-events.ts). When they and
 * their game's rules are here within a moment, they are folded before the first render, which then
 * shows the fight at once; until then the page's own "Loading Turnkeeper…" stays. From the moment the
 * screen shows, a key that does something on it is held until the screen's keyboard is ready, then
 * done (early-keys.ts): none is lost on a slow device.
 */
export async function mountGm(root: HTMLElement, id: string, linkKey: string | null, early?: Promise<readonly StoredEvent[]>): Promise<void> {
  if (linkKey) {
    saveKeys(id, { gmKey: linkKey });
    window.history.replaceState(null, '', `/gm/${encodeURIComponent(id)}`);
  }
  // The owner counts as the GM of every encounter: a fight made elsewhere (an import) opens with the owner token.
  const key = linkKey ?? keysFor(id)?.gmKey ?? ownerToken();
  const app = createRoot(root);
  if (!key) {
    app.render(
      <main className="gm-loading">
        <h1>Turnkeeper</h1>
        <p>This browser has no GM key for this encounter. Open the GM link you were given when it was created.</p>
        <p>
          <a href="/">All encounters</a>
        </p>
      </main>,
    );
    return;
  }
  const keys = holdEarlyKeys(window, (e) => root.querySelector('.gm-main') !== null && wouldAct(e));
  const first = early ? await firstData(early, FIRST_DATA_WAIT_MS) : null;
  app.render(
    <StrictMode>
      <GmApp id={id} gmKey={key} early={early} first={first} earlyKeys={keys} />
    </StrictMode>,
  );
}
