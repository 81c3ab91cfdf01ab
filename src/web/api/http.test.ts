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

  it('explains a network failure in plain words, never claiming that nothing was changed', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const r = await call('GET', '/x', null);
    expect(r).toEqual({ ok: false, status: 0, code: 'network/unreachable', message: 'The server cannot be reached. Check the connection.', unanswered: true });
    // A change may have been made before its answer was lost.
    const w = await call('POST', '/x', 'k', {});
    expect(w).toMatchObject({ ok: false, status: 0, code: 'network/unreachable', unanswered: true });
    expect(w.ok ? '' : w.message).toMatch(/may or may not have been done/);
    expect(w.ok ? '' : w.message).not.toMatch(/nothing was changed/);
  });

  it('tells a proxy’s answer (no JSON of ours) from Turnkeeper’s own 503', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>502 Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } }));
    expect(await call('POST', '/x', 'k', {})).toEqual({
      ok: false,
      status: 502,
      code: 'http/502',
      message: 'The server answered 502 Bad Gateway, not Turnkeeper itself: this may or may not have been done.',
      unanswered: true,
    });
    expect(await call('GET', '/x', 'k')).toMatchObject({ message: 'The server answered 502 Bad Gateway.', unanswered: true });
    const busy = { code: 'encounter/busy', message: 'Other instances kept changing the encounter; nothing was changed.' };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(busy), { status: 503, headers: { 'retry-after': '1' } }));
    expect(await call('POST', '/x', 'k', {})).toEqual({ ok: false, status: 503, ...busy });
  });

  it('takes a body cut off after the headers as no answer', async () => {
    vi.stubGlobal('fetch', async () => ({ ok: true, status: 200, statusText: 'OK', text: () => Promise.reject(new TypeError('network error')) }) as unknown as Response);
    expect(await call('POST', '/x', 'k', {})).toMatchObject({ ok: false, status: 0, unanswered: true });
  });
});
