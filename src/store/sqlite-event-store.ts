/**
 * The SQLite adapter (better-sqlite3): an embedded file in the data folder, WAL mode. An append is one
 * transaction: a conditional version bump (`UPDATE ... WHERE version = expected`) plus the inserts, the
 * (encounter_id, seq) primary key as a second guard. better-sqlite3 is synchronous: a method's promise
 * settles after its statement ran, and an append's after the transaction holding it has committed.
 *
 * Durability: `synchronous = FULL` (default) fsyncs the WAL at every commit, so an acknowledged event
 * survives a killed process and a power cut; `normal` skips that fsync (it still survives SIGKILL, the
 * OS holds the written pages) for about ten times cheaper commits; `turnkeeper serve` uses `normal`
 * unless told otherwise (see src/server/start/config.ts). Appends (encounters' and campaigns') arriving in
 * the same event-loop turn share one commit (group commit, `sqlite-group-commit.ts`). Campaigns are
 * in `sqlite-campaigns.ts`. See src/server/README.md.
 */
import type Database from 'better-sqlite3';
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
  notPending,
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
import { migrate } from './migrations.ts';
import { SqliteCampaigns } from './sqlite-campaigns.ts';
import { SqlitePortraits } from './sqlite-portraits.ts';
import { SqliteSeats } from './sqlite-seats.ts';
import { portraitPort, seatPort } from './sub-ports.ts';
import type { PortraitStore } from './portrait-store.ts';
import type { SeatStore } from './seat-store.ts';
import { preparePrivateDatabase } from './sqlite-files.ts';
import { openDatabase } from './sqlite-open.ts';
import { GroupCommit } from './sqlite-group-commit.ts';
import { encounterColumns, encounterRow, toEncounter, toRequest, updateRow } from './sqlite-rows.ts';
import type { EncounterRow, EventRow, RequestRow } from './sqlite-rows.ts';

export { migrate };

export type SqliteSync = 'full' | 'normal';

export interface SqliteOptions {
  /** `full` (default): fsync at every commit. `normal`: fsync at checkpoints only. */
  readonly synchronous?: SqliteSync;
}

