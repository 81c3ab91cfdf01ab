import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '../../../server/live/index.ts';
import type { Incoming } from './store-transport.ts';
import { deliver, serverTransport } from './server-transport.ts';

function recorder() {
  const calls: unknown[][] = [];
  const on: Incoming = {
    events: (...a) => void calls.push(['events', ...a]),
    request: (r) => void calls.push(['request', r]),
    settings: (s) => void calls.push(['settings', s]),
    status: (...a) => void calls.push(['status', ...a]),
    reset: (v) => void calls.push(['reset', v]),
  };
  return { on, calls };
}

describe('the GM socket’s messages', () => {
  it('turns a hello with reset (the server restored from an older backup) into a reset to its version, before the events from seq 1', () => {
    const { on, calls } = recorder();
    const messages: ServerMessage[] = [
      { type: 'hello', role: 'gm', encounter: 'e', version: 3, reset: true, v: 1 },
      { type: 'events', from: 1, seq: 3, events: [], log: [], marks: [], v: 1 },
    ];
    for (const m of messages) deliver(m, on);
    expect(calls).toEqual([['reset', 3], ['events', 3, [], [], []]]);
  });

  it('takes a plain hello as nothing to do, and a deleted encounter as the end', () => {
    const { on, calls } = recorder();
    deliver({ type: 'hello', role: 'gm', encounter: 'e', version: 9, v: 1 }, on);
    expect(calls).toEqual([]);
    deliver({ type: 'closed', reason: 'deleted', v: 1 }, on);
    expect(calls).toEqual([['status', 'failed', 'This encounter was deleted.']]);
  });
});

describe('a command’s answer, as the GM store gets it', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const answer = (status: number, body: string, statusText = '') => vi.stubGlobal('fetch', async () => new Response(body, { status, statusText }));

  it('unknown when no answer came or a proxy answered 502, 503 or 504', async () => {
    const t = serverTransport('e', 'k');
    for (const [status, text] of [
      [502, 'Bad Gateway'],
      [503, 'Service Unavailable'],
      [504, 'Gateway Timeout'],
    ] as const) {
      answer(status, '<html>proxy</html>', text);
      expect(await t.send({ type: 'end-turn' }, 4)).toMatchObject({ ok: false, unknown: true });
    }
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await t.send({ type: 'end-turn' }, 4)).toMatchObject({ ok: false, code: 'network/unreachable', unknown: true });
  });

  it('known when Turnkeeper said it: its 503 encounter/busy and its 409 changed nothing', async () => {
    const t = serverTransport('e', 'k');
    answer(503, JSON.stringify({ code: 'encounter/busy', message: 'Try again; nothing was changed.' }));
    const busy = await t.send({ type: 'end-turn' }, 4);
    expect(busy).toEqual({ ok: false, code: 'encounter/busy', message: 'Try again; nothing was changed.' });
    answer(409, JSON.stringify({ code: 'encounter/version-conflict', message: 'Expected 4.' }));
    expect(await t.send({ type: 'end-turn' }, 4)).toMatchObject({ ok: false, code: 'encounter/version-conflict' });
    expect(await t.send({ type: 'end-turn' }, 4)).not.toHaveProperty('unknown');
  });

  it('reads the events after a version, one page', async () => {
    const t = serverTransport('e', 'k');
    answer(200, JSON.stringify({ version: 5, events: [{ seq: 5, cmd: 3, event: { type: 'round-started', round: 2 } }] }));
    expect(await t.read(4)).toEqual({ events: [{ seq: 5, cmd: 3, event: { type: 'round-started', round: 2 } }], complete: true });
    answer(200, JSON.stringify({ version: 900, events: [], next: 504 }));
    expect(await t.read(4)).toMatchObject({ complete: false });
    answer(502, 'proxy');
    expect(await t.read(4)).toBeNull();
  });
});
