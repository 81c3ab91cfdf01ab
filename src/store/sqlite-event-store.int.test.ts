import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { campaignEvents, campaignRecord } from './conformance-fixtures.ts';
import { encounterRecord, events, runEventStoreConformance } from './conformance.ts';
import { CampaignExistsError, CampaignNotFoundError, VersionConflictError, isVersionConflict } from './event-store.ts';
import { ThreadedSqliteEventStore } from './sqlite-thread.ts';
import { SqliteEventStore, migrate } from './sqlite-event-store.ts';
import { sqliteMigrations } from './migrations.ts';

function tempFile(): { path: string; cleanup: () => Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-store-'));
  return { path: join(dir, 'turnkeeper.db'), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

runEventStoreConformance('sqlite', async () => {
  const { path, cleanup } = tempFile();
  let store = new SqliteEventStore(path);
  return {
    get store() {
      return store;
    },
    reopen: async () => {
      await store.close();
      store = new SqliteEventStore(path);
      return store;
    },
    another: async () => new SqliteEventStore(path),
    cleanup,
  };
});

runEventStoreConformance('sqlite on a worker thread', async () => {
  const { path, cleanup } = tempFile();
  let store = await ThreadedSqliteEventStore.open(path);
  return {
    get store() {
      return store;
    },
    reopen: async () => {
      await store.close();
      store = await ThreadedSqliteEventStore.open(path);
      return store;
    },
    another: () => ThreadedSqliteEventStore.open(path),
    cleanup,
  };
});

describe('sqlite event store on a worker thread', () => {
  it('rebuilds the store errors, and refuses calls once closed', async () => {
    const { path, cleanup } = tempFile();
    const store = await ThreadedSqliteEventStore.open(path);
    await store.createEncounter(encounterRecord('e1'), events(1, 1), '2026-01-01T00:00:00.000Z');
    const e = await store.append('e1', 0, events(1, 1), 'x').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(VersionConflictError);
    expect(e).toMatchObject({ encounterId: 'e1', expectedVersion: 0, actualVersion: 1 });
    await expect(store.append('e1', 1, events(3, 1), 'x')).rejects.toMatchObject({ code: 'store/bad-sequence' });
    await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 1), 'x');
    const c = await store.appendCampaign('c1', 0, campaignEvents(1, 1), 'x').catch((x: unknown) => x);
    expect(c).toBeInstanceOf(VersionConflictError);
    expect(c).toMatchObject({ encounterId: 'c1', subject: 'campaign', expectedVersion: 0, actualVersion: 1 });
    expect((c as Error).message).toMatch(/^Campaign c1/);
    await expect(store.createCampaign(campaignRecord('c1'), [], 'x')).rejects.toBeInstanceOf(CampaignExistsError);
    await expect(store.appendCampaign('ghost', 0, [], 'x')).rejects.toBeInstanceOf(CampaignNotFoundError);
    await expect(store.createEncounter(encounterRecord('e2', { campaignId: 'ghost' }), [], 'x')).rejects.toMatchObject({ campaignId: 'ghost' });
    await store.close();
    await expect(store.getEncounter('e1')).rejects.toMatchObject({ code: 'store/closed' });
    await cleanup();
  });

  it('fails to open an impossible path with a clear error', async () => {
    await expect(ThreadedSqliteEventStore.open('/nonexistent-dir/for/turnkeeper.db')).rejects.toThrow(/directory|open/i);
  });
});

