import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { StoredEvent } from '../../core/index.ts';
import { keysFor, ownerToken, saveKeys } from '../shared/keys.ts';
import { GmApp } from './gm-app.tsx';

/**
 * The GM screen at /gm/:id. The key comes from the link (`?key=` or `#key=`), is kept in local storage
 * and taken out of the address bar; later visits find it there (or use this browser's owner token).
 * `early`: the events the entry asked for while this code downloaded (early-events.ts).
 */
export function mountGm(root: HTMLElement, id: string, linkKey: string | null, early?: Promise<readonly StoredEvent[]>): void {
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
  app.render(
    <StrictMode>
      <GmApp id={id} gmKey={key} early={early} />
    </StrictMode>,
  );
}
