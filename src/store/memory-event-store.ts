/**
 * The in-memory adapter, for unit tests. Values are kept as JSON text, as a database would, so a
 * caller mutating what it passed or got back cannot change the store.
 */
import type { StoredEvent } from '../core/index.ts';
import {
  EncounterExistsError,
  EncounterLimitError,
  EncounterNotFoundError,
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

interface Stream {
  record: string;
  events: string[];
  requests: string[];
}

export class MemoryEventStore implements EventStore {
  private readonly streams = new Map<string, Stream>();

  private stream(id: string): Stream {
    const s = this.streams.get(id);
    if (!s) throw new EncounterNotFoundError(id);
    return s;
  }

  async createEncounter(encounter: NewEncounterRecord, events: readonly StoredEvent[], _recordedAt: string, options: CreateOptions = {}): Promise<EncounterRecord> {
    if (this.streams.has(encounter.id)) throw new EncounterExistsError(encounter.id);
    checkNumbering(encounter.id, 0, events);
    // No await before the insert: the check and the insert are one step.
    if (options.maxEncounters !== undefined && this.streams.size >= options.maxEncounters) throw new EncounterLimitError(options.maxEncounters);
    const record: EncounterRecord = { ...encounter, archived: encounter.archived ?? false, version: events.length };
    this.streams.set(encounter.id, { record: JSON.stringify(record), events: events.map((e) => JSON.stringify(e)), requests: [] });
    return JSON.parse(JSON.stringify(record)) as EncounterRecord;
  }

  async getEncounter(id: string): Promise<EncounterRecord | undefined> {
    const s = this.streams.get(id);
    return s ? (JSON.parse(s.record) as EncounterRecord) : undefined;
  }

  async listEncounters(): Promise<EncounterRecord[]> {
    const all = [...this.streams.values()].map((s) => JSON.parse(s.record) as EncounterRecord);
    // Stable: equal creation times keep insertion order, as the SQLite adapter's rowid does.
    return all.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  }

  async countEncounters(): Promise<number> {
    return this.streams.size;
  }

  async append(
    id: string,
    expectedVersion: number,
    events: readonly StoredEvent[],
    recordedAt: string,
    options: AppendOptions = {},
  ): Promise<{ version: number }> {
    const s = this.stream(id);
    checkNumbering(id, expectedVersion, events);
    const record = JSON.parse(s.record) as EncounterRecord;
    if (record.version !== expectedVersion) throw new VersionConflictError(id, expectedVersion, record.version);
    const resolve = options.resolveRequest;
    if (resolve) {
      const raw = s.requests[resolve.id - 1];
      if (raw === undefined || (JSON.parse(raw) as RequestRecord).status !== 'pending') throw notPending(id, resolve.id);
      s.requests[resolve.id - 1] = JSON.stringify({ ...(JSON.parse(raw) as RequestRecord), status: 'accepted', result: resolve.result, resolvedAt: recordedAt });
    }
    const version = expectedVersion + events.length;
    s.events.push(...events.map((e) => JSON.stringify(e)));
    s.record = JSON.stringify({ ...record, version });
    return { version };
  }

  async readEvents(id: string, after = 0, upTo = Number.MAX_SAFE_INTEGER): Promise<StoredEvent[]> {
    const s = this.streams.get(id);
    if (!s) return [];
    return s.events.slice(Math.max(0, after), Math.max(0, upTo)).map((e) => JSON.parse(e) as StoredEvent);
  }

  async updateEncounter(id: string, changes: EncounterChanges): Promise<EncounterRecord | undefined> {
    const s = this.streams.get(id);
    if (!s) return undefined;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const record = { ...(JSON.parse(s.record) as EncounterRecord), ...defined };
    s.record = JSON.stringify(record);
    return JSON.parse(s.record) as EncounterRecord;
  }

  async deleteEncounter(id: string): Promise<boolean> {
    return this.streams.delete(id);
  }

  async addRequest(request: NewRequestRecord): Promise<RequestRecord> {
    const s = this.stream(request.encounterId);
    const record: RequestRecord = { ...request, id: s.requests.length + 1, status: 'pending', resolvedAt: null, result: null };
    s.requests.push(JSON.stringify(record));
    return JSON.parse(JSON.stringify(record)) as RequestRecord;
  }

  async resolveRequest(
    encounterId: string,
    id: number,
    status: Exclude<RequestStatus, 'pending'>,
    result: Readonly<Record<string, unknown>>,
    resolvedAt: string,
  ): Promise<RequestRecord | undefined> {
    const s = this.streams.get(encounterId);
    const raw = s?.requests[id - 1];
    if (!s || raw === undefined || !Number.isInteger(id)) return undefined;
    const old = JSON.parse(raw) as RequestRecord;
    if (old.status !== 'pending') return undefined;
    const next: RequestRecord = { ...old, status, result, resolvedAt };
    s.requests[id - 1] = JSON.stringify(next);
    return JSON.parse(s.requests[id - 1]!) as RequestRecord;
  }

  async listRequests(encounterId: string, status?: RequestStatus): Promise<RequestRecord[]> {
    const s = this.streams.get(encounterId);
    if (!s) return [];
    return s.requests.map((r) => JSON.parse(r) as RequestRecord).filter((r) => status === undefined || r.status === status);
  }

  async close(): Promise<void> {}
}