describe('sqlite event store', () => {
  it('uses WAL with full sync by default, normal on request', async () => {
    const { path, cleanup } = tempFile();
    const full = new SqliteEventStore(path);
    expect(full.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(full.db.pragma('synchronous', { simple: true })).toBe(2);
    await full.close();
    const normal = new SqliteEventStore(path, { synchronous: 'normal' });
    expect(normal.db.pragma('synchronous', { simple: true })).toBe(1);
    await normal.close();
    await cleanup();
  });

  it('applies migrations once', async () => {
    const { path, cleanup } = tempFile();
    const store = new SqliteEventStore(path);
    expect(migrate(store.db)).toBe(sqliteMigrations.length);
    expect(store.db.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBe(sqliteMigrations.length);
    await store.close();
    await cleanup();
  });

  it('refuses to rewrite or delete stored events, even by hand', async () => {
    const { path, cleanup } = tempFile();
    const store = new SqliteEventStore(path);
    await store.createEncounter(encounterRecord('e1'), events(1, 2), '2026-01-01T00:00:00.000Z');
    expect(() => store.db.prepare("UPDATE events SET data = '{}' WHERE encounter_id = 'e1'").run()).toThrow(/append-only/);
    expect(() => store.db.prepare("DELETE FROM events WHERE encounter_id = 'e1'").run()).toThrow(/append-only/);
    expect(await store.readEvents('e1')).toEqual(events(1, 2));
    await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 2), '2026-01-01T00:00:00.000Z');
    expect(() => store.db.prepare("UPDATE campaign_events SET data = '{}' WHERE campaign_id = 'c1'").run()).toThrow(/append-only/);
    expect(() => store.db.prepare("DELETE FROM campaign_events WHERE campaign_id = 'c1'").run()).toThrow(/append-only/);
    expect(await store.readCampaignEvents('c1')).toEqual(campaignEvents(1, 2));
    await store.close();
    await cleanup();
  });

  it('detects a second process writing the same file (the primary key guards the stream)', async () => {
    const { path, cleanup } = tempFile();
    const a = new SqliteEventStore(path);
    const b = new SqliteEventStore(path);
    await a.createEncounter(encounterRecord('e1'), events(1, 1), '2026-01-01T00:00:00.000Z');
    await a.append('e1', 1, events(2, 1), '2026-01-01T00:00:00.000Z');
    const e = await b.append('e1', 1, events(2, 1), '2026-01-01T00:00:00.000Z').catch((x: unknown) => x);
    expect(isVersionConflict(e)).toBe(true);
    // A raw insert that skips the version check still hits the primary key.
    const raw = new Database(path);
    expect(() => raw.prepare("INSERT INTO events VALUES ('e1', 2, 9, 'x', '{}', 'now')").run()).toThrow(/PRIMARY KEY|UNIQUE/);
    raw.close();
    await a.close();
    await b.close();
    await cleanup();
  });

  it('commits appends of one event-loop turn together; a conflict refuses only its own append', async () => {
    const { path, cleanup } = tempFile();
    const store = new SqliteEventStore(path);
    const at = '2026-01-01T00:00:00.000Z';
    for (const id of ['a', 'b', 'c']) await store.createEncounter(encounterRecord(id), events(1, 1), at);
    const results = await Promise.allSettled([
      store.append('a', 1, events(2, 2), at),
      store.append('b', 0, events(1, 1), at),
      store.append('c', 1, events(2, 1), at),
      store.append('a', 3, events(4, 1, 2), at),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(isVersionConflict((results[1] as PromiseRejectedResult).reason)).toBe(true);
    expect((await store.readEvents('a')).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect((await store.readEvents('b')).map((e) => e.seq)).toEqual([1]);
    expect((await store.readEvents('c')).map((e) => e.seq)).toEqual([1, 2]);
    await store.close();
    await cleanup();
  });

  it('commits campaign appends in the same group as encounter appends; a conflict refuses only its own', async () => {
    const { path, cleanup } = tempFile();
    const store = new SqliteEventStore(path);
    const at = '2026-01-01T00:00:00.000Z';
    await store.createCampaign(campaignRecord('k'), campaignEvents(1, 1), at);
    await store.createEncounter(encounterRecord('e', { campaignId: 'k' }), events(1, 1), at);
    const results = await Promise.allSettled([
      store.appendCampaign('k', 1, campaignEvents(2, 1, 2), at),
      store.append('e', 1, events(2, 1, 2), at, { progress: { status: 'running', round: 1 } }),
      store.appendCampaign('k', 1, campaignEvents(2, 1, 3), at),
      store.appendCampaign('k', 2, campaignEvents(3, 2, 3), at),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'store/version-conflict', subject: 'campaign', actualVersion: 2 });
    expect((await store.readCampaignEvents('k')).map((e) => [e.seq, e.cmd])).toEqual([[1, 1], [2, 2], [3, 3], [4, 3]]);
    expect(await store.getEncounter('e')).toMatchObject({ version: 2, progress: { status: 'running', round: 1 } });
    await store.close();
    await cleanup();
  });

  it('makes a consistent online backup', async () => {
    const { path, cleanup } = tempFile();
    const store = new SqliteEventStore(path);
    await store.createEncounter(encounterRecord('e1'), events(1, 3), '2026-01-01T00:00:00.000Z');
    const copy = `${path}.backup`;
    await store.backup(copy);
    const restored = new SqliteEventStore(copy);
    expect(await restored.readEvents('e1')).toEqual(events(1, 3));
    await restored.close();
    await store.close();
    await cleanup();
  });
});
