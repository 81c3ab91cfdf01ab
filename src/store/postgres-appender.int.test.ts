/**
 * Group commit on PostgreSQL (postgres-appender.ts, migration 7's turnkeeper_append_quiet) against a
 * real server: appends arriving together share a statement, each still gets its own answer, two
 * instances' batches over the same encounters never deadlock, and the notification, sent after the
 * commit (postgres-announcer.ts), carries the events, in commit order.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StoredEvent } from '../core/index.ts';
import { encounterRecord, events } from './conformance-fixtures.ts';
import { parseChange } from './postgres-change-feed.ts';
import { NOTIFY_EVENTS_MAX } from './postgres-append-sql.ts';
import { openPostgresEventStore } from './postgres-event-store.ts';
import type { PostgresEventStore } from './postgres-event-store.ts';
import { describePostgres, startTestPostgres } from './postgres-testing.ts';
import type { TestPostgres } from './postgres-testing.ts';

const AT = '2026-01-01T00:00:00.000Z';

describePostgres('postgres group commit', () => {
  let server: TestPostgres;
  let schemas = 0;
  const open: PostgresEventStore[] = [];
  const store = async (url?: string, maxInFlight = 1): Promise<[PostgresEventStore, string]> => {
    const u = url ?? (await server.createSchema(`g${++schemas}`));
    const s = await openPostgresEventStore(u, { applicationName: `tk-${schemas}-${open.length}`, appends: { maxInFlight } });
    open.push(s);
    return [s, u];
  };
  const fights = async (s: PostgresEventStore, n: number, prefix = 'f'): Promise<string[]> => {
    const ids = Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);
    for (const id of ids) await s.createEncounter(encounterRecord(id), events(1, 1), AT);
    return ids;
  };

  beforeAll(async () => {
    server = await startTestPostgres();
  }, 120_000);
  afterAll(async () => {
    for (const s of open) await s.close();
    await server?.stop();
  });

  it('puts appends that arrive together in one statement, each committed with its own version', async () => {
    const [s] = await store();
    const ids = await fights(s, 20);
    const before = { ...s.appender.stats };
    const versions = await Promise.all(ids.map((id, i) => s.append(id, 1, events(2, 1 + (i % 3)), AT, { progress: { status: 'running', round: i } })));
    expect(versions.map((v) => v.version)).toEqual(ids.map((_, i) => 2 + (i % 3)));
    const statements = s.appender.stats.statements - before.statements;
    // One statement in flight at a time: the first goes alone, the other 19 wait and go together.
    expect(statements).toBeLessThanOrEqual(3);
    for (const [i, id] of ids.entries()) {
      expect((await s.readEvents(id)).map((e) => e.seq)).toEqual(Array.from({ length: 2 + (i % 3) }, (_, k) => k + 1));
      expect((await s.getEncounter(id))?.progress).toEqual({ status: 'running', round: i });
    }
  });

  it('answers each append of a batch on its own: a conflict, a missing fight, a request not pending, a failed insert', async () => {
    const [s] = await store();
    const ids = await fights(s, 6);
    const broken = { seq: 2, cmd: 2, event: { text: 'no type' } } as unknown as StoredEvent;
    const outcomes = await Promise.allSettled([
      s.append(ids[0]!, 1, events(2, 1), AT),
      s.append(ids[1]!, 0, events(1, 1), AT), // stale: the fight is at 1
      s.append('nowhere', 0, events(1, 1), AT),
      s.append(ids[2]!, 1, events(2, 1), AT, { resolveRequest: { id: 7, result: {} } }),
      s.append(ids[3]!, 1, [broken], AT), // the events table refuses a null type: the whole statement fails
      s.append(ids[4]!, 1, events(2, 2), AT),
    ]);
    const codes = outcomes.map((o) => (o.status === 'fulfilled' ? o.value.version : (o.reason as { code?: string }).code));
    expect(codes[0]).toBe(2);
    expect(codes[1]).toBe('store/version-conflict');
    expect(codes[2]).toBe('store/not-found');
    expect(codes[3]).toBe('store/request-not-pending');
    expect(codes[4]).toBe('23502');
    expect(codes[5]).toBe(3);
    // Nothing of the refused ones was written.
    for (const id of [ids[1]!, ids[2]!, ids[3]!]) expect((await s.getEncounter(id))?.version).toBe(1);
  });

  it("never deadlocks when two instances' batches lock the same fights", async () => {
    const [a, url] = await store(undefined, 2);
    const [b] = await store(url, 2);
    const ids = await fights(a, 12);
    // Each instance appends to every fight, in opposite orders, again and again; conflicts are retried as the service does.
    const writer = async (s: PostgresEventStore, order: string[], rounds: number) => {
      for (let r = 0; r < rounds; r++) {
        await Promise.all(
          order.map(async (id) => {
            for (;;) {
              const v = (await s.getEncounter(id))!.version;
              try {
                return await s.append(id, v, events(v + 1, 1), AT);
              } catch (e) {
                if ((e as { code?: string }).code !== 'store/version-conflict') throw e;
              }
            }
          }),
        );
      }
    };
    await Promise.all([writer(a, ids, 5), writer(b, [...ids].reverse(), 5)]);
    for (const id of ids) {
      const stored = await a.readEvents(id);
      expect(stored.map((e) => e.seq)).toEqual(Array.from({ length: 11 }, (_, k) => k + 1));
    }
  }, 60_000);

  it('announces an append with its events and progress, and without them when they do not fit', async () => {
    const [s, url] = await store();
    const [id] = await fights(s, 1);
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const payloads: string[] = [];
    listener.on('notification', (n) => payloads.push(n.payload ?? ''));
    await listener.query('LISTEN turnkeeper_changes');
    const schema = (await listener.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
    try {
      const small = events(2, 2);
      await s.append(id!, 1, small, AT, { progress: { status: 'running', round: 1 } });
      const big: StoredEvent[] = [{ seq: 4, cmd: 3, event: { type: 'note-added', text: 'x'.repeat(NOTIFY_EVENTS_MAX), gmOnly: false } }];
      await s.append(id!, 3, big, AT);
      await expect.poll(() => payloads.length).toBe(2);
      const first = parseChange(payloads[0], schema, undefined);
      expect(first).toEqual({ encounterId: id, version: 3, events: small, progress: { status: 'running', round: 1 } });
      // The events read back exactly as the store keeps them.
      expect(first?.events).toEqual((await s.readEvents(id!)).slice(1, 3));
      expect(parseChange(payloads[1], schema, undefined)).toEqual({ encounterId: id, version: 4 });
      // Another writer's own changes are not delivered to it.
      expect(parseChange(payloads[0], schema, JSON.parse(payloads[0]!).a)).toBeUndefined();
    } finally {
      await listener.end();
    }
  });

  it('announces an encounter\'s appends in the order they committed, after the commit', async () => {
    const [s, url] = await store(undefined, 2);
    const [id] = await fights(s, 1);
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const versions: number[] = [];
    listener.on('notification', (n) => versions.push(JSON.parse(n.payload ?? '{}').v));
    await listener.query('LISTEN turnkeeper_changes');
    try {
      for (let v = 1; v <= 30; v++) {
        await s.append(id!, v, events(v + 1, 1), AT);
        // Committed before it is announced: once answered, the row has it, whether or not the notice is out.
        expect((await s.getEncounter(id!))?.version).toBe(v + 1);
      }
      await s.announcer.idle();
      await expect.poll(() => versions.length).toBe(30);
      expect(versions).toEqual(Array.from({ length: 30 }, (_, k) => k + 2));
    } finally {
      await listener.end();
    }
  });

  it('commits announcements without waiting for the disk, and only them', async () => {
    const [, url] = await store();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      // As a durable deployment runs (the test server itself does not wait for the disk).
      await c.query('SET synchronous_commit = on');
      await c.query('BEGIN');
      await c.query('SELECT turnkeeper_announce($1)', [[]]);
      expect((await c.query('SHOW synchronous_commit')).rows[0].synchronous_commit).toBe('off');
      await c.query('COMMIT');
      // The setting went with the announcement's transaction: the connection's next one is durable.
      expect((await c.query('SHOW synchronous_commit')).rows[0].synchronous_commit).toBe('on');
    } finally {
      await c.end();
    }
  });

  it('keeps migration 6\'s turnkeeper_append, which still announces itself, for an instance of the previous release', async () => {
    const [s, url] = await store();
    const [id] = await fights(s, 1);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const payloads: string[] = [];
    c.on('notification', (n) => payloads.push(n.payload ?? ''));
    await c.query('LISTEN turnkeeper_changes');
    try {
      const [{ r_status, r_version }] = (
        await c.query('SELECT r_status, r_version FROM turnkeeper_append($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)', [
          [id], [1], [null], [null], [null], [AT], [1], [1], [2], [2], ['note-added'], [JSON.stringify({ type: 'note-added', text: 'old', gmOnly: false })],
        ])
      ).rows;
      expect({ r_status, r_version: Number(r_version) }).toEqual({ r_status: 0, r_version: 2 });
      await expect.poll(() => payloads.length).toBe(1);
      expect(JSON.parse(payloads[0]!)).toMatchObject({ e: id, v: 2 });
    } finally {
      await c.end();
    }
  });
});
