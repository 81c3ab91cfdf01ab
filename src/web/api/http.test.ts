import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, encounterPath } from './http.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('JSON over HTTP', () => {
  it('sends the key as a bearer header and the body as JSON', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ version: 3 }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const r = await call<{ version: number }>('POST', encounterPath('a b', '/commands'), 'tkg_1', { type: 'undo' });
    expect(r).toEqual({ ok: true, data: { version: 3 } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/encounters/a%20b/commands');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tkg_1');
    expect(init.body).toBe('{"type":"undo"}');
  });

  it('returns the server’s refusal as a value', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 'turn/not-your-turn', message: "It is not Kade's turn." }), { status: 422 }));
    expect(await call('POST', '/x', 'k', {})).toEqual({ ok: false, status: 422, code: 'turn/not-your-turn', message: "It is not Kade's turn." });
  });

  it('explains a network failure in plain words', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const r = await call('GET', '/x', null);
    expect(r).toMatchObject({ ok: false, status: 0, code: 'network/unreachable' });
  });
});
