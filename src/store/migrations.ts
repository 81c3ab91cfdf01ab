/**
 * The SQLite schema as numbered migrations. Applied in order, each in its own transaction, and recorded
 * in `schema_migrations`; never edit a released one, add the next number.
 */
import type Database from 'better-sqlite3';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const sqliteMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'encounters, events, requests',
    sql: `
      CREATE TABLE encounters (
        id              TEXT PRIMARY KEY,
        title           TEXT NOT NULL,
        rules           TEXT NOT NULL,
        created_at      TEXT NOT NULL,
        archived        INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
        gm_key_hash     TEXT NOT NULL,
        player_key_hash TEXT NOT NULL,
        version         INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
        settings        TEXT NOT NULL DEFAULT '{}'
      ) STRICT;

      -- One append-only stream per encounter: (encounter_id, seq) is the concurrency guard.
      CREATE TABLE events (
        encounter_id TEXT NOT NULL REFERENCES encounters(id) ON DELETE CASCADE,
        seq          INTEGER NOT NULL CHECK (seq >= 1),
        cmd          INTEGER NOT NULL,
        type         TEXT NOT NULL,
        data         TEXT NOT NULL,
        recorded_at  TEXT NOT NULL,
        PRIMARY KEY (encounter_id, seq)
      ) STRICT, WITHOUT ROWID;

      CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
      BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

      -- Events go only with their encounter (the cascade runs after the encounter row is gone).
      CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
      WHEN EXISTS (SELECT 1 FROM encounters WHERE id = OLD.encounter_id)
      BEGIN SELECT RAISE(ABORT, 'events are append-only: delete the encounter instead'); END;

      CREATE TABLE requests (
        encounter_id TEXT NOT NULL REFERENCES encounters(id) ON DELETE CASCADE,
        id           INTEGER NOT NULL CHECK (id >= 1),
        kind         TEXT NOT NULL,
        combatant    TEXT NOT NULL,
        command      TEXT NOT NULL,
        status       TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'rejected')),
        created_at   TEXT NOT NULL,
        resolved_at  TEXT,
        result       TEXT,
        PRIMARY KEY (encounter_id, id)
      ) STRICT, WITHOUT ROWID;
    `,
  },
  {
    version: 2,
    name: 'campaigns, campaign events, encounters campaign and progress',
    sql: `
      CREATE TABLE campaigns (
        id         TEXT PRIMARY KEY,
        title      TEXT NOT NULL,
        rules      TEXT NOT NULL,
        created_at TEXT NOT NULL,
        archived   INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
        version    INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0)
      ) STRICT;

      -- One append-only stream per campaign, as for encounters.
      CREATE TABLE campaign_events (
        campaign_id TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
        seq         INTEGER NOT NULL CHECK (seq >= 1),
        cmd         INTEGER NOT NULL,
        type        TEXT NOT NULL,
        data        TEXT NOT NULL,
        recorded_at TEXT NOT NULL,
        PRIMARY KEY (campaign_id, seq)
      ) STRICT, WITHOUT ROWID;

      CREATE TRIGGER campaign_events_append_only_update BEFORE UPDATE ON campaign_events
      BEGIN SELECT RAISE(ABORT, 'campaign events are append-only'); END;

      CREATE TRIGGER campaign_events_append_only_delete BEFORE DELETE ON campaign_events
      WHEN EXISTS (SELECT 1 FROM campaigns WHERE id = OLD.campaign_id)
      BEGIN SELECT RAISE(ABORT, 'campaign events are append-only: delete the campaign instead'); END;

      -- A fight stays when its campaign goes, detached.
      ALTER TABLE encounters ADD COLUMN campaign_id TEXT REFERENCES campaigns(id) ON DELETE SET NULL;
      ALTER TABLE encounters ADD COLUMN progress TEXT NOT NULL DEFAULT '{"status":"setup","round":0}';
      CREATE INDEX encounters_campaign ON encounters (campaign_id);
    `,
  },
  {
    version: 3,
    name: 'campaign player and TV key hashes',
    sql: `
      -- sha256 (hex) of a campaign's lasting player ("table") and TV keys; NULL until a link is made.
      ALTER TABLE campaigns ADD COLUMN player_key_hash TEXT;
      ALTER TABLE campaigns ADD COLUMN tv_key_hash TEXT;
    `,
  },  {
    version: 4,
    name: 'seats',
    sql: `
      -- A phone's seat: the sha256 (hex) of its key, bound to one combatant of an encounter or one PC
      -- of a campaign; one seat per target. Goes with its encounter or campaign.
      CREATE TABLE seats (
        key_hash     TEXT PRIMARY KEY,
        encounter_id TEXT REFERENCES encounters(id) ON DELETE CASCADE,
        campaign_id  TEXT REFERENCES campaigns(id) ON DELETE CASCADE,
        target       TEXT NOT NULL,
        created_at   TEXT NOT NULL,
        CHECK ((encounter_id IS NULL) <> (campaign_id IS NULL))
      ) STRICT;
      CREATE UNIQUE INDEX seats_encounter_target ON seats (encounter_id, target) WHERE encounter_id IS NOT NULL;
      CREATE UNIQUE INDEX seats_campaign_target ON seats (campaign_id, target) WHERE campaign_id IS NOT NULL;
    `,
  },
  {
    version: 5,
    name: 'portraits',
    sql: `
      -- An optional image per campaign PC or bestiary template (owner: its id), checked by content before
      -- it is stored; hash: sha256 (hex) of the bytes, the ETag. Goes with its campaign.
      CREATE TABLE portraits (
        campaign_id TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
        owner       TEXT NOT NULL,
        media_type  TEXT NOT NULL CHECK (media_type IN ('image/png', 'image/jpeg', 'image/webp')),
        bytes       BLOB NOT NULL,
        hash        TEXT NOT NULL,
        updated_at  TEXT NOT NULL,
        PRIMARY KEY (campaign_id, owner)
      ) STRICT;
    `,
  },
];

/** Applies the migrations not yet recorded; returns the schema version. */
export function migrate(db: Database.Database, migrations: readonly Migration[] = sqliteMigrations): number {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT');
  const done = new Set((db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version));
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, new Date().toISOString());
    })();
  }
  return Math.max(0, ...migrations.map((m) => m.version));
}
