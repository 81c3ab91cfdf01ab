/**
 * Helpers for the server's tests: an app on a memory store (or the store given), calls through
 * `inject`, and live sockets on a real port. Not used by the server itself.
 */
import WebSocket from 'ws';
import { buildApp } from './http/index.ts';
import type { App, AppOptions } from './http/index.ts';
import { MemoryEventStore } from '../store/index.ts';

export const OWNER = 'tko_test-owner-token-0123456789abcdef';

export interface Call {
  readonly status: number;
  readonly body: string;
  readonly headers: Record<string, unknown>;
  json<T = Record<string, unknown>>(): T;
}

export interface Created {
  readonly id: string;
  readonly gmKey: string;
  readonly playerKey: string;
  readonly gmUrl: string;
  readonly playerUrl: string;
}

export interface TestApp {
  readonly app: App;
  call(method: string, url: string, options?: { key?: string; body?: unknown; raw?: string; headers?: Record<string, string> }): Promise<Call>;
  create(body: Record<string, unknown>): Promise<Created>;
  /** Sends a command; throws with the answer if it is not 200. */
  command(id: string, key: string, command: unknown, query?: string): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function testApp(options: Partial<AppOptions> = {}): Promise<TestApp> {
  const app = await buildApp({ store: new MemoryEventStore(), ownerToken: OWNER, webRoot: '/nonexistent/turnkeeper-web', ...options });
  const call: TestApp['call'] = async (method, url, o = {}) => {
    const headers: Record<string, string> = { ...(o.key ? { authorization: `Bearer ${o.key}` } : {}), ...o.headers };
    let payload: string | undefined;
    if (o.raw !== undefined) payload = o.raw;
    else if (o.body !== undefined) {
      payload = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const r = await app.fastify.inject({ method: method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) });
    return { status: r.statusCode, body: r.body, headers: r.headers, json: <T,>() => JSON.parse(r.body) as T };
  };
  return {
    app,
    call,
    async create(body) {
      const r = await call('POST', '/api/encounters', { key: OWNER, body });
      if (r.status !== 201) throw new Error(`create: ${r.status} ${r.body}`);
      return r.json<Created>();
    },
    async command(id, key, command, query = '') {
      const r = await call('POST', `/api/encounters/${id}/commands${query}`, { key, body: command });
      if (r.status !== 200) throw new Error(`${JSON.stringify(command)}: ${r.status} ${r.body}`);
      return r.json();
    },
    close: () => app.fastify.close(),
  };
}

/** Starts listening on a free loopback port; returns the base URL (http://127.0.0.1:port). */
export async function listen(t: TestApp): Promise<string> {
  await t.app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const a = t.app.fastify.server.address();
  if (typeof a !== 'object' || a === null) throw new Error('no address');
  return `http://127.0.0.1:${a.port}`;
}

/** A live socket that records every frame (raw text and parsed). */
export interface Recorder {
  readonly ws: WebSocket;
  readonly frames: string[];
  readonly messages: Record<string, unknown>[];
  /** Resolves when a message matches (already received or later). */
  waitFor(match: (m: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  readonly closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export function connect(base: string, id: string, key: string, after?: number): Promise<Recorder> {
  const url = `${base.replace(/^http/, 'ws')}/api/encounters/${id}/live?key=${encodeURIComponent(key)}${after !== undefined ? `&after=${after}` : ''}`;
  const ws = new WebSocket(url);
  const frames: string[] = [];
  const messages: Record<string, unknown>[] = [];
  const waiters: { match: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }[] = [];
  ws.on('message', (data) => {
    const text = String(data);
    frames.push(text);
    const m = JSON.parse(text) as Record<string, unknown>;
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.match(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const recorder: Recorder = {
    ws,
    frames,
    messages,
    closed,
    waitFor(match, timeoutMs = 5000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching message in ${timeoutMs} ms; got ${frames.join('\n')}`)), timeoutMs);
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(recorder));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}