/** The encounter's campaign does not exist (the foreign key refused the row). */
function campaignOf(e: unknown, campaignId: string | null | undefined): unknown {
  const foreignKey = (e as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
  return foreignKey && typeof campaignId === 'string' ? new CampaignNotFoundError(campaignId) : e;
}

export class SqliteEventStore implements EventStore {
  readonly db: Database.Database;
  private readonly s;
  private readonly appendTx;
  private readonly createTx;
  private readonly commit: GroupCommit;
  private readonly campaigns: SqliteCampaigns;
  readonly seats: SeatStore;
  readonly portraits: PortraitStore;
  private readonly addRequestTx;
  private readonly importTx;

  /** Opens the database checked (damaged or lost: StoreError, sqlite-open.ts) and migrated. */
  constructor(path: string, options: SqliteOptions = {}) {
    this.db = openDatabase(path, options);
    const db = this.db;
    this.s = {
      insertEncounter: db.prepare(
        `INSERT INTO encounters (id, title, rules, created_at, archived, gm_key_hash, player_key_hash, version, settings, campaign_id, progress)
         VALUES (@id, @title, @rules, @created_at, @archived, @gm_key_hash, @player_key_hash, @version, @settings, @campaign_id, @progress)`,
      ),
      getEncounter: db.prepare('SELECT * FROM encounters WHERE id = ?'),
      listEncounters: db.prepare('SELECT * FROM encounters ORDER BY created_at, rowid'),
      countEncounters: db.prepare('SELECT count(*) AS n FROM encounters').pluck(),
      version: db.prepare('SELECT version FROM encounters WHERE id = ?').pluck(),
      bump: db.prepare('UPDATE encounters SET version = ? WHERE id = ? AND version = ?'),
      bumpWithProgress: db.prepare('UPDATE encounters SET version = ?, progress = ? WHERE id = ? AND version = ?'),
      insertEvent: db.prepare('INSERT INTO events (encounter_id, seq, cmd, type, data, recorded_at) VALUES (?, ?, ?, ?, ?, ?)'),
      readEvents: db.prepare('SELECT seq, cmd, data FROM events WHERE encounter_id = ? AND seq > ? AND seq <= ? ORDER BY seq'),
      deleteEncounter: db.prepare('DELETE FROM encounters WHERE id = ?'),
      nextRequest: db.prepare('SELECT coalesce(max(id), 0) + 1 FROM requests WHERE encounter_id = ?').pluck(),
      insertRequest: db.prepare(
        `INSERT INTO requests (encounter_id, id, kind, combatant, command, status, created_at)
         VALUES (?, ?, ?, ?, ?, 'pending', ?)`,
      ),
      getRequest: db.prepare('SELECT * FROM requests WHERE encounter_id = ? AND id = ?'),
      resolveRequest: db.prepare(
        `UPDATE requests SET status = ?, result = ?, resolved_at = ? WHERE encounter_id = ? AND id = ? AND status = 'pending'`,
      ),
      listRequests: db.prepare('SELECT * FROM requests WHERE encounter_id = ? ORDER BY id'),
      listRequestsByStatus: db.prepare('SELECT * FROM requests WHERE encounter_id = ? AND status = ? ORDER BY id'),
      ping: db.prepare('SELECT 1').pluck(),
    };
    const insertEvents = (id: string, events: readonly StoredEvent[], at: string): void => {
      for (const e of events) this.s.insertEvent.run(id, e.seq, e.cmd, e.event.type, JSON.stringify(e.event), at);
    };
    this.appendTx = db.transaction((id: string, expected: number, events: readonly StoredEvent[], at: string, options: AppendOptions): number => {
      const version = expected + events.length;
      const bumped = options.progress
        ? this.s.bumpWithProgress.run(version, JSON.stringify(checkProgress(id, options.progress)), id, expected)
        : this.s.bump.run(version, id, expected);
      if (bumped.changes !== 1) {
        const actual = this.s.version.get(id) as number | undefined;
        if (actual === undefined) throw new EncounterNotFoundError(id);
        throw new VersionConflictError(id, expected, actual);
      }
      const resolve = options.resolveRequest;
      if (resolve && this.s.resolveRequest.run('accepted', JSON.stringify(resolve.result), at, id, resolve.id).changes !== 1) {
        throw notPending(id, resolve.id);
      }
      insertEvents(id, events, at);
      return version;
    });
    this.commit = new GroupCommit(db);
    this.campaigns = new SqliteCampaigns(db, this.commit);
    this.seats = seatPort(new SqliteSeats(db));
    this.portraits = portraitPort(new SqlitePortraits(db));
    this.createTx = db.transaction((e: NewEncounterRecord, events: readonly StoredEvent[], at: string, max: number | undefined) => {
      if (max !== undefined && (this.s.countEncounters.get() as number) >= max) throw new EncounterLimitError(max);
      this.s.insertEncounter.run(encounterRow(e, events.length));
      insertEvents(e.id, events, at);
    });
    // The campaign and each encounter in savepoints of one transaction: a failure anywhere undoes all of it.
    this.importTx = db.transaction((c: NewCampaignRecord, cEvents: readonly StoredCampaignEvent[], encounters: readonly NewEncounterWithEvents[], at: string, max: number | undefined) => {
      if (max !== undefined && (this.s.countEncounters.get() as number) + encounters.length > max) throw new EncounterLimitError(max);
      this.campaigns.create(c, cEvents, at);
      for (const e of encounters) {
        try {
          this.createTx({ ...e.record, campaignId: c.id }, e.events, at, undefined);
        } catch (x) {
          throw (x as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ? new EncounterExistsError(e.record.id) : x;
        }
      }
    });
    this.addRequestTx = db.transaction((r: NewRequestRecord): number => {
      if (this.s.version.get(r.encounterId) === undefined) throw new EncounterNotFoundError(r.encounterId);
      const id = this.s.nextRequest.get(r.encounterId) as number;
      this.s.insertRequest.run(r.encounterId, id, r.kind, r.combatant, JSON.stringify(r.command), r.createdAt);
      return id;
    });
  }

  async createEncounter(encounter: NewEncounterRecord, events: readonly StoredEvent[], recordedAt: string, options: CreateOptions = {}): Promise<EncounterRecord> {
    checkNumbering(encounter.id, 0, events);
    checkProgress(encounter.id, encounter.progress ?? INITIAL_PROGRESS);
    try {
      // IMMEDIATE: the write lock is taken before the count, so another connection cannot insert in between.
      this.createTx.immediate(encounter, events, recordedAt, options.maxEncounters);
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new EncounterExistsError(encounter.id);
      throw campaignOf(e, encounter.campaignId);
    }
    return (await this.getEncounter(encounter.id))!;
  }

  async getEncounter(id: string): Promise<EncounterRecord | undefined> {
    const row = this.s.getEncounter.get(id) as EncounterRow | undefined;
    return row ? toEncounter(row) : undefined;
  }

  async listEncounters(): Promise<EncounterRecord[]> {
    return (this.s.listEncounters.all() as EncounterRow[]).map(toEncounter);
  }

  async countEncounters(): Promise<number> {
    return this.s.countEncounters.get() as number;
  }

  /**
   * Appends wait for the end of the current event-loop turn and commit together: one transaction (one
   * fsync) for every append queued meanwhile, each inside its own savepoint so a conflict refuses only
   * that append. Each promise settles after the commit: acknowledged means committed.
   */
  append(
    id: string,
    expectedVersion: number,
    events: readonly StoredEvent[],
    recordedAt: string,
    options: AppendOptions = {},
  ): Promise<{ version: number }> {
    try {
      checkNumbering(id, expectedVersion, events);
      if (options.progress) checkProgress(id, options.progress);
    } catch (e) {
      return Promise.reject(e);
    }
    return this.commit.enqueue(() => {
      try {
        return this.appendTx(id, expectedVersion, events, recordedAt, options);
      } catch (e) {
        throw this.conflictOf(e, id, expectedVersion);
      }
    });
  }

  /** A second writer on the same file got there first between its read and its write. */
  private conflictOf(e: unknown, id: string, expected: number): unknown {
    if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      return new VersionConflictError(id, expected, this.s.version.get(id) as number | undefined);
    }
    return e;
  }

  async readEvents(id: string, after = 0, upTo = Number.MAX_SAFE_INTEGER): Promise<StoredEvent[]> {
    const rows = this.s.readEvents.all(id, after, upTo) as EventRow[];
    return rows.map((r) => ({ seq: r.seq, cmd: r.cmd, event: JSON.parse(r.data) as StoredEvent['event'] }));
  }

  async updateEncounter(id: string, changes: EncounterChanges): Promise<EncounterRecord | undefined> {
    try {
      updateRow(this.db, 'encounters', id, encounterColumns(changes));
    } catch (e) {
      throw campaignOf(e, changes.campaignId);
    }
    return this.getEncounter(id);
  }

  async deleteEncounter(id: string): Promise<boolean> {
    return this.s.deleteEncounter.run(id).changes > 0;
  }

  async addRequest(request: NewRequestRecord): Promise<RequestRecord> {
    const id = this.addRequestTx(request);
    return toRequest(this.s.getRequest.get(request.encounterId, id) as RequestRow);
  }

  async resolveRequest(
    encounterId: string,
    id: number,
    status: Exclude<RequestStatus, 'pending'>,
    result: Readonly<Record<string, unknown>>,
    resolvedAt: string,
  ): Promise<RequestRecord | undefined> {
    const changed = this.s.resolveRequest.run(status, JSON.stringify(result), resolvedAt, encounterId, id).changes;
    if (changed !== 1) return undefined;
    return toRequest(this.s.getRequest.get(encounterId, id) as RequestRow);
  }

  async listRequests(encounterId: string, status?: RequestStatus): Promise<RequestRecord[]> {
    const rows = status === undefined ? this.s.listRequests.all(encounterId) : this.s.listRequestsByStatus.all(encounterId, status);
    return (rows as RequestRow[]).map(toRequest);
  }

  async createCampaign(campaign: NewCampaignRecord, events: readonly StoredCampaignEvent[], recordedAt: string): Promise<CampaignRecord> {
    return this.campaigns.create(campaign, events, recordedAt);
  }

  async createCampaignWithEncounters(
    campaign: NewCampaignRecord,
    events: readonly StoredCampaignEvent[],
    encounters: readonly NewEncounterWithEvents[],
    recordedAt: string,
    options: CreateOptions = {},
  ): Promise<CampaignRecord> {
    for (const e of encounters) {
      checkNumbering(e.record.id, 0, e.events);
      checkProgress(e.record.id, e.record.progress ?? INITIAL_PROGRESS);
    }
    // IMMEDIATE: the write lock is taken before the count, as for one encounter.
    this.importTx.immediate(campaign, events, encounters, recordedAt, options.maxEncounters);
    return (await this.getCampaign(campaign.id))!;
  }

  async getCampaign(id: string): Promise<CampaignRecord | undefined> {
    return this.campaigns.get(id);
  }

  async listCampaigns(): Promise<CampaignRecord[]> {
    return this.campaigns.list();
  }

  /** Shares the group commit of `append`. */
  appendCampaign(id: string, expectedVersion: number, events: readonly StoredCampaignEvent[], recordedAt: string): Promise<{ version: number }> {
    return this.campaigns.append(id, expectedVersion, events, recordedAt);
  }

  async readCampaignEvents(id: string, after?: number, upTo?: number): Promise<StoredCampaignEvent[]> {
    return this.campaigns.readEvents(id, after, upTo);
  }

  async updateCampaign(id: string, changes: CampaignChanges): Promise<CampaignRecord | undefined> {
    return this.campaigns.update(id, changes);
  }

  async setCampaignKeys(id: string, keys: CampaignKeys): Promise<CampaignRecord | undefined> {
    return this.campaigns.setKeys(id, keys);
  }

  async deleteCampaign(id: string): Promise<boolean> {
    return this.campaigns.delete(id);
  }

  async listCampaignEncounters(campaignId: string): Promise<EncounterRecord[]> {
    return this.campaigns.encounters(campaignId);
  }

  /** Answers when the database does (the health check). */
  async ping(): Promise<void> {
    this.s.ping.get();
  }

  /** A consistent copy of the database while it is in use (SQLite's online backup). */
  async backup(destination: string): Promise<void> {
    preparePrivateDatabase(destination);
    await this.db.backup(destination);
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    this.commit.flush();
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    this.db.close();
  }
}
