import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredEvent } from '../../../core/index.ts';

const loadFold = vi.fn((id: string) => Promise.resolve({ id }));
vi.mock('../../games/index.ts', () => ({ loadFold: (id: string) => loadFold(id) }));
const { EARLY_EVENTS_ID, earlyEvents, pageEvents } = await import('./early-events.ts');

const created = { seq: 1, event: { type: 'encounter-created', rules: { id: 'fallout', version: 1 }, options: {}, title: 'Vault', rng: {} } } as unknown as StoredEvent;
const next = { seq: 2, event: { type: 'side-added', side: { id: 'a', name: 'Vault dwellers' } } } as unknown as StoredEvent;

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  loadFold.mockClear();
});

/** A page with (or without) the server's data block: getElementById as the browser answers it. */
function page(text: string | null) {
  let present = text !== null;
  const block = { textContent: text, remove: vi.fn(() => (present = false)) };
  return { doc: { getElementById: (id: string) => (present && id === EARLY_EVENTS_ID ? (block as unknown as HTMLElement) : null) }, block };
}

describe('the GM screen’s early events', () => {
  it('come from the page itself when the server put them there: no request, the game loading at once, the block read once', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { doc, block } = page(JSON.stringify({ id: 'enc', version: 2, events: [created, next] }));
    await expect(earlyEvents('enc', 'tkg_key', doc)).resolves.toEqual([created, next]);
    expect(fetch).not.toHaveBeenCalled();
    expect(loadFold).toHaveBeenCalledWith('fallout');
    expect(block.remove).toHaveBeenCalled();
    expect(pageEvents('enc', doc)).toBeNull();
  });

  it('are asked for as usual when the page’s block is of another encounter or unreadable', async () => {
    for (const text of [JSON.stringify({ id: 'other', events: [created] }), '{not json', JSON.stringify({ id: 'enc', events: 'no' })]) {
      const fetch = vi.fn(() => Promise.resolve(answer(200, { events: [next] })));
      vi.stubGlobal('fetch', fetch);
      await expect(earlyEvents('enc', 'tkg_key', page(text).doc), text).resolves.toEqual([next]);
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });

  it('asks for the events with the link’s key and starts loading the game the first one names', async () => {
    const fetch = vi.fn(() => Promise.resolve(answer(200, { events: [created, next] })));
    vi.stubGlobal('fetch', fetch);
    await expect(earlyEvents('enc 1', 'tkg_key', page(null).doc)).resolves.toEqual([created, next]);
    expect(fetch).toHaveBeenCalledWith('/api/encounters/enc%201/events?after=0', { headers: { accept: 'application/json', authorization: 'Bearer tkg_key' }, priority: 'high' });
    expect(loadFold).toHaveBeenCalledWith('fallout');
  });

  it('gives no events, and loads nothing, when the server refuses, cannot be reached or there is no key', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(answer(401, { code: 'auth/bad-key', message: 'That key is not valid here.' }))));
    await expect(earlyEvents('enc', 'wrong', page(null).doc)).resolves.toEqual([]);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(earlyEvents('enc', 'tkg_key', page(null).doc)).resolves.toEqual([]);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(earlyEvents('enc', null, page(null).doc)).resolves.toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
    expect(loadFold).not.toHaveBeenCalled();
  });

  it('does not load a game for a page of events without the first one', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(answer(200, { events: [next] }))));
    await expect(earlyEvents('enc', 'tkg_key', page(null).doc)).resolves.toEqual([next]);
    expect(loadFold).not.toHaveBeenCalled();
  });
});
