/**
 * PostgreSQL going away under a running server (`startServer` with a database URL, as `turnkeeper serve
 * --database-url` runs it), on a throwaway PostgreSQL halted mid-test: every request that needs the
 * database answers 503 `server/database-unavailable` with Retry-After (not 500 "a bug"), `/api/health`
 * answers 503 `{status: "unavailable", database: "unreachable"}` so a load balancer or compose notices,
 * and once PostgreSQL is back the same server answers again, health first, with nothing lost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describePostgres, startTestPostgres } from '../../store/testing.ts';
import type { TestPostgres } from '../../store/testing.ts';
import { startServer } from './server.ts';
import type { RunningServer } from './server.ts';

let pg: TestPostgres | undefined;
let server: RunningServer | undefined;
let dir = '';

interface Answer {
  readonly status: number;
  readonly json: Record<string, unknown>;
  readonly retryAfter: string | null;
}

async function call(method: string, path: string, key?: string, body?: unknown): Promise<Answer> {
  const r = await fetch(`${server!.url}${path}`, {
    signal: AbortSignal.timeout(30_000),
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: r.status, json: (await r.json()) as Record<string, unknown>, retryAfter: r.headers.get('retry-after') };
}

const hit = { type: 'damage', combatants: ['Ogre'], amount: 1 };

/** `/api/health` until it answers `status` (60 s at most: then its last answer). */
async function healthUntil(status: number): Promise<Answer> {
  const deadline = Date.now() + 60_000;
  let answer = await call('GET', '/api/health');
  while (answer.status !== status && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    answer = await call('GET', '/api/health');
  }
  return answer;
}

describePostgres('PostgreSQL down under a running server', () => {
  beforeAll(async () => {
    pg = await startTestPostgres();
    const url = await pg.createDatabase('down');
    dir = mkdtempSync(join(tmpdir(), 'turnkeeper-down-'));
    const quiet = { out: () => undefined, err: () => undefined };
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: dir, sync: 'normal', publicUrl: undefined, webRoot: '/nonexistent', logLevel: 'silent', databaseUrl: url }, quiet);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await pg?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('answers 503 server/database-unavailable with Retry-After, fails its health check, and recovers', async () => {
    const owner = server!.app.ownerToken;
    const created = await call('POST', '/api/encounters', owner, { rules: 'custom', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 100 }, { name: 'Ogre', hp: 100 }] });
    expect(created.status).toBe(201);
    const { id, gmKey, playerKey } = created.json as { id: string; gmKey: string; playerKey: string };
    let version = 0;
    for (let i = 0; i < 3; i++) {
      const r = await call('POST', `/api/encounters/${id}/commands`, gmKey, hit);
      expect(r.status).toBe(200);
      version = r.json.version as number;
    }
    expect(await call('GET', '/api/health')).toMatchObject({ status: 200, json: { status: 'ok', database: 'ok' } });

    await pg!.halt();
    const down = [
      await call('POST', `/api/encounters/${id}/commands`, gmKey, hit),
      await call('GET', `/api/encounters/${id}`, gmKey),
      await call('GET', `/api/encounters/${id}`, playerKey),
      await call('GET', `/api/encounters/${id}/log`, gmKey),
      await call('POST', '/api/encounters', owner, { rules: 'custom' }),
      await call('POST', `/api/encounters/${id}/commands`, gmKey, hit),
    ];
    for (const r of down) {
      expect({ status: r.status, code: r.json.code }).toEqual({ status: 503, code: 'server/database-unavailable' });
      expect(r.json.message).toMatch(/database cannot be reached/i);
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
    }
    // Health reuses its last answer for a second: it notices soon, not necessarily at once.
    const health = await healthUntil(503);
    expect(health).toMatchObject({ status: 503, json: { status: 'unavailable', database: 'unreachable' } });
    expect(Number(health.retryAfter)).toBeGreaterThan(0);

    await pg!.resume();
    // Health says when it is worth sending again (the pool reconnects on its own; no fixed wait).
    expect(await healthUntil(200)).toMatchObject({ status: 200, json: { status: 'ok', database: 'ok' } });
    const again = await call('POST', `/api/encounters/${id}/commands`, gmKey, hit);
    expect(again.status).toBe(200);
    // The refused commands wrote nothing: this one follows the last acknowledged one.
    expect((again.json.events as { seq: number }[])[0]!.seq).toBe(version + 1);
    const events = await call('GET', `/api/encounters/${id}/events`, gmKey);
    expect((events.json.events as { seq: number }[]).map((e) => e.seq)).toEqual(Array.from({ length: again.json.version as number }, (_, i) => i + 1));
  }, 180_000);
});
