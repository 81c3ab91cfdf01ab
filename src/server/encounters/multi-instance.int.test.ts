/**
 * Several real server processes (`turnkeeper serve --database-url postgres://...`) on one throwaway
 * PostgreSQL, each with a data folder of its own: they share the owner token; of two commands sent to
 * two instances with the same expected version exactly one wins and the other gets 409; GM tabs on both
 * instances sending commands without an expected version to one encounter all apply (a lost race is
 * decided again, never a 409 naming a version the client did not send); a player socket
 * on B receives every update of commands sent to A, in order, with no seq missing; and a SIGKILL of an
 * instance mid-burst loses no acknowledged command (and B's sockets still receive every committed one:
 * the notification is part of the commit). Where no PostgreSQL binaries exist, one test fails saying
 * how to install them.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StoredEvent } from '../../core/index.ts';
import { PostgresEventStore } from '../../store/index.ts';
import { describePostgres, startTestPostgres } from '../../store/testing.ts';
import type { TestPostgres } from '../../store/testing.ts';
import { connect } from '../test-kit.ts';
import { serveProcess } from '../start/testing.ts';
import type { Served } from '../start/testing.ts';
import type { Recorder } from '../test-kit.ts';

const children: ChildProcess[] = [];
const dirs: string[] = [];
const sockets: Recorder[] = [];
let server: TestPostgres | undefined;
let url = '';
let store: PostgresEventStore | undefined;

type Instance = Served;

/** `turnkeeper serve --port 0` on the test database, with a data folder of its own. */
function start(): Promise<Instance> {
  const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-multi-'));
  dirs.push(dir);
  return serveProcess(dir, children, { args: ['--database-url', url], env: { TURNKEEPER_DATABASE_URL: '' } });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function call(base: string, method: string, path: string, key: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const r = await fetch(`${base}${path}`, {
    signal: AbortSignal.timeout(10_000),
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

const fight = { rules: 'custom', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 1_000_000 }, { name: 'Ogre', hp: 1_000_000 }] };
const hit = (amount: number) => ({ type: 'damage', combatants: ['Ogre'], amount });

async function create(i: Instance): Promise<{ id: string; gmKey: string; playerKey: string }> {
  const r = await call(i.base, 'POST', '/api/encounters', i.owner, fight);
  expect(r.status).toBe(201);
  return r.json as { id: string; gmKey: string; playerKey: string };
}

async function open(i: Instance, id: string, key: string): Promise<Recorder> {
  const r = await connect(i.base, id, key);
  sockets.push(r);
  return r;
}

/** [from, seq] of each batch a socket received (after its first, the catch-up). */
const batches = (r: Recorder, type: string) => r.messages.filter((m) => m.type === type).map((m) => [m.from as number, m.seq as number] as const);

/** Every batch starts right after the one before. */
function expectContinuous(list: readonly (readonly [number, number])[], start: number, end: number): void {
  let last = start;
  for (const [from, seq] of list) {
    expect(from).toBe(last + 1);
    expect(seq).toBeGreaterThanOrEqual(from);
    last = seq;
  }
  expect(last).toBe(end);
}

describePostgres('several server processes on one PostgreSQL', () => {
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    server = await startTestPostgres();
    url = await server.createDatabase('multi');
    a = await start();
    b = await start();
    store = await PostgresEventStore.open(url);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets.splice(0)) s.close();
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await store?.close();
    await server?.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }, 60_000);

  it('shares the owner token, and of two commands with the same expected version exactly one wins', async () => {
    expect(b.owner).toBe(a.owner);
    const c = await create(a);
    for (let round = 0; round < 5; round++) {
      const v = (await call(b.base, 'GET', `/api/encounters/${c.id}`, c.gmKey)).json.view as { version: number };
      const both = await Promise.all([a, b].map((i, n) => call(i.base, 'POST', `/api/encounters/${c.id}/commands?expectedVersion=${v.version}`, c.gmKey, hit(n + 1))));
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const lost = both.find((r) => r.status === 409)!;
      const won = both.find((r) => r.status === 200)!;
      expect(lost.json).toMatchObject({ code: 'encounter/version-conflict', details: { expectedVersion: v.version, currentVersion: won.json.version } });
    }
    expect((await store!.getEncounter(c.id))?.version).toBe((await store!.readEvents(c.id)).length);
  });

  it('applies every command of GM tabs on both instances sent without expectedVersion: none fails for a race it could not see', async () => {
    const encounters = [await create(a), await create(b)];
    const watchers = await Promise.all(encounters.flatMap((e) => [a, b].map((i) => open(i, e.id, e.gmKey))));
    await Promise.all(watchers.map((w) => w.waitFor((m) => m.type === 'hello')));
    const answers = new Map<string, StoredEvent[][]>(encounters.map((e) => [e.id, []]));
    const refused: unknown[] = [];
    // Two tabs on each instance per encounter, each sending its next command as soon as the last is answered.
    const tab = async (e: { id: string; gmKey: string }, i: Instance, n: number) => {
      for (let k = 0; k < 40; ) {
        const r = await call(i.base, 'POST', `/api/encounters/${e.id}/commands`, e.gmKey, k % 3 === 2 ? { type: 'heal', combatants: ['Ogre'], amount: 1 } : hit(n + 1));
        if (r.status === 429) {
          // The shared per-key rate limit (20 a second): nothing was done; send it again.
          await new Promise((res) => setTimeout(res, Number((r.json.details as { retryAfterMs?: number } | undefined)?.retryAfterMs ?? 100)));
          continue;
        }
        if (r.status === 200) answers.get(e.id)!.push(r.json.events as StoredEvent[]);
        else refused.push(r.json);
        k++;
      }
    };
    await Promise.all(encounters.flatMap((e) => [a, a, b, b].map((i, n) => tab(e, i, n))));
    expect(refused).toEqual([]);
    for (const e of encounters) {
      const stored = await store!.readEvents(e.id);
      expect(stored.map((s) => s.seq)).toEqual(stored.map((_, k) => k + 1));
      const acked = answers.get(e.id)!;
      expect(acked).toHaveLength(160);
      for (const events of acked) for (const ev of events) expect(stored[ev.seq - 1]).toEqual(ev);
      // Nothing stored twice: the events before the tabs began, then exactly the answered ones.
      const mine = watchers.filter((_, k) => encounters[Math.floor(k / 2)] === e);
      const before = mine[0]!.messages.find((m) => m.type === 'hello')!.version as number;
      expect(stored.length).toBe(before + acked.reduce((n, events) => n + events.length, 0));
      for (const w of mine) {
        await w.waitFor((m) => m.type === 'events' && m.seq === stored.length, 10_000);
        expectContinuous(batches(w, 'events').slice(1), before, stored.length);
      }
    }
  }, 60_000);

  it("delivers every update of commands sent to A to a player socket on B, in order", async () => {
    const c = await create(a);
    const player = await open(b, c.id, c.playerKey);
    const gm = await open(b, c.id, c.gmKey);
    const hello = await player.waitFor((m) => m.type === 'hello');
    const start = hello.version as number;
    let last = start;
    for (let k = 0; k < 30; k++) {
      const r = await call(a.base, 'POST', `/api/encounters/${c.id}/commands`, c.gmKey, k % 5 === 4 ? { type: 'undo' } : hit(k + 1));
      expect(r.status).toBe(200);
      last = r.json.version as number;
    }
    await player.waitFor((m) => m.type === 'update' && m.seq === last, 10_000);
    await gm.waitFor((m) => m.type === 'events' && m.seq === last, 10_000);
    expectContinuous(batches(player, 'update').slice(1), start, last);
    expectContinuous(batches(gm, 'events').slice(1), start, last);
    // The GM socket on B received exactly the stored events.
    const seen = gm.messages.filter((m) => m.type === 'events').slice(1).flatMap((m) => m.events as StoredEvent[]);
    expect(seen).toEqual(await store!.readEvents(c.id, start));
  });

  it('loses no acknowledged command when an instance is SIGKILLed mid-burst', async () => {
    const victim = await start();
    const encounters = [await create(victim), await create(victim), await create(victim)];
    const watchers = await Promise.all(encounters.map((e) => open(b, e.id, e.gmKey)));
    await Promise.all(watchers.map((w) => w.waitFor((m) => m.type === 'hello')));
    const acked = new Map<string, StoredEvent[][]>(encounters.map((e) => [e.id, []]));
    let killed = false;
    let total = 0;
    const client = async (e: { id: string; gmKey: string }, n: number) => {
      for (let k = 0; !killed; k++) {
        let r;
        try {
          r = await call(victim.base, 'POST', `/api/encounters/${e.id}/commands`, e.gmKey, k % 2 === 0 ? hit(n + 1) : { type: 'heal', combatants: ['Vasquez', 'Ogre'], amount: 1 });
        } catch {
          return;
        }
        if (r.status === 200) {
          acked.get(e.id)!.push(r.json.events as StoredEvent[]);
          total++;
        } else if (r.status === 429) await new Promise((res) => setTimeout(res, 50));
        else if (r.status !== 409) throw new Error(`unexpected ${r.status}: ${JSON.stringify(r.json)}`);
      }
    };
    const running = encounters.flatMap((e) => [0, 1].map((n) => client(e, n)));
    const deadline = Date.now() + 10_000;
    while (total < 60 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    victim.child.kill('SIGKILL');
    killed = true;
    await Promise.all(running);
    await exited(victim.child);
    expect(total).toBeGreaterThanOrEqual(30);
    for (const [i, e] of encounters.entries()) {
      const stored = await store!.readEvents(e.id);
      expect(stored.map((s) => s.seq)).toEqual(stored.map((_, k) => k + 1));
      for (const events of acked.get(e.id)!) for (const ev of events) expect(stored[ev.seq - 1]).toEqual(ev);
      // B's socket receives every committed batch, even those whose answer died with the instance.
      const w = watchers[i]!;
      await w.waitFor((m) => m.type === 'events' && m.seq === stored.length, 10_000);
      const start = w.messages.find((m) => m.type === 'hello')!.version as number;
      expectContinuous(batches(w, 'events').slice(1), start, stored.length);
      // And B takes commands on them at once.
      expect((await call(b.base, 'POST', `/api/encounters/${e.id}/commands?expectedVersion=${stored.length}`, e.gmKey, { type: 'note', text: 'after the crash' })).status).toBe(200);
    }
  }, 60_000);
});
