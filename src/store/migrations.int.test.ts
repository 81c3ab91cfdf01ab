import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { campaignEvents, campaignRecord, encounterRecord, events } from './conformance-fixtures.ts';
import { INITIAL_PROGRESS } from './event-store.ts';
import { sqliteMigrations } from './migrations.ts';
import { SqliteEventStore, migrate } from './sqlite-event-store.ts';

const AT = '2026-01-01T00:00:00.000Z';

/** A database as version 1 of the schema left it, with an encounter, its events and a request. */
function versionOneDatabase(path: string): void {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  expect(migrate(db, sqliteMigrations.filter((m) => m.version === 1))).toBe(1);
  db.prepare(
    `INSERT INTO encounters (id, title, rules, created_at, archived, gm_key_hash, player_key_hash, version, settings)
     VALUES ('old', 'Crypt ambush', 'swn', ?, 1, 'g', 'p', 2, '{"npcHp":"bands"}')`,
  ).run(AT);
  const insert = db.prepare('INSERT INTO events (encounter_id, seq, cmd, type, data, recorded_at) VALUES (?, ?, ?, ?, ?, ?)');
  for (const e of events(1, 2)) insert.run('old', e.seq, e.cmd, e.event.type, JSON.stringify(e.event), AT);
  db.prepare(`INSERT INTO requests (encounter_id, id, kind, combatant, command, status, created_at) VALUES ('old', 1, 'end-turn', 'c1', '{"type":"end-turn"}', 'pending', ?)`).run(AT);
  db.close();
}

