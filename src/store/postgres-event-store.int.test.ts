/**
 * The PostgreSQL adapter against a real server: one throwaway PostgreSQL for the file (started from the
 * system binaries by `postgres-testing.ts`, a failing test saying how to install them where there are none), a
 * fresh schema per test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignEvents, campaignRecord } from './conformance-fixtures.ts';
import { encounterRecord, events, runEventStoreConformance } from './conformance.ts';
import { isEncounterLimit, isVersionConflict } from './event-store.ts';
import { migratePostgres, openPostgresEventStore, postgresMigrations } from './postgres-event-store.ts';
import type { PostgresEventStore } from './postgres-event-store.ts';
import { createPool } from './postgres-rows.ts';
import { describePostgres, startTestPostgres } from './postgres-testing.ts';
import type { TestPostgres } from './postgres-testing.ts';

const AT = '2026-01-01T00:00:00.000Z';

describePostgres('postgres event store', () => {
  let server: TestPostgres;
  let schemas = 0;
  /** A URL to a new, empty schema of the test server. */
  const freshUrl = (): Promise<string> => server.createSchema(`t${++schemas}`);

  beforeAll(async () => {
    server = await startTestPostgres();
    console.info(`Test PostgreSQL started in ${Math.round(server.startupMs)} ms.`);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  runEventStoreConformance('postgres', async () => {
    const url = await freshUrl();
    let store = await openPostgresEventStore(url);
    return {
      get store() {
        return store;
      },
      reopen: async () => {
        await store.close();
        store = await openPostgresEventStore(url);
        return store;
      },
      another: () => openPostgresEventStore(url),
    };
  });

  /** Runs `body` with `count` stores on one fresh schema (each its own pool), closing them after. */
  async function withStores(count: number, body: (stores: PostgresEventStore[], url: string) => Promise<void>): Promise<void> {
    const url = await freshUrl();
    const stores: PostgresEventStore[] = [];
    try {
      for (let i = 0; i < count; i++) stores.push(await openPostgresEventStore(url));
      await body(stores, url);
    } finally {
      for (const s of stores) await s.close();
    }
  }

  describe('postgres specifics', () => {
    it('lets exactly one of two appends win when two pools (two instances) race on one stream, round after round', async () => {
      await withStores(2, async ([a, b]) => {
        await a!.createEncounter(encounterRecord('e1'), events(1, 1), AT);
        await a!.createCampaign(campaignRecord('c1'), campaignEvents(1, 1), AT);
        let version = 1;
        let campaignVersion = 1;
        for (let round = 0; round < 15; round++) {
          const results = await Promise.allSettled([
            a!.append('e1', version, events(version + 1, 2, 100 + round), AT),
            b!.append('e1', version, events(version + 1, 3, 200 + round), AT),
            a!.appendCampaign('c1', campaignVersion, campaignEvents(campaignVersion + 1, 1, 100 + round), AT),
            b!.appendCampaign('c1', campaignVersion, campaignEvents(campaignVersion + 1, 2, 200 + round), AT),
          ]);
          for (const pair of [results.slice(0, 2), results.slice(2)]) {
            expect(pair.filter((r) => r.status === 'fulfilled').length).toBe(1);
            expect(isVersionConflict((pair.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason)).toBe(true);
          }
          const won = (results.slice(0, 2).find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ version: number }>).value.version;
          const wonCampaign = (results.slice(2).find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ version: number }>).value.version;
          expect((await b!.getEncounter('e1'))?.version).toBe(won);
          expect((await a!.getCampaign('c1'))?.version).toBe(wonCampaign);
          // All of the winner's events, none of the loser's: one command number, seqs in a row.
          for (const stored of [await b!.readEvents('e1', version), await a!.readCampaignEvents('c1', campaignVersion)]) {
            expect(new Set(stored.map((e) => e.cmd)).size).toBe(1);
            expect(stored.map((e) => e.seq)).toEqual(Array.from({ length: stored.length }, (_, i) => stored[0]!.seq + i));
          }
          version = won;
          campaignVersion = wonCampaign;
        }
        expect((await a!.readEvents('e1')).map((e) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1));
      });
    });

    it('never passes the cap: 50 concurrent creates over two pools with 10 places left, exactly 10 succeed', async () => {
      await withStores(2, async (stores) => {
        for (let i = 0; i < 90; i++) await stores[0]!.createEncounter(encounterRecord(`seed${i}`), [], AT);
        const cap = { maxEncounters: 100 };
        const results = await Promise.allSettled(
          Array.from({ length: 50 }, (_, i) => stores[i % 2]!.createEncounter(encounterRecord(`new${i}`), events(1, 2), AT, cap)),
        );
        const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(refused.every((r) => isEncounterLimit(r.reason))).toBe(true);
        expect(results.length - refused.length).toBe(10);
        expect(await stores[1]!.countEncounters()).toBe(100);
        // The refused ones wrote no events either.
        const { rows } = await stores[0]!.pool.query<{ n: number }>("SELECT count(DISTINCT encounter_id) AS n FROM events WHERE encounter_id LIKE 'new%'");
        expect(rows[0]!.n).toBe(10);
      });
    });

    it('refuses to rewrite, delete or truncate stored events, even by hand; deleting the stream still works', async () => {
      await withStores(1, async ([store]) => {
        const db = store!.pool;
        await store!.createEncounter(encounterRecord('e1'), events(1, 2), AT);
        await store!.createCampaign(campaignRecord('c1'), campaignEvents(1, 2), AT);
        await expect(db.query("UPDATE events SET data = '{}' WHERE encounter_id = 'e1'")).rejects.toThrow(/events are append-only/);
        await expect(db.query("DELETE FROM events WHERE encounter_id = 'e1'")).rejects.toThrow(/append-only: delete the encounter instead/);
        await expect(db.query('TRUNCATE events')).rejects.toThrow(/append-only/);
        await expect(db.query("UPDATE campaign_events SET seq = 9 WHERE campaign_id = 'c1'")).rejects.toThrow(/campaign events are append-only/);
        await expect(db.query("DELETE FROM campaign_events WHERE campaign_id = 'c1'")).rejects.toThrow(/delete the campaign instead/);
        await expect(db.query('TRUNCATE campaign_events')).rejects.toThrow(/append-only/);
        expect(await store!.readEvents('e1')).toEqual(events(1, 2));
        expect(await store!.readCampaignEvents('c1')).toEqual(campaignEvents(1, 2));
        // A raw insert that skips the version check hits the primary key ...
        await expect(db.query("INSERT INTO events VALUES ('e1', 2, 9, 'x', '{}', 'now')")).rejects.toMatchObject({ code: '23505' });
        // ... and a stray row past the version (a writer that skipped the row lock) turns an append into a conflict.
        await db.query("INSERT INTO events VALUES ('e1', 3, 9, 'x', '{\"type\":\"x\"}', 'now')");
        const e = await store!.append('e1', 2, events(3, 1), AT).catch((x: unknown) => x);
        expect(e).toMatchObject({ code: 'store/version-conflict', encounterId: 'e1', expectedVersion: 2, actualVersion: 2 });
        expect(await store!.deleteEncounter('e1')).toBe(true);
        expect(await store!.deleteCampaign('c1')).toBe(true);
        const left = await db.query<{ n: number }>('SELECT (SELECT count(*) FROM events) + (SELECT count(*) FROM campaign_events) AS n');
        expect(left.rows[0]!.n).toBe(0);
      });
    });

    it('applies the migrations once: idempotent on reopen, and instances opening together take turns', async () => {
      const url = await freshUrl();
      const opened = await Promise.all(Array.from({ length: 4 }, () => openPostgresEventStore(url)));
      const applied = async (): Promise<number[]> =>
        (await opened[0]!.pool.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map((r) => r.version);
      expect(await applied()).toEqual(postgresMigrations.map((m) => m.version));
      await opened[1]!.createEncounter(encounterRecord('e1'), events(1, 2), AT);
      for (const s of opened.slice(1)) await s.close();
      const again = await openPostgresEventStore(url);
      expect(await migratePostgres(again.pool)).toBe(postgresMigrations.length);
      expect(await applied()).toEqual(postgresMigrations.map((m) => m.version));
      expect(await again.readEvents('e1')).toEqual(events(1, 2));
      await again.close();
      await opened[0]!.close();
      await opened[0]!.close();
    });

    it('migrates a version-2 schema: its campaigns keep everything, with no key hashes yet', async () => {
      const url = await freshUrl();
      const pool = createPool(url);
      try {
        expect(await migratePostgres(pool, postgresMigrations.filter((m) => m.version <= 2))).toBe(2);
        await pool.query("INSERT INTO campaigns (id, title, rules, created_at, archived, version) VALUES ('old', 'Sector 7', 'swn', $1, true, 0)", [AT]);
      } finally {
        await pool.end();
      }
      const store = await openPostgresEventStore(url);
      try {
        const columns = await store.pool.query<{ column_name: string; data_type: string; is_nullable: string }>(
          `SELECT column_name, data_type, is_nullable FROM information_schema.columns
           WHERE table_schema = current_schema() AND table_name = 'campaigns' AND column_name LIKE '%key_hash' ORDER BY column_name`,
        );
        expect(columns.rows).toEqual([
          { column_name: 'player_key_hash', data_type: 'text', is_nullable: 'YES' },
          { column_name: 'tv_key_hash', data_type: 'text', is_nullable: 'YES' },
        ]);
        expect(await store.getCampaign('old')).toEqual({ id: 'old', title: 'Sector 7', rules: 'swn', createdAt: AT, archived: true, version: 0, playerKeyHash: null, tvKeyHash: null });
        expect(await store.setCampaignKeys('old', { playerKeyHash: 'e'.repeat(64) })).toMatchObject({ playerKeyHash: 'e'.repeat(64), tvKeyHash: null });
      } finally {
        await store.close();
      }
    });

    it('stores event JSON as the exact text it was given, key order included', async () => {
      await withStores(1, async ([store]) => {
        const event = { type: 'x/order' as const, zeta: 1, alpha: { y: [3, 2, 1], b: '\u0000\ud800' }, mid: 1.5e-7 };
        await store!.createEncounter(encounterRecord('e1'), [{ seq: 1, cmd: 1, event }], AT);
        const [read] = await store!.readEvents('e1');
        expect(JSON.stringify(read!.event)).toBe(JSON.stringify(event));
        const { rows } = await store!.pool.query<{ data: string }>("SELECT data::text AS data FROM events WHERE encounter_id = 'e1'");
        expect(rows[0]!.data).toBe(JSON.stringify(event));
      });
    });

    it('keeps stores in two schemas of one database apart', async () => {
      await withStores(1, async ([one]) => {
        const other = await openPostgresEventStore(await freshUrl());
        try {
          await one!.createEncounter(encounterRecord('e1'), events(1, 1), AT);
          expect(await other.getEncounter('e1')).toBeUndefined();
          expect(await other.countEncounters()).toBe(0);
        } finally {
          await other.close();
        }
      });
    });

    it('fails to open an unreachable database with the driver error', async () => {
      await expect(openPostgresEventStore('postgres://nobody@127.0.0.1:1/none')).rejects.toThrow(/ECONNREFUSED|connect/);
    });
  });
});
