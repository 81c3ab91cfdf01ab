/**
 * The SQLite store on its own thread. better-sqlite3 is synchronous: with `synchronous=FULL` every
 * commit waits for an fsync (0.2 ms typically, tens of ms when the disk is busy), and on the main
 * thread that wait would stall every other request and socket. Here a worker thread owns the
 * connection; calls are messages (those of one event-loop turn in one message, as JSON), and appends
 * that arrive while it waits for the disk commit together in the next transaction. A promise settles
 * only after the worker's commit.
 */
import type { Worker } from 'node:worker_threads';
import { startThread, threadEntry } from '../threads/start-thread.ts';
import type { StoredEvent } from '../core/index.ts';
import {
  CampaignExistsError,
  CampaignNotFoundError,
  EncounterExistsError,
  EncounterLimitError,
  EncounterNotFoundError,
  StoreError,
  VersionConflictError,
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
import type { SqliteOptions } from './sqlite-event-store.ts';
import { SeatTakenError } from './seat-store.ts';
import type { SeatStore } from './seat-store.ts';
import type { CallMessage, ReplyMessage } from './sqlite-thread-worker.ts';
import { callSide } from './sqlite-thread-bytes.ts';
import type { PortraitStore } from './portrait-store.ts';

function rebuild(e: Record<string, unknown>): Error {
  const code = typeof e.code === 'string' ? e.code : undefined;
  const message = typeof e.message === 'string' ? e.message : 'SQLite store error';
  if (code === 'store/version-conflict') {
    const subject = e.subject === 'campaign' ? 'campaign' : 'encounter';
    return new VersionConflictError(String(e.encounterId), Number(e.expectedVersion), e.actualVersion as number | undefined, subject);
  }
  if (code === 'store/campaign-not-found') return new CampaignNotFoundError(String(e.campaignId));
  if (code === 'store/campaign-exists') return new CampaignExistsError(String(e.campaignId));
  if (code === 'store/not-found') return new EncounterNotFoundError(String(e.encounterId));
  if (code === 'store/exists') return new EncounterExistsError(String(e.encounterId));
  if (code === 'store/seat-taken') return new SeatTakenError(String(e.target));
  if (code === 'store/too-many-encounters') return new EncounterLimitError(Number(e.limit));
  if (code?.startsWith('store/')) return new StoreError(code, message);
  return Object.assign(new Error(message), code ? { code } : {});
}

export class ThreadedSqliteEventStore implements EventStore {
  readonly seats: SeatStore = {
    claimSeat: (seat) => this.call('seats.claimSeat', seat),
    putSeat: (seat) => this.call('seats.putSeat', seat),
    getSeat: (keyHash) => this.call('seats.getSeat', keyHash),
    listSeats: (scope) => this.call('seats.listSeats', scope),
    moveSeat: (scope, from, to) => this.call('seats.moveSeat', scope, from, to),
    freeSeat: (scope, target) => this.call('seats.freeSeat', scope, target),
  };

  readonly portraits: PortraitStore = {
    putPortrait: (portrait) => this.call('portraits.putPortrait', callSide.putPortraitArgs(portrait)),
    getPortrait: async (campaignId, owner) => callSide.getPortraitValue(await this.call('portraits.getPortrait', campaignId, owner)),
    deletePortrait: (campaignId, owner) => this.call('portraits.deletePortrait', campaignId, owner),
    listPortraits: (campaignId) => this.call('portraits.listPortraits', campaignId),
  };

  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private closed = false;
  /** Calls made during this event-loop turn, posted together (a message wakes the worker: costly). */
  private outbox: CallMessage[] = [];

  private constructor(private readonly worker: Worker) {
    worker.on('message', (batch: string) => {
      for (const m of JSON.parse(batch) as ReplyMessage[]) {
        const p = this.pending.get(m.id);
        if (!p) continue;
        this.pending.delete(m.id);
        if (m.ok) p.resolve(m.value);
        else p.reject(rebuild(m.error));
      }
    });
    const fail = (why: string) => () => {
      for (const p of this.pending.values()) p.reject(new StoreError('store/unavailable', `The database thread stopped (${why}).`));
      this.pending.clear();
      this.closed = true;
    };
    worker.on('error', fail('error'));
    worker.on('exit', fail('exit'));
  }

  /** Opens the database in a new worker thread (migrations included); rejects if it cannot. */
  static open(path: string, options: SqliteOptions = {}): Promise<ThreadedSqliteEventStore> {
    const worker = startThread(threadEntry('sqlite-thread-worker', import.meta.url), { path, options });
    return new Promise((resolve, reject) => {
      // Until the store owns the worker, its errors reject the open. The listener stays on a worker
      // that failed to open: an 'error' event with no listener would crash the process with a stack.
      const onError = (e: unknown) => reject(e);
      const onExit = (code: number) => reject(new StoreError('store/unavailable', `The database thread stopped (exit code ${code}) before opening the database.`));
      worker.on('error', onError);
      worker.once('exit', onExit);
      worker.once('message', (m: { ready: boolean; error?: Record<string, unknown> }) => {
        if (m.ready) {
          worker.off('error', onError);
          worker.off('exit', onExit);
          resolve(new ThreadedSqliteEventStore(worker));
        } else {
          reject(rebuild(m.error ?? {}));
          void worker.terminate();
        }
      });
    });
  }

  private call<T>(method: string, ...args: unknown[]): Promise<T> {
    if (this.closed) return Promise.reject(new StoreError('store/closed', 'The store is closed.'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      if (this.outbox.push({ id, method, args }) === 1) setImmediate(() => this.post());
    });
  }

  private post(): void {
    const batch = this.outbox;
    this.outbox = [];
    if (batch.length > 0) this.worker.postMessage(JSON.stringify(batch));
  }

  createEncounter(encounter: NewEncounterRecord, events: readonly StoredEvent[], recordedAt: string, options?: CreateOptions): Promise<EncounterRecord> {
    return this.call('createEncounter', encounter, events, recordedAt, options);
  }

  getEncounter(id: string): Promise<EncounterRecord | undefined> {
    return this.call('getEncounter', id);
  }
  listEncounters(): Promise<EncounterRecord[]> {
    return this.call('listEncounters');
  }
  countEncounters(): Promise<number> {
    return this.call('countEncounters');
  }
  append(id: string, expectedVersion: number, events: readonly StoredEvent[], recordedAt: string, options: AppendOptions = {}): Promise<{ version: number }> {
    return this.call('append', id, expectedVersion, events, recordedAt, options);
  }
  readEvents(id: string, after?: number, upTo?: number): Promise<StoredEvent[]> {
    return this.call('readEvents', id, after, upTo);
  }
  updateEncounter(id: string, changes: EncounterChanges): Promise<EncounterRecord | undefined> {
    return this.call('updateEncounter', id, changes);
  }
  deleteEncounter(id: string): Promise<boolean> {
    return this.call('deleteEncounter', id);
  }
  addRequest(request: NewRequestRecord): Promise<RequestRecord> {
    return this.call('addRequest', request);
  }
  resolveRequest(
    encounterId: string,
    id: number,
    status: Exclude<RequestStatus, 'pending'>,
    result: Readonly<Record<string, unknown>>,
    resolvedAt: string,
  ): Promise<RequestRecord | undefined> {
    return this.call('resolveRequest', encounterId, id, status, result, resolvedAt);
  }
  listRequests(encounterId: string, status?: RequestStatus): Promise<RequestRecord[]> {
    return this.call('listRequests', encounterId, status);
  }
  createCampaign(campaign: NewCampaignRecord, events: readonly StoredCampaignEvent[], recordedAt: string): Promise<CampaignRecord> {
    return this.call('createCampaign', campaign, events, recordedAt);
  }
  createCampaignWithEncounters(
    campaign: NewCampaignRecord,
    events: readonly StoredCampaignEvent[],
    encounters: readonly NewEncounterWithEvents[],
    recordedAt: string,
    options?: CreateOptions,
  ): Promise<CampaignRecord> {
    return this.call('createCampaignWithEncounters', campaign, events, encounters, recordedAt, options);
  }
  getCampaign(id: string): Promise<CampaignRecord | undefined> {
    return this.call('getCampaign', id);
  }
  listCampaigns(): Promise<CampaignRecord[]> {
    return this.call('listCampaigns');
  }
  appendCampaign(id: string, expectedVersion: number, events: readonly StoredCampaignEvent[], recordedAt: string): Promise<{ version: number }> {
    return this.call('appendCampaign', id, expectedVersion, events, recordedAt);
  }
  readCampaignEvents(id: string, after?: number, upTo?: number): Promise<StoredCampaignEvent[]> {
    return this.call('readCampaignEvents', id, after, upTo);
  }
  updateCampaign(id: string, changes: CampaignChanges): Promise<CampaignRecord | undefined> {
    return this.call('updateCampaign', id, changes);
  }
  setCampaignKeys(id: string, keys: CampaignKeys): Promise<CampaignRecord | undefined> {
    return this.call('setCampaignKeys', id, keys);
  }
  deleteCampaign(id: string): Promise<boolean> {
    return this.call('deleteCampaign', id);
  }
  listCampaignEncounters(campaignId: string): Promise<EncounterRecord[]> {
    return this.call('listCampaignEncounters', campaignId);
  }
  ping(): Promise<void> {
    return this.call('ping');
  }
  /** A consistent copy of the database while it is in use (SQLite's online backup). */
  backup(destination: string): Promise<void> {
    return this.call('backup', destination);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.call('close');
    this.post();
    this.closed = true;
    await this.worker.terminate();
  }
}
