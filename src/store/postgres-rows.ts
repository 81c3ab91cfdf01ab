/**
 * The PostgreSQL adapter's plumbing: the pool (bigint read as a number), transactions, the tables'
 * rows and their mapping to the port's records, and PostgreSQL's error codes.
 */
import pg from 'pg';
import { INITIAL_PROGRESS, checkProgress } from './event-store.ts';
import type { CampaignRecord, EncounterProgress, EncounterRecord, NewEncounterRecord, RequestRecord, RequestStatus } from './event-store.ts';

const INT8 = 20;

/**
 * bigint columns (versions, seqs, counts) come back as numbers: every one the store writes is a safe
 * integer (`checkNumbering`). Set per pool, not globally, so other users of `pg` are not affected.
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 && format !== 'binary' ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

export interface PoolOptions {
  /** Connections at most (pg's default: 10). */
  readonly max?: number;
  /** Errors of idle connections (the pool drops them and reconnects); default: a console warning. */
  readonly onIdleError?: (error: Error) => void;
  /**
   * The connections' application_name. Change notifications carry it (postgres-change-feed.ts), so an
   * instance can tell its own writes from the others'.
   */
  readonly applicationName?: string;
}

export function createPool(connectionString: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    types,
    idleTimeoutMillis: 0,
    ...(options.max !== undefined ? { max: options.max } : {}),
    ...(options.applicationName !== undefined ? { application_name: options.applicationName } : {}),
  });
  // Without a listener an idle connection's error (a restarted server) would crash the process.
  pool.on('error', options.onIdleError ?? ((e) => console.warn(`PostgreSQL: an idle connection failed (${e.message}); the pool reconnects.`)));
  return pool;
}

/** Runs `body` in a transaction on one connection: committed when it resolves, rolled back when it throws. */
export async function transaction<T>(pool: pg.Pool, body: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await body(client);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    // A connection that cannot even roll back is dropped from the pool.
    await client.query('ROLLBACK').catch((r: unknown) => (broken = r instanceof Error ? r : new Error(String(r))));
    throw e;
  } finally {
    client.release(broken);
  }
}

/** PostgreSQL's SQLSTATE of a failed query, with the constraint it names. */
export function pgError(e: unknown): { code?: string; constraint?: string } {
  return typeof e === 'object' && e !== null ? (e as { code?: string; constraint?: string }) : {};
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

export interface EncounterRow {
  id: string;
  title: string;
  rules: string;
  created_at: string;
  archived: boolean;
  gm_key_hash: string;
  player_key_hash: string;
  version: number;
  settings: Record<string, unknown>;
  campaign_id: string | null;
  progress: EncounterProgress;
}

export interface CampaignRow {
  id: string;
  title: string;
  rules: string;
  created_at: string;
  archived: boolean;
  version: number;
  player_key_hash: string | null;
  tv_key_hash: string | null;
}

/** An event row as read: `data` is the parsed `json`. */
export interface EventRow<E> {
  seq: number;
  cmd: number;
  data: E;
}

export interface RequestRow {
  encounter_id: string;
  id: number;
  kind: string;
  combatant: string;
  command: Record<string, unknown>;
  status: RequestStatus;
  created_at: string;
  resolved_at: string | null;
  result: Record<string, unknown> | null;
}

/** The encounter columns read (`pos` is for ordering only). */
export const ENCOUNTER_COLUMNS = 'id, title, rules, created_at, archived, gm_key_hash, player_key_hash, version, settings, campaign_id, progress';
export const CAMPAIGN_COLUMNS = 'id, title, rules, created_at, archived, version, player_key_hash, tv_key_hash';

export function toEncounter(r: EncounterRow): EncounterRecord {
  return {
    id: r.id,
    title: r.title,
    rules: r.rules,
    createdAt: r.created_at,
    archived: r.archived,
    gmKeyHash: r.gm_key_hash,
    playerKeyHash: r.player_key_hash,
    version: r.version,
    settings: r.settings,
    campaignId: r.campaign_id,
    progress: r.progress,
  };
}

export function toCampaign(r: CampaignRow): CampaignRecord {
  return {
    id: r.id,
    title: r.title,
    rules: r.rules,
    createdAt: r.created_at,
    archived: r.archived,
    version: r.version,
    playerKeyHash: r.player_key_hash,
    tvKeyHash: r.tv_key_hash,
  };
}

export function toRequest(r: RequestRow): RequestRecord {
  return {
    encounterId: r.encounter_id,
    id: r.id,
    kind: r.kind,
    combatant: r.combatant,
    command: r.command,
    status: r.status,
    createdAt: r.created_at,
    resolvedAt: r.resolved_at,
    result: r.result,
  };
}

/** The insert of a new encounter's row, its values in order. */
export function insertEncounter(e: NewEncounterRecord, version: number): { text: string; values: unknown[] } {
  return {
    text: `INSERT INTO encounters (id, title, rules, created_at, archived, gm_key_hash, player_key_hash, version, settings, campaign_id, progress)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${ENCOUNTER_COLUMNS}`,
    values: [
      e.id,
      e.title,
      e.rules,
      e.createdAt,
      e.archived ?? false,
      e.gmKeyHash,
      e.playerKeyHash,
      version,
      JSON.stringify(e.settings),
      e.campaignId ?? null,
      JSON.stringify(checkProgress(e.id, e.progress ?? INITIAL_PROGRESS)),
    ],
  };
}

/**
 * Inserts a stream's events in one statement. `table` and `stream` are the events table and its stream
 * column; each event's JSON text is stored as given (`json` keeps it exactly).
 */
export async function insertEvents(
  client: pg.PoolClient,
  table: 'events' | 'campaign_events',
  stream: 'encounter_id' | 'campaign_id',
  id: string,
  events: readonly { readonly seq: number; readonly cmd: number; readonly event: { readonly type: string } }[],
  recordedAt: string,
): Promise<void> {
  if (events.length === 0) return;
  await client.query(
    `INSERT INTO ${table} (${stream}, seq, cmd, type, data, recorded_at)
     SELECT $1, u.seq, u.cmd, u.type, u.data::json, $6 FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[]) AS u(seq, cmd, type, data)`,
    [id, events.map((e) => e.seq), events.map((e) => e.cmd), events.map((e) => e.event.type), events.map((e) => JSON.stringify(e.event)), recordedAt],
  );
}

/**
 * `UPDATE table SET <defined columns> WHERE id = $1 RETURNING columns`, or a plain select when no column
 * is defined. `json` columns are given as JSON text.
 */
export function updateRow(table: 'encounters' | 'campaigns', id: string, columns: Record<string, unknown>, returning: string): { text: string; values: unknown[] } {
  const set = Object.entries(columns).filter(([, v]) => v !== undefined);
  if (set.length === 0) return { text: `SELECT ${returning} FROM ${table} WHERE id = $1`, values: [id] };
  return {
    text: `UPDATE ${table} SET ${set.map(([column], i) => `${column} = $${i + 2}`).join(', ')} WHERE id = $1 RETURNING ${returning}`,
    values: [id, ...set.map(([, v]) => v)],
  };
}

/** A read range's bound as the bigint the query compares with (as `slice` would take it). */
export function seqBound(n: number): number {
  return Number.isNaN(n) ? 0 : Math.max(0, Math.min(Math.floor(n), Number.MAX_SAFE_INTEGER));
}
