/**
 * The SQLite adapter (better-sqlite3): an embedded file in the data folder, WAL mode. An append is one
 * transaction: a conditional version bump (`UPDATE ... WHERE version = expected`) plus the inserts, the
 * (encounter_id, seq) primary key as a second guard. better-sqlite3 is synchronous: a method's promise
 * settles after its statement ran, and an append's after the transaction holding it has committed.
 *
 * Durability: `synchronous = FULL` (default) fsyncs the WAL at every commit, so an acknowledged event
 * survives a killed process and a power cut; `normal` skips that fsync (it still survives SIGKILL, the
 * OS holds the written pages) for about ten times cheaper commits; `turnkeeper serve` uses `normal`
 * unless told otherwise (see src/server/config.ts). Appends arriving in the same
 * event-loop turn share one commit (group commit). See src/server/README.md.
 */
import Database from 'better-sqlite3';
import type { StoredEvent } from '../core/index.ts';
import {
  EncounterExistsError,
  EncounterLimitError,
  EncounterNotFoundError,
  StoreError,
  VersionConflictError,
  checkNumbering,
  notPending,
} from './event-store.ts';
import type {
  AppendOptions,
  CreateOptions,
  EncounterChanges,
  EncounterRecord,
  EventStore,
  NewEncounterRecord,
  NewRequestRecord,
  RequestRecord,
  RequestStatus,
} from './event-store.ts';
import { migrate } from './migrations.ts';
import { preparePrivateDatabase } from './sqlite-files.ts';
import { toEncounter, toRequest } from './sqlite-rows.ts';
import type { EncounterRow, EventRow, RequestRow } from './sqlite-rows.ts';

export { migrate };

export type SqliteSync = 'full' | 'normal';

export interface SqliteOptions {
  /** `full` (default): fsync at every commit. `normal`: fsync at checkpoints only. */
  readonly synchronous?: SqliteSync;
}

interface QueuedAppend {
  readonly id: string;
  readonly expectedVersion: number;
  readonly events: readonly StoredEvent[];
  readonly recordedAt: string;
  readonly options: AppendOptions;
  readonly resolve: (r: { version: number }) => void;
  readonly reject: (e: unknown) => void;
}

export class SqliteEventStore implements EventStore {
  readonly db: Database.Database;
  private readonly s;
  private readonly appendTx;
  private readonly batchTx;
  private readonly createTx;
  private queued: QueuedAppend[] = [];
  private flushScheduled = false;
  private readonly addRequestTx;

  constructor(path: string, options: SqliteOptions = {}) {
    // 0600 before SQLite opens it: its -wal and -shm files take the database file's mode.
    preparePrivateDatabase(path);
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${options.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    migrate(this.db);
    const db = this.db;
    this.s = {
      insertEncounter: db.prepare(
        `INSERT INTO encounters (id, title, rules, created_at, archived, gm_key_hash, player_key_hash, version, settings)
         VALUES (@id, @title, @rules, @created_at, @archived, @gm_key_hash, @player_key_hash, @version, @settings)`,
      ),
      getEncounter: db.prepare('SELECT * FROM encounters WHERE id = ?'),
      listEncounters: db.prepare('SELECT * FROM encounters ORDER BY created_at, rowid'),
      countEncounters: db.prepare('SELECT count(*) AS n FROM encounters').pluck(),
      version: db.prepare('SELECT version FROM encounters WHERE id = ?').pluck(),
      bump: db.prepare('UPDATE encounters SET version = ? WHERE id = ? AND version = ?'),
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
    };
    const insertEvents = (id: string, events: readonly StoredEvent[], at: string): void => {
      for (const e of events) this.s.insertEvent.run(id, e.seq, e.cmd, e.event.type, JSON.stringify(e.event), at);
    };
    this.appendTx = db.transaction((id: string, expected: number, events: readonly StoredEvent[], at: string, options: AppendOptions): number => {
      const version = expected + events.length;
      if (this.s.bump.run(version, id, expected).changes !== 1) {
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
    this.batchTx = db.transaction((run: () => void) => run());
    this.createTx = db.transaction((e: NewEncounterRecord, events: readonly StoredEvent[], at: string, max: number | undefined) => {
      if (max !== undefined && (this.s.countEncounters.get() as number) >= max) throw new EncounterLimitError(max);
      this.s.insertEncounter.run({
        id: e.id,
        title: e.title,
        rules: e.rules,
        created_at: e.createdAt,
        archived: e.archived ? 1 : 0,
        gm_key_hash: e.gmKeyHash,
        player_key_hash: e.playerKeyHash,
        version: events.length,
        settings: JSON.stringify(e.settings),
      });
      insertEvents(e.id, events, at);
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
    try {
      // IMMEDIATE: the write lock is taken before the count, so another connection cannot insert in between.
      this.createTx.immediate(encounter, events, recordedAt, options.maxEncounters);
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new EncounterExistsError(encounter.id);
      throw e;
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
    } catch (e) {
      return Promise.reject(e);
    }
    return new Promise((resolve, reject) => {
      this.queued.push({ id, expectedVersion, events, recordedAt, options, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits every queued append in one transaction. */
  private flush(): void {
    this.flushScheduled = false;
    const batch = this.queued;
    this.queued = [];
    if (batch.length === 0 || !this.db.open) {
      for (const a of batch) a.reject(new StoreError('store/closed', 'The store is closed.'));
      return;
    }
    const outcomes: ({ version: number } | { error: unknown })[] = [];
    try {
      this.batchTx(() => {
        for (const a of batch) {
          try {
            outcomes.push({ version: this.appendTx(a.id, a.expectedVersion, a.events, a.recordedAt, a.options) });
          } catch (e) {
            outcomes.push({ error: this.conflictOf(e, a.id, a.expectedVersion) });
          }
        }
      });
    } catch (e) {
      for (const a of batch) a.reject(e);
      return;
    }
    batch.forEach((a, i) => {
      const o = outcomes[i]!;
      if ('error' in o) a.reject(o.error);
      else a.resolve(o);
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
    const sets: string[] = [];
    const values: unknown[] = [];
    const add = (column: string, value: unknown): void => {
      sets.push(`${column} = ?`);
      values.push(value);
    };
    if (changes.title !== undefined) add('title', changes.title);
    if (changes.archived !== undefined) add('archived', changes.archived ? 1 : 0);
    if (changes.settings !== undefined) add('settings', JSON.stringify(changes.settings));
    if (changes.gmKeyHash !== undefined) add('gm_key_hash', changes.gmKeyHash);
    if (changes.playerKeyHash !== undefined) add('player_key_hash', changes.playerKeyHash);
    if (sets.length > 0) this.db.prepare(`UPDATE encounters SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
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

  /** A consistent copy of the database while it is in use (SQLite's online backup). */
  async backup(destination: string): Promise<void> {
    preparePrivateDatabase(destination);
    await this.db.backup(destination);
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    this.flush();
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    this.db.close();
  }
}
