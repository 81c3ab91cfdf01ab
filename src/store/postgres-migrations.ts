/**
 * The PostgreSQL schema as numbered migrations, applied on open: in order, each in its own transaction,
 * recorded in `schema_migrations`; never edit a released one, add the next number. Instances starting
 * together take turns (a session advisory lock), so each migration runs once.
 *
 * Tables go in the connection's current schema (the first of its search_path; `public` by default).
 * JSON is stored as `json`, which keeps the exact text it was given (key order, numbers, escapes), so
 * events read back exactly as they were appended; times are the ISO 8601 text the store is given,
 * compared byte-wise (`COLLATE "C"`). `pos` (an identity) keeps insertion order among equal creation
 * times, as SQLite's rowid does.
 */
import type pg from 'pg';
import { APPEND_MIGRATION_NAME, APPEND_MIGRATION_SQL } from './postgres-append-sql.ts';
import { ANNOUNCE_MIGRATION_NAME, ANNOUNCE_MIGRATION_SQL } from './postgres-announce-sql.ts';

export interface PostgresMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const postgresMigrations: readonly PostgresMigration[] = [
  {
    version: 1,
    name: 'encounters, events, requests, campaigns, campaign events',
    sql: `
      CREATE TABLE campaigns (
        id         text PRIMARY KEY,
        pos        bigint GENERATED ALWAYS AS IDENTITY,
        title      text NOT NULL,
        rules      text NOT NULL,
        created_at text COLLATE "C" NOT NULL,
        archived   boolean NOT NULL DEFAULT false,
        version    bigint NOT NULL DEFAULT 0 CHECK (version >= 0)
      );
      CREATE INDEX campaigns_created ON campaigns (created_at, pos);

      CREATE TABLE encounters (
        id              text PRIMARY KEY,
        pos             bigint GENERATED ALWAYS AS IDENTITY,
        title           text NOT NULL,
        rules           text NOT NULL,
        created_at      text COLLATE "C" NOT NULL,
        archived        boolean NOT NULL DEFAULT false,
        gm_key_hash     text NOT NULL,
        player_key_hash text NOT NULL,
        version         bigint NOT NULL DEFAULT 0 CHECK (version >= 0),
        settings        json NOT NULL DEFAULT '{}',
        -- A fight stays when its campaign goes, detached.
        campaign_id     text REFERENCES campaigns (id) ON DELETE SET NULL,
        progress        json NOT NULL DEFAULT '{"status":"setup","round":0}'
      );
      CREATE INDEX encounters_created ON encounters (created_at, pos);
      CREATE INDEX encounters_campaign ON encounters (campaign_id, created_at, pos);

      -- One append-only stream per encounter: (encounter_id, seq) is the concurrency guard.
      CREATE TABLE events (
        encounter_id text NOT NULL REFERENCES encounters (id) ON DELETE CASCADE,
        seq          bigint NOT NULL CHECK (seq >= 1),
        cmd          bigint NOT NULL,
        type         text NOT NULL,
        data         json NOT NULL,
        recorded_at  text NOT NULL,
        PRIMARY KEY (encounter_id, seq)
      );

      CREATE TABLE requests (
        encounter_id text NOT NULL REFERENCES encounters (id) ON DELETE CASCADE,
        id           bigint NOT NULL CHECK (id >= 1),
        kind         text NOT NULL,
        combatant    text NOT NULL,
        command      json NOT NULL,
        status       text NOT NULL CHECK (status IN ('pending', 'accepted', 'rejected')),
        created_at   text COLLATE "C" NOT NULL,
        resolved_at  text,
        result       json,
        PRIMARY KEY (encounter_id, id)
      );

      -- One append-only stream per campaign, as for encounters.
      CREATE TABLE campaign_events (
        campaign_id text NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        seq         bigint NOT NULL CHECK (seq >= 1),
        cmd         bigint NOT NULL,
        type        text NOT NULL,
        data        json NOT NULL,
        recorded_at text NOT NULL,
        PRIMARY KEY (campaign_id, seq)
      );

      -- Events are append-only. A row may go only with its stream: the cascade deletes the events after
      -- the encounter's (or campaign's) row, so the row is gone by then.
      CREATE FUNCTION turnkeeper_events_append_only() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          IF NOT EXISTS (SELECT 1 FROM encounters WHERE id = OLD.encounter_id) THEN RETURN OLD; END IF;
          RAISE EXCEPTION 'events are append-only: delete the encounter instead' USING ERRCODE = 'restrict_violation';
        END IF;
        RAISE EXCEPTION 'events are append-only' USING ERRCODE = 'restrict_violation';
      END $$;

      CREATE FUNCTION turnkeeper_campaign_events_append_only() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          IF NOT EXISTS (SELECT 1 FROM campaigns WHERE id = OLD.campaign_id) THEN RETURN OLD; END IF;
          RAISE EXCEPTION 'campaign events are append-only: delete the campaign instead' USING ERRCODE = 'restrict_violation';
        END IF;
        RAISE EXCEPTION 'campaign events are append-only' USING ERRCODE = 'restrict_violation';
      END $$;

      CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
        FOR EACH ROW EXECUTE FUNCTION turnkeeper_events_append_only();
      CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
        FOR EACH STATEMENT EXECUTE FUNCTION turnkeeper_events_append_only();
      CREATE TRIGGER campaign_events_append_only BEFORE UPDATE OR DELETE ON campaign_events
        FOR EACH ROW EXECUTE FUNCTION turnkeeper_campaign_events_append_only();
      CREATE TRIGGER campaign_events_no_truncate BEFORE TRUNCATE ON campaign_events
        FOR EACH STATEMENT EXECUTE FUNCTION turnkeeper_campaign_events_append_only();
    `,
  },
  {
    version: 2,
    name: 'change notifications, server settings, rate buckets',
    sql: `
      -- What every instance shares: the owner token, first of all.
      CREATE TABLE server_settings (
        name  text PRIMARY KEY,
        value text NOT NULL
      );

      -- Token buckets shared by every instance (postgres-rate-limiter.ts): one row per limit and key.
      -- Times are milliseconds of the database's clock, so instances need not agree on theirs.
      CREATE TABLE rate_buckets (
        bucket  text PRIMARY KEY,
        tokens  double precision NOT NULL,
        at      double precision NOT NULL,
        -- When the bucket is full again: a row past it behaves as a missing one and may be pruned.
        full_at double precision NOT NULL,
        -- Whether the last take got a token.
        ok      boolean NOT NULL
      );
      CREATE INDEX rate_buckets_full ON rate_buckets (full_at);

      -- Every committed change to an encounter's row (an append moves its version) or to its requests is
      -- announced, in the transaction that makes it, on the channel turnkeeper_changes: a small JSON
      -- payload {s: schema, e: encounter id, v: version (-1: deleted), q: request id, a: the writer's
      -- application_name}. Listeners read what changed from the tables (postgres-change-feed.ts).
      CREATE FUNCTION turnkeeper_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        row_id text;
        payload json;
      BEGIN
        IF TG_TABLE_NAME = 'requests' THEN
          row_id := NEW.encounter_id;
          payload := json_build_object('s', TG_TABLE_SCHEMA, 'e', NEW.encounter_id, 'q', NEW.id, 'a', current_setting('application_name'));
        ELSIF TG_OP = 'DELETE' THEN
          row_id := OLD.id;
          payload := json_build_object('s', TG_TABLE_SCHEMA, 'e', OLD.id, 'v', -1, 'a', current_setting('application_name'));
        ELSE
          row_id := NEW.id;
          payload := json_build_object('s', TG_TABLE_SCHEMA, 'e', NEW.id, 'v', NEW.version, 'a', current_setting('application_name'));
        END IF;
        -- NOTIFY payloads stay under 8000 bytes: ids that long (the API allows 64 characters) go unannounced.
        IF octet_length(row_id) <= 1000 THEN
          PERFORM pg_notify('turnkeeper_changes', payload::text);
        END IF;
        RETURN NULL;
      END $$;

      CREATE TRIGGER encounters_notify AFTER UPDATE OR DELETE ON encounters
        FOR EACH ROW EXECUTE FUNCTION turnkeeper_notify_change();
      CREATE TRIGGER requests_notify AFTER INSERT OR UPDATE ON requests
        FOR EACH ROW EXECUTE FUNCTION turnkeeper_notify_change();
    `,
  },
  {
    version: 3,
    name: 'campaign player and TV key hashes',
    sql: `
      -- sha256 (hex) of a campaign's lasting player ("table") and TV keys; NULL until a link is made.
      ALTER TABLE campaigns ADD COLUMN player_key_hash text;
      ALTER TABLE campaigns ADD COLUMN tv_key_hash text;
    `,
  },  {
    version: 4,
    name: 'seats',
    sql: `
      -- A phone's seat: the sha256 (hex) of its key, bound to one combatant of an encounter or one PC
      -- of a campaign; one seat per target. Goes with its encounter or campaign.
      CREATE TABLE seats (
        key_hash     text PRIMARY KEY,
        encounter_id text REFERENCES encounters(id) ON DELETE CASCADE,
        campaign_id  text REFERENCES campaigns(id) ON DELETE CASCADE,
        target       text NOT NULL,
        created_at   text COLLATE "C" NOT NULL,
        CHECK ((encounter_id IS NULL) <> (campaign_id IS NULL))
      );
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
        campaign_id text NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
        owner       text NOT NULL,
        media_type  text NOT NULL CHECK (media_type IN ('image/png', 'image/jpeg', 'image/webp')),
        bytes       bytea NOT NULL,
        hash        text NOT NULL,
        updated_at  text COLLATE "C" NOT NULL,
        PRIMARY KEY (campaign_id, owner)
      );
    `,
  },
  { version: 6, name: APPEND_MIGRATION_NAME, sql: APPEND_MIGRATION_SQL },
  { version: 7, name: ANNOUNCE_MIGRATION_NAME, sql: ANNOUNCE_MIGRATION_SQL },
];

