/**
 * The in-memory adapter, for unit tests. Values are kept as JSON text, as a database would, so a
 * caller mutating what it passed or got back cannot change the store.
 */
import type { StoredEvent } from '../core/index.ts';
import { MemoryPortraits } from './memory-portraits.ts';
import { MemorySeats } from './memory-seats.ts';
import { portraitPort } from './sub-ports.ts';
import {
  CampaignExistsError,
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

interface Stream {
  record: string;
  events: string[];
  requests: string[];
}

interface CampaignStream {
  record: string;
  events: string[];
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Oldest first; stable, so equal creation times keep insertion order, as the SQLite adapter's rowid does. */
const byCreation = <T extends { readonly createdAt: string }>(all: T[]): T[] =>
  all.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));

export class MemoryEventStore implements EventStore {
  private readonly streams = new Map<string, Stream>();
  private readonly campaigns = new Map<string, CampaignStream>();
  readonly seats = new MemorySeats();
  private readonly portraitRows = new MemoryPortraits();
  readonly portraits = portraitPort(this.portraitRows, (id) => this.campaigns.has(id));

  private stream(id: string): Stream {
    const s = this.streams.get(id);
    if (!s) throw new EncounterNotFoundError(id);
    return s;
  }

  async createEncounter(encounter: NewEncounterRecord, events: readonly StoredEvent[], _recordedAt: string, options: CreateOptions = {}): Promise<EncounterRecord> {
    const record = this.checkedEncounter(encounter, events, encounter.campaignId ?? null);
    // No await before the insert: the check and the insert are one step.
    if (options.maxEncounters !== undefined && this.streams.size >= options.maxEncounters) throw new EncounterLimitError(options.maxEncounters);
    this.streams.set(encounter.id, { record: JSON.stringify(record), events: events.map((e) => JSON.stringify(e)), requests: [] });
    return JSON.parse(JSON.stringify(record)) as EncounterRecord;
  }

  /** The row of a new encounter, or the error that refuses it (nothing stored either way). */
  private checkedEncounter(encounter: NewEncounterRecord, events: readonly StoredEvent[], campaignId: string | null): EncounterRecord {
    if (this.streams.has(encounter.id)) throw new EncounterExistsError(encounter.id);
    checkNumbering(encounter.id, 0, events);
    const progress = checkProgress(encounter.id, encounter.progress ?? INITIAL_PROGRESS);
    if (campaignId !== null && !this.campaigns.has(campaignId)) throw new CampaignNotFoundError(campaignId);
    return { ...encounter, archived: encounter.archived ?? false, version: events.length, campaignId, progress };
  }

  async getEncounter(id: string): Promise<EncounterRecord | undefined> {
    const s = this.streams.get(id);
    return s ? (JSON.parse(s.record) as EncounterRecord) : undefined;
  }

  async listEncounters(): Promise<EncounterRecord[]> {
    return byCreation([...this.streams.values()].map((s) => JSON.parse(s.record) as EncounterRecord));
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
    const progress = options.progress === undefined ? record.progress : checkProgress(id, options.progress);
    const resolve = options.resolveRequest;
    if (resolve) {
      const raw = s.requests[resolve.id - 1];
      if (raw === undefined || (JSON.parse(raw) as RequestRecord).status !== 'pending') throw notPending(id, resolve.id);
      s.requests[resolve.id - 1] = JSON.stringify({ ...(JSON.parse(raw) as RequestRecord), status: 'accepted', result: resolve.result, resolvedAt: recordedAt });
    }
    const version = expectedVersion + events.length;
    s.events.push(...events.map((e) => JSON.stringify(e)));
    s.record = JSON.stringify({ ...record, version, progress });
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
    if (typeof changes.campaignId === 'string' && !this.campaigns.has(changes.campaignId)) throw new CampaignNotFoundError(changes.campaignId);
    const record = { ...(JSON.parse(s.record) as EncounterRecord), ...defined };
    s.record = JSON.stringify(record);
    return JSON.parse(s.record) as EncounterRecord;
  }