it('migrates a version-1 database: its encounters keep everything, with no campaign and progress setup', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-migrate-'));
  try {
    const path = join(dir, 'turnkeeper.db');
    versionOneDatabase(path);
    const store = new SqliteEventStore(path);
    expect((store.db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all() as number[])).toEqual(sqliteMigrations.map((m) => m.version));
    expect(sqliteMigrations.map((m) => m.version)).toEqual([1, 2, 3, 4, 5]);
    expect(await store.getEncounter('old')).toEqual({
      id: 'old',
      title: 'Crypt ambush',
      rules: 'swn',
      createdAt: AT,
      archived: true,
      gmKeyHash: 'g',
      playerKeyHash: 'p',
      version: 2,
      settings: { npcHp: 'bands' },
      campaignId: null,
      progress: INITIAL_PROGRESS,
    });
    expect(await store.readEvents('old')).toEqual(events(1, 2));
    expect((await store.listRequests('old', 'pending')).map((r) => r.id)).toEqual([1]);
    // The new tables and columns work on the migrated file.
    await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 1), AT);
    expect(await store.updateEncounter('old', { campaignId: 'c1' })).toMatchObject({ campaignId: 'c1' });
    await store.append('old', 2, events(3, 1, 2), AT, { progress: { status: 'ended', round: 4 } });
    expect((await store.listCampaignEncounters('c1')).map((e) => [e.id, e.progress])).toEqual([['old', { status: 'ended', round: 4 }]]);
    expect(store.db.pragma('foreign_key_check')).toEqual([]);
    // The foreign key added by ALTER TABLE detaches fights by itself too (a raw delete, no store code).
    store.db.prepare("DELETE FROM campaigns WHERE id = 'c1'").run();
    expect((await store.getEncounter('old'))?.campaignId).toBeNull();
    expect(await store.readCampaignEvents('c1')).toEqual([]);
    await store.close();
    // Reopening applies nothing more.
    const again = new SqliteEventStore(path);
    expect(again.db.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBe(sqliteMigrations.length);
    expect(await again.readEvents('old')).toEqual(events(1, 3).map((e) => (e.seq === 3 ? { ...e, cmd: 2 } : e)));
    await again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('migrates a version-2 database: its campaigns keep everything, with no key hashes yet', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-migrate-'));
  try {
    const path = join(dir, 'turnkeeper.db');
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    expect(migrate(db, sqliteMigrations.filter((m) => m.version <= 2))).toBe(2);
    db.prepare("INSERT INTO campaigns (id, title, rules, created_at, archived, version) VALUES ('old', 'Sector 7', 'swn', ?, 1, 1)").run(AT);
    const c = campaignEvents(1, 1)[0]!;
    db.prepare("INSERT INTO campaign_events (campaign_id, seq, cmd, type, data, recorded_at) VALUES ('old', ?, ?, ?, ?, ?)").run(c.seq, c.cmd, c.event.type, JSON.stringify(c.event), AT);
    db.close();
    const store = new SqliteEventStore(path);
    expect(store.db.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBe(sqliteMigrations.length);
    const columns = (store.db.prepare('SELECT name, type, "notnull" FROM pragma_table_info(\'campaigns\') ORDER BY cid').all() as { name: string; type: string; notnull: number }[]).slice(-2);
    expect(columns).toEqual([
      { name: 'player_key_hash', type: 'TEXT', notnull: 0 },
      { name: 'tv_key_hash', type: 'TEXT', notnull: 0 },
    ]);
    expect(await store.getCampaign('old')).toEqual({
      id: 'old',
      title: 'Sector 7',
      rules: 'swn',
      createdAt: AT,
      archived: true,
      version: 1,
      playerKeyHash: null,
      tvKeyHash: null,
    });
    expect(await store.readCampaignEvents('old')).toEqual(campaignEvents(1, 1));
    // The new columns work on the migrated file.
    expect(await store.setCampaignKeys('old', { tvKeyHash: 'f'.repeat(64) })).toMatchObject({ playerKeyHash: null, tvKeyHash: 'f'.repeat(64), version: 1 });
    await store.close();
    const again = new SqliteEventStore(path);
    expect(again.db.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBe(sqliteMigrations.length);
    expect(await again.getCampaign('old')).toMatchObject({ playerKeyHash: null, tvKeyHash: 'f'.repeat(64) });
    await again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('migrates a version-3 database: seats work on it and go with their encounter, by the foreign key alone', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-migrate-'));
  try {
    const path = join(dir, 'turnkeeper.db');
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    expect(migrate(db, sqliteMigrations.filter((m) => m.version <= 3))).toBe(3);
    db.close();
    const store = new SqliteEventStore(path);
    expect(store.db.prepare('SELECT max(version) FROM schema_migrations').pluck().get()).toBe(Math.max(...sqliteMigrations.map((m) => m.version)));
    await store.createEncounter(encounterRecord('e1'), events(1, 1), AT);
    const seat = { keyHash: 'a'.repeat(64), scope: { kind: 'encounter', id: 'e1' } as const, target: 'c1', createdAt: AT };
    await store.seats.claimSeat(seat);
    expect(await store.seats.getSeat('a'.repeat(64))).toEqual(seat);
    // Exactly one of encounter and campaign.
    expect(() => store.db.prepare("INSERT INTO seats VALUES ('b', NULL, NULL, 'x', 'now')").run()).toThrow(/CHECK/);
    store.db.prepare("DELETE FROM encounters WHERE id = 'e1'").run();
    expect(await store.seats.getSeat('a'.repeat(64))).toBeUndefined();
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('migrates a version-4 database: portraits work on it, refuse an unknown type, and go with their campaign by the foreign key alone', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-migrate-'));
  try {
    const path = join(dir, 'turnkeeper.db');
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    expect(migrate(db, sqliteMigrations.filter((m) => m.version <= 4))).toBe(4);
    db.prepare("INSERT INTO campaigns (id, title, rules, created_at, archived, version) VALUES ('old', 'Old', 'swn', ?, 0, 0)").run(AT);
    db.close();
    const store = new SqliteEventStore(path);
    expect(store.db.prepare('SELECT max(version) FROM schema_migrations').pluck().get()).toBe(5);
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255]);
    expect(await store.portraits.putPortrait({ campaignId: 'old', owner: 'p1', type: 'image/png', bytes, updatedAt: AT })).toMatchObject({ size: 6 });
    expect(Buffer.from((await store.portraits.getPortrait('old', 'p1'))!.bytes).equals(bytes)).toBe(true);
    expect(() => store.db.prepare("INSERT INTO portraits VALUES ('old', 'p2', 'image/svg+xml', x'00', 'h', 'now')").run()).toThrow(/CHECK/);
    store.db.prepare("DELETE FROM campaigns WHERE id = 'old'").run();
    expect(await store.portraits.listPortraits('old')).toEqual([]);
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
