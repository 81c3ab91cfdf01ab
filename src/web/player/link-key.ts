/**
 * The player key of a `/play/<id>?key=...` link: read once, kept in this browser (so a reload or a
 * bookmark of the page still opens it) and taken out of the address bar at once, so it does not show
 * on the table's TV, in screenshots or in the browser's history. The page keeps using it for its
 * requests and socket reconnects.
 */
import { readStored, writeStored } from '../shared/local-storage.ts';

const STORE = 'turnkeeper.player-keys.v1';


const saved = (): Record<string, unknown> => readStored<unknown>(STORE);

/** The key for encounter `id`: the link's (saved, and removed from the address bar), else the one saved earlier. */
export function takePlayerKey(id: string, linkKey: string | null): string | null {
  if (!linkKey) {
    const key = saved()[id];
    return typeof key === 'string' && key !== '' ? key : null;
  }
  // Storage full or refused: the page still works until it is reloaded.
  writeStored(STORE, { ...saved(), [id]: linkKey });
  const url = new URL(window.location.href);
  url.searchParams.delete('key');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return linkKey;
}
