/**
 * The PostgreSQL adapter (`pg`, a connection pool), for several Turnkeeper instances on one database.
 * Migrations run on open (`postgres-migrations.ts`). An append is one statement, `turnkeeper_append_quiet`
 * (postgres-announce-sql.ts), grouped with others arriving together (postgres-appender.ts): the
 * encounter's row locked (`FOR NO KEY UPDATE`) and its version checked, the pending request resolved, the
 * events inserted, the version (and progress) written; once committed, the change is announced with its
 * events by a statement of its own (postgres-announcer.ts); the
 * (encounter_id, seq) primary key is the second guard, its violation (23505) reported as a
 * VersionConflictError like the first. NO KEY UPDATE is
 * the lock the version's UPDATE takes anyway: appends to one encounter queue on it, and a concurrent
 * append sees the version its predecessor committed, while the foreign-key checks of rows that merely
 * reference the encounter or campaign (KEY SHARE) do not wait for it. Creating an encounter
 * takes a transaction-level advisory lock before counting, so concurrent creates, from any instance,
 * never pass `maxEncounters`. Campaigns are in `postgres-campaigns.ts`, rows and plumbing in
 * `postgres-rows.ts`.
 */
import type pg from 'pg';
import type { StoredEvent } from '../core/index.ts';
import {
  CampaignNotFoundError,
  EncounterExistsError,
  EncounterLimitError,
  EncounterNotFoundError,
  INITIAL_PROGRESS,
  VersionConflictError,
  checkNumbering,
  checkProgress,
} from './event-store.ts';
import type {
  AppendOptions,
  CampaignChanges,
  CampaignKeys,
  CampaignRecord,
  CreateOptions,
  EncounterChanges,
  EncounterRecord,
  EventStore,
  NewCampaignRecord,
  NewEncounterRecord,
  NewEncounterWithEvents,
  NewRequestRecord,
  RequestRecord,
  RequestStatus,
  StoredCampaignEvent,
} from './event-store.ts';
import { PostgresCampaigns } from './postgres-campaigns.ts';
import { PostgresSeats } from './postgres-seats.ts';
import { PostgresPortraits } from './postgres-portraits.ts';
import { PostgresAnnouncer } from './postgres-announcer.ts';
import type { AnnouncerOptions } from './postgres-announcer.ts';
import { PostgresAppender } from './postgres-appender.ts';
import type { AppenderOptions } from './postgres-appender.ts';
import { LOCK_CREATE_ENCOUNTER, SCHEMA_KEY, migratePostgres } from './postgres-migrations.ts';
import {
  ENCOUNTER_COLUMNS,
  FOREIGN_KEY_VIOLATION,
  UNIQUE_VIOLATION,
  createPool,
  insertEncounter,
  insertEvents,
  pgError,
  seqBound,
  toEncounter,
  toRequest,
  transaction,
  updateRow,
} from './postgres-rows.ts';
import type { EncounterRow, EventRow, PoolOptions, RequestRow } from './postgres-rows.ts';

export { migratePostgres, postgresMigrations } from './postgres-migrations.ts';

export interface PostgresOptions extends PoolOptions {
  /** Group commit of appends (postgres-appender.ts). */
  readonly appends?: AppenderOptions;
  /** Sending the appends' change notifications (postgres-announcer.ts). */
  readonly announcements?: AnnouncerOptions;
}

/** The encounter's campaign does not exist (the foreign key refused the row). */
function campaignOf(e: unknown, campaignId: string | null | undefined): unknown {
  return pgError(e).code === FOREIGN_KEY_VIOLATION && typeof campaignId === 'string' ? new CampaignNotFoundError(campaignId) : e;
}

const REQUEST_COLUMNS = 'encounter_id, id, kind, combatant, command, status, created_at, resolved_at, result';

/** Opens the store at `url` (postgres://...) and applies the migrations not yet applied. */
export async function openPostgresEventStore(url: string, options: PostgresOptions = {}): Promise<PostgresEventStore> {
  return PostgresEventStore.open(url, options);
}

export class PostgresEventStore implements EventStore {
  private readonly campaigns: PostgresCampaigns;
  readonly seats: PostgresSeats;
  readonly portraits: PostgresPortraits;
  private closed = false;

  /** Appends go through it: one statement each, several at once under load (group commit). */
  readonly appender: PostgresAppender;
  /** Announces committed appends to the other instances. */
  readonly announcer: PostgresAnnouncer;

