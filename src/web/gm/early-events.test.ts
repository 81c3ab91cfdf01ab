import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredEvent } from '../../core/index.ts';

const loadGame = vi.fn((id: string) => Promise.resolve({ id }));
vi.mock('../shared/games.ts', () => ({ loadGame: (id: string) => loadGame(id) }));
const { earlyEvents } = await import('./early-events.ts');

const created = { seq: 1, event: { type: 'encounter-created', rules: { id: 'fallout', version: 1 }, options: {}, title: 'Vault', rng: {} } } as unknown as StoredEvent;
const next = { seq: 2, event: { type: 'side-added', side: { id: 'a', name: 'Vault dwellers' } } } as unknown as StoredEvent;

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  loadGame.mockClear();
});

describe('the GM screen’s early events', () => {
  it('asks for the events with the link’s key and starts loading the game the first one names', async () => {
    const fetch = vi.fn(() => Promise.resolve(answer(200, { events: [created, next] })));
    vi.stubGlobal('fetch', fetch);
    await expect(earlyEvents('enc 1', 'tkg_key')).resolves.toEqual([created, next]);
    expect(fetch).toHaveBeenCalledWith('/api/encounters/enc%201/events?after=0', { headers: { accept: 'application/json', authorization: 'Bearer tkg_key' } });
    expect(loadGame).toHaveBeenCalledWith('fallout');
  });

  it('gives no events, and loads nothing, when the server refuses, cannot be reached or there is no key', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(answer(401, { code: 'auth/bad-key', message: 'That key is not valid here.' }))));
    await expect(earlyEvents('enc', 'wrong')).resolves.toEqual([]);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(earlyEvents('enc', 'tkg_key')).resolves.toEqual([]);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(earlyEvents('enc', null)).resolves.toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
    expect(loadGame).not.toHaveBeenCalled();
  });

  it('does not load a game for a page of events without the first one', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(answer(200, { events: [next] }))));
    await expect(earlyEvents('enc', 'tkg_key')).resolves.toEqual([next]);
    expect(loadGame).not.toHaveBeenCalled();
  });
});
