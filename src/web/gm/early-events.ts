import type { StoredEvent } from '../../core/index.ts';
import { loadGame } from '../shared/games.ts';
import { keysFor, ownerToken } from '../shared/keys.ts';

/**
 * The GM screen's data, asked for by the entry (main.tsx) while the screen's code downloads: the
 * encounter's stored events (the first page, over HTTP with the same key the screen will use) and, as
 * soon as the first event names the game, its rules. On a slow link the three downloads then overlap
 * instead of following one another; the store folds these events at once and each event only once
 * (the live socket delivers them again, with the log). Any failure yields no events: the socket's
 * answer, and its error if any, is what the screen shows then.
 */
export function earlyEvents(id: string, linkKey: string | null): Promise<readonly StoredEvent[]> {
  const key = linkKey ?? keysFor(id)?.gmKey ?? ownerToken();
  if (!key) return Promise.resolve([]);
  const headers = { accept: 'application/json', authorization: `Bearer ${key}` };
  return fetch(`/api/encounters/${encodeURIComponent(id)}/events?after=0`, { headers })
    .then(async (r) => (r.ok ? ((await r.json()) as { events?: StoredEvent[] }).events ?? [] : []))
    .then((events) => {
      const first = events.find((e) => e.seq === 1)?.event;
      if (first?.type === 'encounter-created') void loadGame(first.rules.id).catch(() => undefined);
      return events;
    })
    .catch(() => []);
}