  async deleteEncounter(id: string): Promise<boolean> {
    this.seats.dropScope({ kind: 'encounter', id });
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

  async createCampaign(campaign: NewCampaignRecord, events: readonly StoredCampaignEvent[], _recordedAt: string): Promise<CampaignRecord> {
    const record = this.checkedCampaign(campaign, events);
    this.campaigns.set(campaign.id, { record: JSON.stringify(record), events: events.map((e) => JSON.stringify(e)) });
    return copy(record);
  }

  private checkedCampaign(campaign: NewCampaignRecord, events: readonly StoredCampaignEvent[]): CampaignRecord {
    if (this.campaigns.has(campaign.id)) throw new CampaignExistsError(campaign.id);
    checkNumbering(campaign.id, 0, events);
    return {
      ...campaign,
      archived: campaign.archived ?? false,
      version: events.length,
      playerKeyHash: campaign.playerKeyHash ?? null,
      tvKeyHash: campaign.tvKeyHash ?? null,
    };
  }

  /** Everything is checked first, then stored with no await in between: all of it or nothing. */
  async createCampaignWithEncounters(
    campaign: NewCampaignRecord,
    events: readonly StoredCampaignEvent[],
    encounters: readonly NewEncounterWithEvents[],
    _recordedAt: string,
    options: CreateOptions = {},
  ): Promise<CampaignRecord> {
    const record = this.checkedCampaign(campaign, events);
    const ids = new Set<string>();
    const rows = encounters.map((e) => {
      if (ids.has(e.record.id)) throw new EncounterExistsError(e.record.id);
      ids.add(e.record.id);
      return this.checkedEncounter(e.record, e.events, null);
    });
    if (options.maxEncounters !== undefined && this.streams.size + encounters.length > options.maxEncounters) throw new EncounterLimitError(options.maxEncounters);
    this.campaigns.set(campaign.id, { record: JSON.stringify(record), events: events.map((e) => JSON.stringify(e)) });
    rows.forEach((row, i) => {
      const stored = { ...row, campaignId: campaign.id };
      this.streams.set(row.id, { record: JSON.stringify(stored), events: encounters[i]!.events.map((e) => JSON.stringify(e)), requests: [] });
    });
    return copy(record);
  }

  async getCampaign(id: string): Promise<CampaignRecord | undefined> {
    const c = this.campaigns.get(id);
    return c ? (JSON.parse(c.record) as CampaignRecord) : undefined;
  }

  async listCampaigns(): Promise<CampaignRecord[]> {
    return byCreation([...this.campaigns.values()].map((c) => JSON.parse(c.record) as CampaignRecord));
  }

  async appendCampaign(id: string, expectedVersion: number, events: readonly StoredCampaignEvent[], _recordedAt: string): Promise<{ version: number }> {
    const c = this.campaigns.get(id);
    if (!c) throw new CampaignNotFoundError(id);
    checkNumbering(id, expectedVersion, events);
    const record = JSON.parse(c.record) as CampaignRecord;
    if (record.version !== expectedVersion) throw new VersionConflictError(id, expectedVersion, record.version, 'campaign');
    const version = expectedVersion + events.length;
    c.events.push(...events.map((e) => JSON.stringify(e)));
    c.record = JSON.stringify({ ...record, version });
    return { version };
  }

  async readCampaignEvents(id: string, after = 0, upTo = Number.MAX_SAFE_INTEGER): Promise<StoredCampaignEvent[]> {
    const c = this.campaigns.get(id);
    if (!c) return [];
    return c.events.slice(Math.max(0, after), Math.max(0, upTo)).map((e) => JSON.parse(e) as StoredCampaignEvent);
  }

  async updateCampaign(id: string, changes: CampaignChanges): Promise<CampaignRecord | undefined> {
    const c = this.campaigns.get(id);
    if (!c) return undefined;
    const { title, archived } = changes;
    const record = JSON.parse(c.record) as CampaignRecord;
    c.record = JSON.stringify({ ...record, ...(title !== undefined ? { title } : {}), ...(archived !== undefined ? { archived } : {}) });
    return JSON.parse(c.record) as CampaignRecord;
  }

  async setCampaignKeys(id: string, keys: CampaignKeys): Promise<CampaignRecord | undefined> {
    const c = this.campaigns.get(id);
    if (!c) return undefined;
    const { playerKeyHash, tvKeyHash } = keys;
    const record = JSON.parse(c.record) as CampaignRecord;
    c.record = JSON.stringify({ ...record, ...(playerKeyHash !== undefined ? { playerKeyHash } : {}), ...(tvKeyHash !== undefined ? { tvKeyHash } : {}) });
    return JSON.parse(c.record) as CampaignRecord;
  }

  async deleteCampaign(id: string): Promise<boolean> {
    if (!this.campaigns.delete(id)) return false;
    this.seats.dropScope({ kind: 'campaign', id });
    this.portraitRows.dropCampaign(id);
    for (const s of this.streams.values()) {
      const record = JSON.parse(s.record) as EncounterRecord;
      if (record.campaignId === id) s.record = JSON.stringify({ ...record, campaignId: null });
    }
    return true;
  }

  async listCampaignEncounters(campaignId: string): Promise<EncounterRecord[]> {
    return (await this.listEncounters()).filter((e) => e.campaignId === campaignId);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}
}