  private constructor(
    readonly pool: pg.Pool,
    options: PostgresOptions,
  ) {
    this.announcer = new PostgresAnnouncer(pool, options.announcements);
    this.appender = new PostgresAppender(pool, this.announcer, options.appends);
    this.campaigns = new PostgresCampaigns(pool);
    this.seats = new PostgresSeats(pool);
    this.portraits = new PostgresPortraits(pool);
  }

  /** Connects, migrates, and returns the store; the pool is ended if migrating fails. */
  static async open(url: string, options: PostgresOptions = {}): Promise<PostgresEventStore> {
    const pool = createPool(url, options);
    try {
      await migratePostgres(pool);
    } catch (e) {
      await pool.end().catch(() => {});
      throw e;
    }
    return new PostgresEventStore(pool, options);
  }

  async createEncounter(encounter: NewEncounterRecord, events: readonly StoredEvent[], recordedAt: string, options: CreateOptions = {}): Promise<EncounterRecord> {
    checkNumbering(encounter.id, 0, events);
    checkProgress(encounter.id, encounter.progress ?? INITIAL_PROGRESS);
    const max = options.maxEncounters;
    try {
      return await transaction(this.pool, async (client) => {
        // Every create takes its turn here, on every instance, so the count below cannot go stale before the insert commits.
        await client.query(`SELECT pg_advisory_xact_lock($1, ${SCHEMA_KEY})`, [LOCK_CREATE_ENCOUNTER]);
        if (max !== undefined) {
          const { rows } = await client.query<{ n: number }>('SELECT count(*) AS n FROM encounters');
          if (rows[0]!.n >= max) throw new EncounterLimitError(max);
        }
        const { rows } = await client.query<EncounterRow>(insertEncounter(encounter, events.length));
        await insertEvents(client, 'events', 'encounter_id', encounter.id, events, recordedAt);
        return toEncounter(rows[0]!);
      });
    } catch (e) {
      if (pgError(e).code === UNIQUE_VIOLATION && pgError(e).constraint === 'encounters_pkey') throw new EncounterExistsError(encounter.id);
      throw campaignOf(e, encounter.campaignId);
    }
  }

  async getEncounter(id: string): Promise<EncounterRecord | undefined> {
    const { rows } = await this.pool.query<EncounterRow>(`SELECT ${ENCOUNTER_COLUMNS} FROM encounters WHERE id = $1`, [id]);
    return rows[0] ? toEncounter(rows[0]) : undefined;
  }

  async listEncounters(): Promise<EncounterRecord[]> {
    const { rows } = await this.pool.query<EncounterRow>(`SELECT ${ENCOUNTER_COLUMNS} FROM encounters ORDER BY created_at, pos`);
    return rows.map(toEncounter);
  }

