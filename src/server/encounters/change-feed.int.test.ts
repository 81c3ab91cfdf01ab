/**
 * Two apps in this process, each with its own PostgreSQL store (pool) and change feed, on one throwaway
 * database: what one instance commits reaches the other's sockets in seq order, reads never serve a
 * stale copy, row changes (settings, keys, deletion) and requests cross over, a lost race is decided
 * again, a dropped LISTEN connection is replaced and caught up, and a key's rate limit is one for all.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { PostgresChangeFeed } from '../../store/index.ts';
import { PostgresEventStore } from '../../store/index.ts';
import { PostgresRateLimiter } from '../../store/index.ts';
import { describePostgres, startTestPostgres } from '../../store/testing.ts';
import type { TestPostgres } from '../../store/testing.ts';
import { connect, listen, testApp } from '../test-kit.ts';
import type { Recorder, TestApp } from '../test-kit.ts';

const fight = {
  rules: 'swn',
  seed: 3,
  combatants: [
    { name: 'Vasquez', kind: 'pc', stats: { hp: 1000 } },
    { name: 'Pirate', stats: { hp: 1000 } },
  ],
};

interface Instance {
  readonly t: TestApp;
  readonly base: string;
  readonly store: PostgresEventStore;
  readonly feed: PostgresChangeFeed;
  readonly name: string;
}

let server: TestPostgres | undefined;
const sockets: Recorder[] = [];
const running: Instance[] = [];
let n = 0;

describePostgres('instances on one PostgreSQL (change feed)', () => {
  beforeAll(async () => {
    server = await startTestPostgres();
  }, 90_000);
  afterAll(async () => server?.stop());
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.close();
    for (const i of running.splice(0)) {
      await i.t.close();
      await i.feed.close();
      await i.store.close();
    }
  });

  async function pair(options: Parameters<typeof testApp>[0] = {}): Promise<[Instance, Instance]> {
    const url = await server!.createDatabase(`feed_${++n}`);
    const start = async (name: string): Promise<Instance> => {
      const store = await PostgresEventStore.open(url, { applicationName: name });
      const feed = await PostgresChangeFeed.open(url, { instanceId: name, retryMs: 20, onError: () => {} });
      const t = await testApp({ store, feed, rateBuckets: (limit, rate, burst) => new PostgresRateLimiter(store.pool, limit, rate, burst), ...options });
      const i = { t, base: await listen(t), store, feed, name };
      running.push(i);
      return i;
    };
    return [await start(`tk-a${n}`), await start(`tk-b${n}`)];
  }

  async function open(i: Instance, id: string, key: string, after?: number): Promise<Recorder> {
    const r = await connect(i.base, id, key, after);
    sockets.push(r);
    return r;
  }

  const updates = (r: Recorder, type: string) => r.messages.filter((m) => m.type === type).map((m) => [m.from, m.seq]);
  const version = async (i: Instance, id: string, key: string) => (await i.t.call('GET', `/api/encounters/${id}`, { key })).json<{ view: { version: number } }>().view.version;

  it("publishes A's commands to B's sockets in order, and B's reads are never behind", async () => {
    const [a, b] = await pair();
    const c = await a.t.create(fight);
    const player = await open(b, c.id, c.playerKey);
    const gm = await open(b, c.id, c.gmKey);
    const start = await version(b, c.id, c.gmKey);
    await player.waitFor((m) => m.type === 'update' && m.seq === start);
    for (let k = 0; k < 10; k++) {
      const r = await a.t.command(c.id, c.gmKey, { type: 'damage', combatants: ['Pirate'], amount: 1 });
      // Read on B at once, without waiting for the notification.
      expect(await version(b, c.id, c.gmKey)).toBe(r.version);
    }
    await player.waitFor((m) => m.type === 'update' && m.seq === start + 10);
    await gm.waitFor((m) => m.type === 'events' && m.seq === start + 10);
    const seqs = updates(player, 'update').slice(1);
    expect(seqs).toEqual(Array.from({ length: 10 }, (_, k) => [start + k + 1, start + k + 1]));
    expect(updates(gm, 'events').slice(1)).toEqual(seqs);
    // B takes commands on the copy it caught up.
    await b.t.command(c.id, c.gmKey, { type: 'note', text: 'from B' }, `?expectedVersion=${start + 10}`);
  });

  it("folds A's appends on B from the notifications, without reading the store, and B's commands use that copy", async () => {
    const [a, b] = await pair();
    const c = await a.t.create(fight);
    const player = await open(b, c.id, c.playerKey);
    const start = await version(b, c.id, c.gmKey);
    await player.waitFor((m) => m.type === 'update' && m.seq === start);
    const reads = { rows: 0, events: 0 };
    const getEncounter = b.store.getEncounter.bind(b.store);
    const readEvents = b.store.readEvents.bind(b.store);
    b.store.getEncounter = (id) => (reads.rows++, getEncounter(id));
    b.store.readEvents = (id, after, upTo) => (reads.events++, readEvents(id, after, upTo));
    for (let k = 0; k < 5; k++) await a.t.command(c.id, c.gmKey, { type: 'damage', combatants: ['Pirate'], amount: 1 });
    await player.waitFor((m) => m.type === 'update' && m.seq === start + 5);
    expect(reads).toEqual({ rows: 0, events: 0 });
    // B's own commands: its copy, no read; appended with the version it holds.
    await b.t.command(c.id, c.gmKey, { type: 'note', text: 'from B' });
    expect(reads).toEqual({ rows: 0, events: 0 });
    // A client that saw a version on A which B has not heard of yet: B catches up first, no 409.
    const onA = await a.t.command(c.id, c.gmKey, { type: 'note', text: 'from A' });
    const onB = await b.t.call('POST', `/api/encounters/${c.id}/commands?expectedVersion=${onA.version}`, { key: c.gmKey, body: { type: 'note', text: 'after A' } });
    expect(onB.status).toBe(200);
    const seqs = updates(player, 'update').slice(1) as [number, number][];
    expect(seqs.map(([from]) => from)).toEqual(Array.from({ length: seqs.length }, (_, k) => start + k + 1));
  });

  it('decides again after losing a race, and answers 409 when the client named the version', async () => {
    const [a, b] = await pair();
    const c = await a.t.create(fight);
    const v = await version(b, c.id, c.gmKey);
    await version(a, c.id, c.gmKey);
    const both = await Promise.all(
      [a, b].map((i) => i.t.call('POST', `/api/encounters/${c.id}/commands?expectedVersion=${v}`, { key: c.gmKey, body: { type: 'note', text: i.name } })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const acked: number[] = [];
    const send = async (i: Instance, k: number) => {
      const r = await i.t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body: { type: 'damage', combatants: ['Pirate'], amount: 1 + (k % 3) } });
      if (r.status === 200) acked.push(...r.json<{ events: { seq: number }[] }>().events.map((e) => e.seq));
      else expect(r.json()).toMatchObject({ code: 'encounter/version-conflict' });
    };
    await Promise.all(Array.from({ length: 20 }, (_, k) => send(k % 2 === 0 ? a : b, k)));
    const stored = await a.store.readEvents(c.id);
    expect(stored.map((e) => e.seq)).toEqual(stored.map((_, k) => k + 1));
    for (const seq of acked) expect(stored[seq - 1]).toBeDefined();
    expect(acked.length).toBeGreaterThanOrEqual(15);
  });

  it('carries settings, key rotations, requests and deletions across', async () => {
    const [a, b] = await pair();
    const c = await a.t.create(fight);
    const gmOnB = await open(b, c.id, c.gmKey);
    const playerOnB = await open(b, c.id, c.playerKey);
    await playerOnB.waitFor((m) => m.type === 'update');
    // A player asks on B; the GM's socket on A hears of it.
    const gmOnA = await open(a, c.id, c.gmKey);
    await gmOnA.waitFor((m) => m.type === 'hello');
    const asked = await b.t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body: { kind: 'initiative', combatant: 'Vasquez', dice: [5] } });
    expect(asked.status).toBe(201);
    await gmOnA.waitFor((m) => m.type === 'request');
    expect((await a.t.call('POST', `/api/encounters/${c.id}/requests/1/accept`, { key: c.gmKey })).status).toBe(200);
    await playerOnB.waitFor((m) => m.type === 'request' && (m.request as { status: string }).status === 'accepted');
    // Settings changed on A reach B's GM socket.
    expect((await a.t.call('PATCH', `/api/encounters/${c.id}/settings`, { key: c.gmKey, body: { autoAccept: { initiative: true } } })).status).toBe(200);
    await gmOnB.waitFor((m) => m.type === 'settings');
    // Rotating the player key on A closes the player's socket on B, and B refuses the old key.
    const rotated = await a.t.call('POST', `/api/encounters/${c.id}/keys`, { key: c.gmKey, body: { rotate: 'player' } });
    expect(rotated.status).toBe(200);
    expect((await playerOnB.closed).reason).toBe('key-rotated');
    expect((await b.t.call('GET', `/api/encounters/${c.id}`, { key: c.playerKey })).status).toBe(404);
    // Deleting on A closes B's sockets.
    expect((await a.t.call('DELETE', `/api/encounters/${c.id}`, { key: 'tko_test-owner-token-0123456789abcdef' })).status).toBeLessThan(300);
    expect((await gmOnB.closed).reason).toBe('deleted');
  });

  it('reconnects a dropped LISTEN connection and catches up what it missed', async () => {
    const [a, b] = await pair();
    const c = await a.t.create(fight);
    const player = await open(b, c.id, c.playerKey);
    const start = await version(a, c.id, c.gmKey);
    await player.waitFor((m) => m.type === 'update' && m.seq === start);
    const before = b.feed.connections;
    await a.store.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [`${b.name}-listen`]);
    // Commands while B is deaf: nobody reads on B, yet its socket receives them once the feed is back.
    for (let k = 0; k < 3; k++) await a.t.command(c.id, c.gmKey, { type: 'damage', combatants: ['Pirate'], amount: 1 });
    await player.waitFor((m) => m.type === 'update' && m.seq === start + 3);
    expect(b.feed.connections).toBeGreaterThan(before);
    // One batch or several, but every seq once and in order.
    const seqs = updates(player, 'update').slice(1) as [number, number][];
    expect(seqs.map(([from], k) => from - (k === 0 ? start : seqs[k - 1]![1]))).toEqual(seqs.map(() => 1));
    expect(seqs.at(-1)![1]).toBe(start + 3);
  });

  it('catches up an append whose announcement never came (its writer died between the commit and the announcement)', async () => {
    const [a, b] = await pair();
    const c = await a.t.create(fight);
    const player = await open(b, c.id, c.playerKey);
    const start = await version(a, c.id, c.gmKey);
    await player.waitFor((m) => m.type === 'update' && m.seq === start);
    // A commits and falls silent before announcing: as if it died then.
    const announce = a.store.announcer.announce.bind(a.store.announcer);
    a.store.announcer.announce = () => {};
    const r = await a.t.command(c.id, c.gmKey, { type: 'damage', combatants: ['Pirate'], amount: 1 });
    a.store.announcer.announce = announce;
    expect(r.version).toBe(start + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(updates(player, 'update').slice(1)).toEqual([]);
    // B's periodic check of the versions it holds (every 2 s) finds it and publishes it, once.
    await player.waitFor((m) => m.type === 'update' && m.seq === start + 1, 5000);
    await b.t.app.context.service.checkHeld();
    await a.t.command(c.id, c.gmKey, { type: 'damage', combatants: ['Pirate'], amount: 1 });
    await player.waitFor((m) => m.type === 'update' && m.seq === start + 2);
    expect(updates(player, 'update').slice(1)).toEqual([
      [start + 1, start + 1],
      [start + 2, start + 2],
    ]);
  });

  it("shares a key's rate limit between the instances", async () => {
    const [a, b] = await pair({ limits: { commandsPerSecond: 0.1, commandBurst: 4 } });
    const c = await a.t.create(fight);
    const statuses: number[] = [];
    for (const i of [a, b, a, b, a, b]) statuses.push((await i.t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body: { type: 'note', text: 'x' } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = await b.t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body: { type: 'note', text: 'x' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another key has its own bucket.
    expect((await a.t.call('POST', `/api/encounters/${c.id}/commands`, { key: 'tko_test-owner-token-0123456789abcdef', body: { type: 'note', text: 'y' } })).status).toBe(200);
  });
});