/**
 * Advisory lock keys: the first half names the purpose, the second the schema (so two Turnkeepers in
 * two schemas of one database do not wait for each other).
 */
export const LOCK_MIGRATIONS = 0x746b0001;
export const LOCK_CREATE_ENCOUNTER = 0x746b0002;
/** SQL: the second half of a lock key, this connection's schema. */
export const SCHEMA_KEY = "hashtext(coalesce(current_schema(), ''))";

/** Applies the migrations not yet recorded, on one connection; returns the schema version. */
export async function migratePostgres(pool: pg.Pool, migrations: readonly PostgresMigration[] = postgresMigrations): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query(`SELECT pg_advisory_lock($1, ${SCHEMA_KEY})`, [LOCK_MIGRATIONS]);
    try {
      await client.query(
        `CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      const done = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
      for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
        if (done.has(m.version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
          await client.query('COMMIT');
        } catch (e) {
          await client.query('ROLLBACK');
          throw new Error(`PostgreSQL migration ${m.version} (${m.name}) failed: ${(e as Error).message}`, { cause: e });
        }
      }
    } finally {
      await client.query(`SELECT pg_advisory_unlock($1, ${SCHEMA_KEY})`, [LOCK_MIGRATIONS]);
    }
  } finally {
    client.release();
  }
  return Math.max(0, ...migrations.map((m) => m.version));
}