  async countEncounters(): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>('SELECT count(*) AS n FROM encounters');
    return rows[0]!.n;
  }

  async append(
    id: string,
    expectedVersion: number,
    events: readonly StoredEvent[],
    recordedAt: string,
    options: AppendOptions = {},
  ): Promise<{ version: number }> {
    checkNumbering(id, expectedVersion, events);
    const progress = options.progress === undefined ? undefined : checkProgress(id, options.progress);
    try {
      return await this.appender.append({
        id,
        expected: expectedVersion,
        events,
        recordedAt,
        ...(progress ? { progress } : {}),
        ...(options.resolveRequest ? { request: options.resolveRequest } : {}),
      });
    } catch (e) {
      // The row lock makes this unreachable through the store; a writer that skips it still hits the key.
      if (pgError(e).code === UNIQUE_VIOLATION) throw new VersionConflictError(id, expectedVersion, (await this.getEncounter(id))?.version);
      throw e;
    }
  }

  async readEvents(id: string, after = 0, upTo = Number.MAX_SAFE_INTEGER): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow<StoredEvent['event']>>(
      'SELECT seq, cmd, data FROM events WHERE encounter_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq',
      [id, seqBound(after), seqBound(upTo)],
    );
    return rows.map((r) => ({ seq: r.seq, cmd: r.cmd, event: r.data }));
  }

  async updateEncounter(id: string, changes: EncounterChanges): Promise<EncounterRecord | undefined> {
    const columns = {
      title: changes.title,
      archived: changes.archived,
      settings: changes.settings === undefined ? undefined : JSON.stringify(changes.settings),
      gm_key_hash: changes.gmKeyHash,
      player_key_hash: changes.playerKeyHash,
      campaign_id: changes.campaignId,
    };
    try {
      const { rows } = await this.pool.query<EncounterRow>(updateRow('encounters', id, columns, ENCOUNTER_COLUMNS));
      return rows[0] ? toEncounter(rows[0]) : undefined;
    } catch (e) {
      throw campaignOf(e, changes.campaignId);
    }
  }

  async deleteEncounter(id: string): Promise<boolean> {
    return ((await this.pool.query('DELETE FROM encounters WHERE id = $1', [id])).rowCount ?? 0) > 0;
  }

  async addRequest(request: NewRequestRecord): Promise<RequestRecord> {
    return transaction(this.pool, async (client) => {
      // The encounter's row lock numbers concurrent requests one after the other.
      const found = await client.query('SELECT 1 FROM encounters WHERE id = $1 FOR NO KEY UPDATE', [request.encounterId]);
      if (found.rowCount === 0) throw new EncounterNotFoundError(request.encounterId);
      const { rows } = await client.query<RequestRow>(
        `INSERT INTO requests (encounter_id, id, kind, combatant, command, status, created_at)
         SELECT $1, coalesce(max(id), 0) + 1, $2, $3, $4, 'pending', $5 FROM requests WHERE encounter_id = $1
         RETURNING ${REQUEST_COLUMNS}`,
        [request.encounterId, request.kind, request.combatant, JSON.stringify(request.command), request.createdAt],
      );
      return toRequest(rows[0]!);
    });
  }

  async resolveRequest(
    encounterId: string,
    id: number,
    status: Exclude<RequestStatus, 'pending'>,
    result: Readonly<Record<string, unknown>>,
    resolvedAt: string,
  ): Promise<RequestRecord | undefined> {
    if (!Number.isSafeInteger(id)) return undefined;
    const { rows } = await this.pool.query<RequestRow>(
      `UPDATE requests SET status = $3, result = $4, resolved_at = $5 WHERE encounter_id = $1 AND id = $2 AND status = 'pending' RETURNING ${REQUEST_COLUMNS}`,
      [encounterId, id, status, JSON.stringify(result), resolvedAt],
    );
    return rows[0] ? toRequest(rows[0]) : undefined;
  }

  async listRequests(encounterId: string, status?: RequestStatus): Promise<RequestRecord[]> {
    const { rows } =
      status === undefined
        ? await this.pool.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM requests WHERE encounter_id = $1 ORDER BY id`, [encounterId])
        : await this.pool.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM requests WHERE encounter_id = $1 AND status = $2 ORDER BY id`, [encounterId, status]);
    return rows.map(toRequest);
  }

  createCampaign(campaign: NewCampaignRecord, events: readonly StoredCampaignEvent[], recordedAt: string): Promise<CampaignRecord> {
    return this.campaigns.create(campaign, events, recordedAt);
  }

  createCampaignWithEncounters(
    campaign: NewCampaignRecord,
    events: readonly StoredCampaignEvent[],
    encounters: readonly NewEncounterWithEvents[],
    recordedAt: string,
    options: CreateOptions = {},
  ): Promise<CampaignRecord> {
    return this.campaigns.createWithEncounters(campaign, events, encounters, recordedAt, options.maxEncounters);
  }

  getCampaign(id: string): Promise<CampaignRecord | undefined> {
    return this.campaigns.get(id);
  }

  listCampaigns(): Promise<CampaignRecord[]> {
    return this.campaigns.list();
  }

  appendCampaign(id: string, expectedVersion: number, events: readonly StoredCampaignEvent[], recordedAt: string): Promise<{ version: number }> {
    return this.campaigns.append(id, expectedVersion, events, recordedAt);
  }

  readCampaignEvents(id: string, after?: number, upTo?: number): Promise<StoredCampaignEvent[]> {
    return this.campaigns.readEvents(id, after, upTo);
  }

  updateCampaign(id: string, changes: CampaignChanges): Promise<CampaignRecord | undefined> {
    return this.campaigns.update(id, changes);
  }

  setCampaignKeys(id: string, keys: CampaignKeys): Promise<CampaignRecord | undefined> {
    return this.campaigns.setKeys(id, keys);
  }

  deleteCampaign(id: string): Promise<boolean> {
    return this.campaigns.delete(id);
  }

  listCampaignEncounters(campaignId: string): Promise<EncounterRecord[]> {
    return this.campaigns.encounters(campaignId);
  }

  /** One round trip on a pooled connection (the health check). */
  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  /** Ends the pool after the queries and announcements under way; a second call does nothing. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.announcer.idle();
    await this.pool.end();
  }
}
