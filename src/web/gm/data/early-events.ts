import type { StoredEvent } from '../../../core/index.ts';
import { loadFold } from '../../games/index.ts';
import { keysFor, ownerToken } from '../../shared/keys.ts';

/** The id of the data block the server puts in a GM page opened with its key (src/server/pages/page-data.ts). */
export const EARLY_EVENTS_ID = 'turnkeeper-early-events';

/**
 * The events the page came with: the server writes the first page of events into the GM page of an
 * address with the encounter's GM key. Read once (the block is removed) and only for this encounter.
 */
export function pageEvents(id: string, doc: Pick<Document, 'getElementById'> = document): readonly StoredEvent[] | null {
  const block = doc.getElementById(EARLY_EVENTS_ID);
  if (!block) return null;
  block.remove();
  try {
    const data = JSON.parse(block.textContent ?? '') as { id?: unknown; events?: unknown };
    return data.id === id && Array.isArray(data.events) ? (data.events as StoredEvent[]) : null;
  } catch {
    return null;
  }
}

/** The game the encounter's first event names, when these events hold it. */
export function gameOf(events: readonly StoredEvent[]): string | null {
  const first = events.find((e) => e.seq === 1)?.event;
  return first?.type === 'encounter-created' ? first.rules.id : null;
}

function startGame(events: readonly StoredEvent[]): void {
  const game = gameOf(events);
  if (game) void loadFold(game).catch(() => undefined);
}

/**
 * The GM screen's data, asked for by the entry (main.tsx) while the screen's code downloads: the
 * encounter's stored events (the first page: from the page itself when the server put them there,
 * else over HTTP with the same key the screen will use) and, as soon as the first event names the
 * game, its rules. On a slow link the downloads then overlap instead of following one another; the
 * store folds these events at once and each event only once (the live socket delivers them again,
 * with the log). Any failure yields no events: the socket's answer, and its error if any, is what the
 * screen shows then.
 */
export function earlyEvents(id: string, linkKey: string | null, doc: Pick<Document, 'getElementById'> = document): Promise<readonly StoredEvent[]> {
  const inPage = pageEvents(id, doc);
  if (inPage) {
    startGame(inPage);
    return Promise.resolve(inPage);
  }
  const key = linkKey ?? keysFor(id)?.gmKey ?? ownerToken();
  if (!key) return Promise.resolve([]);
  const headers = { accept: 'application/json', authorization: `Bearer ${key}` };
  // High priority: on HTTP/1.1 the page's preloaded scripts hold the browser's six connections, and the
  // events are what the screen waits for last.
  return fetch(`/api/encounters/${encodeURIComponent(id)}/events?after=0`, { headers, priority: 'high' })
    .then(async (r) => (r.ok ? ((await r.json()) as { events?: StoredEvent[] }).events ?? [] : []))
    .then((events) => {
      startGame(events);
      return events;
    })
    .catch(() => []);
}
