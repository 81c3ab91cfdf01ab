/**
 * The event-store port: one append-only stream of events per encounter, plus the encounter's row
 * (title, rules, archived flag, key hashes, settings, campaign, progress) and the players' requests;
 * and one append-only stream per campaign with its row. Appends carry the version the caller read; a
 * stale version is a conflict, never an overwrite. Every adapter (memory, SQLite, PostgreSQL)
 * passes the same suite, `conformance.ts`.
 */
import type { StoredEvent } from '../core/index.ts';
import type { PortraitStore } from './portrait-store.ts';
import type { SeatStore } from './seat-store.ts';
import type { EncounterProgress } from './store-errors.ts';

/** Where an encounter stands, kept in its row for lists (written with the events that change it). */
export type { EncounterProgress };

/** An encounter's progress before its first append says otherwise. */
export const INITIAL_PROGRESS: EncounterProgress = Object.freeze({ status: 'setup', round: 0 });

export interface EncounterRecord {
  readonly id: string;
  readonly title: string;
  /** Rule module id. */
  readonly rules: string;
  /** ISO 8601. */
  readonly createdAt: string;
  readonly archived: boolean;
  /** sha256 (hex) of the GM key; the key itself is never stored. */
  readonly gmKeyHash: string;
  /** sha256 (hex) of the player key. */
  readonly playerKeyHash: string;
  /** Seq of the last event (0: none). */
  readonly version: number;
  /** The server's per-encounter settings (player view, auto-accept), plain JSON. */
  readonly settings: Readonly<Record<string, unknown>>;
  /** The campaign the encounter is a fight of; null when none (or its campaign was deleted). */
  readonly campaignId: string | null;
  readonly progress: EncounterProgress;
}

export type NewEncounterRecord = Omit<EncounterRecord, 'version' | 'archived' | 'campaignId' | 'progress'> & {
  readonly archived?: boolean;
  /** Default null. Throws CampaignNotFoundError (nothing written) when there is no such campaign. */
  readonly campaignId?: string | null;
  /** Default INITIAL_PROGRESS. */
  readonly progress?: EncounterProgress;
};

export interface EncounterChanges {
  readonly title?: string;
  readonly archived?: boolean;
  readonly settings?: Readonly<Record<string, unknown>>;
  readonly gmKeyHash?: string;
  readonly playerKeyHash?: string;
  /** Null detaches it. Throws CampaignNotFoundError (nothing written) when there is no such campaign. */
  readonly campaignId?: string | null;
}

/** A campaign's stored event: same envelope as encounters. `event` is opaque JSON with a string `type`. */
export interface StoredCampaignEvent {
  readonly seq: number;
  readonly cmd: number;
  readonly event: { readonly type: string; readonly [k: string]: unknown };
}

export interface CampaignRecord {
  readonly id: string;
  readonly title: string;
  /** Rule module id: one campaign is one game. */
  readonly rules: string;
  /** ISO 8601. */
  readonly createdAt: string;
  readonly archived: boolean;
  /** Seq of the last campaign event (0: none). */
  readonly version: number;
  /** sha256 (hex) of the campaign's lasting player ("table") key; null: no link made yet. The key itself is never stored. */
  readonly playerKeyHash: string | null;
  /** sha256 (hex) of the campaign's lasting TV key; null: no link made yet. */
  readonly tvKeyHash: string | null;
}

/** The key hashes default to null (no link yet); a campaign imported from a file is created without them. */
export type NewCampaignRecord = Omit<CampaignRecord, 'version' | 'archived' | 'playerKeyHash' | 'tvKeyHash'> & {
  readonly archived?: boolean;
  readonly playerKeyHash?: string | null;
  readonly tvKeyHash?: string | null;
};

export interface CampaignChanges {
  readonly title?: string;
  readonly archived?: boolean;
}

/** The campaign key hashes to set (sha256 hex); an omitted one is left as it is. */
export interface CampaignKeys {
  readonly playerKeyHash?: string;
  readonly tvKeyHash?: string;
}

export type RequestStatus = 'pending' | 'accepted' | 'rejected';

/** A player's request, waiting for the GM (or auto-accepted). */
export interface RequestRecord {
  readonly encounterId: string;
  /** 1-based, per encounter. */
  readonly id: number;
  readonly kind: string;
  /** The combatant (id) the request is for. */
  readonly combatant: string;
  /** The engine command the request would run. */
  readonly command: Readonly<Record<string, unknown>>;
  readonly status: RequestStatus;
  readonly createdAt: string;
  readonly resolvedAt: string | null;
  /** Accepted: `{version}`; rejected: `{reason}`. */
  readonly result: Readonly<Record<string, unknown>> | null;
}

export type NewRequestRecord = Pick<RequestRecord, 'encounterId' | 'kind' | 'combatant' | 'command' | 'createdAt'>;

export interface AppendOptions {
  /**
   * Resolve this pending request in the same transaction (a player request the GM accepted): the
   * events and the request's new status are committed together or not at all. Throws StoreError
   * `store/request-not-pending` (nothing written) when it is not pending.
   */
  readonly resolveRequest?: { readonly id: number; readonly result: Readonly<Record<string, unknown>> };
  /** The encounter's new progress, written in the same transaction as the events. Unchanged when absent. */
  readonly progress?: EncounterProgress;
}

export interface CreateOptions {
  /**
   * Refuse when the store already holds this many encounters: EncounterLimitError, nothing written.
   * Checked in the transaction that inserts, so concurrent creates never pass it.
   */
  readonly maxEncounters?: number;
}

/** An encounter to create with its first events (seq 1..k), as part of a campaign's creation. */
export interface NewEncounterWithEvents {
  readonly record: NewEncounterRecord;
  readonly events: readonly StoredEvent[];
}

export interface EventStore {
  /** Which phone plays which player character (seat-store.ts). */
  readonly seats: SeatStore;
  /** The campaigns' PC and template images (portrait-store.ts). */
  readonly portraits: PortraitStore;

  /**
   * Create an encounter with its first events (seq 1..k) in one transaction. Throws
   * EncounterExistsError, or EncounterLimitError when `options.maxEncounters` is reached.
   */
  createEncounter(encounter: NewEncounterRecord, events: readonly StoredEvent[], recordedAt: string, options?: CreateOptions): Promise<EncounterRecord>;
  getEncounter(id: string): Promise<EncounterRecord | undefined>;
  /** Every encounter, oldest first. */
  listEncounters(): Promise<EncounterRecord[]>;
  countEncounters(): Promise<number>;
  /**
   * Append events seq expectedVersion+1 .. expectedVersion+k in one transaction. Throws
   * VersionConflictError when the stream is not at `expectedVersion` (nothing is written),
   * EncounterNotFoundError when there is no such encounter, StoreError for misnumbered events.
   */
  append(
    id: string,
    expectedVersion: number,
    events: readonly StoredEvent[],
    recordedAt: string,
    options?: AppendOptions,
  ): Promise<{ version: number }>;
  /** Events with after < seq <= upTo, in order. */
  readEvents(id: string, after?: number, upTo?: number): Promise<StoredEvent[]>;
  /** Undefined when there is no such encounter. */
  updateEncounter(id: string, changes: EncounterChanges): Promise<EncounterRecord | undefined>;
  /** Removes the encounter, its events and its requests. False when there was none. */
  deleteEncounter(id: string): Promise<boolean>;
  /** Stores a pending request with the next id. Throws EncounterNotFoundError. */
  addRequest(request: NewRequestRecord): Promise<RequestRecord>;
  /** Resolves a pending request; undefined when there is none with that id or it is not pending. */
  resolveRequest(
    encounterId: string,
    id: number,
    status: Exclude<RequestStatus, 'pending'>,
    result: Readonly<Record<string, unknown>>,
    resolvedAt: string,
  ): Promise<RequestRecord | undefined>;
  /** Requests in id order, optionally only those with a status. */
  listRequests(encounterId: string, status?: RequestStatus): Promise<RequestRecord[]>;
  /** Create a campaign with its first events (seq 1..k) in one transaction. Throws CampaignExistsError. */
  createCampaign(record: NewCampaignRecord, events: readonly StoredCampaignEvent[], recordedAt: string): Promise<CampaignRecord>;
  /**
   * Create a campaign with its first events and its encounters (each with its first events, each the
   * campaign's whatever its `campaignId` says) in one transaction: all of it, or (on an error, or a
   * crash before the commit) nothing. Throws CampaignExistsError, EncounterExistsError, or
   * EncounterLimitError when the encounters would take the store past `options.maxEncounters`.
   */
  createCampaignWithEncounters(
    record: NewCampaignRecord,
    events: readonly StoredCampaignEvent[],
    encounters: readonly NewEncounterWithEvents[],
    recordedAt: string,
    options?: CreateOptions,
  ): Promise<CampaignRecord>;
  getCampaign(id: string): Promise<CampaignRecord | undefined>;
  /** Every campaign, oldest first. */
  listCampaigns(): Promise<CampaignRecord[]>;
  /**
   * Append campaign events seq expectedVersion+1 .. expectedVersion+k in one transaction. Throws
   * VersionConflictError (subject 'campaign'; nothing written), CampaignNotFoundError, StoreError for
   * misnumbered events.
   */
  appendCampaign(id: string, expectedVersion: number, events: readonly StoredCampaignEvent[], recordedAt: string): Promise<{ version: number }>;
  /** Campaign events with after < seq <= upTo, in order. */
  readCampaignEvents(id: string, after?: number, upTo?: number): Promise<StoredCampaignEvent[]>;
  /** Undefined when there is no such campaign. */
  updateCampaign(id: string, changes: CampaignChanges): Promise<CampaignRecord | undefined>;
  /** Sets the given key hashes (an omitted one stays as it is); the updated record, or undefined when there is no such campaign. */
  setCampaignKeys(id: string, keys: CampaignKeys): Promise<CampaignRecord | undefined>;
  /** Removes the campaign and its events; its encounters stay, their campaignId set to null. False when there was none. */
  deleteCampaign(id: string): Promise<boolean>;
  /** The campaign's encounters, oldest first ([] for an unknown campaign). */
  listCampaignEncounters(campaignId: string): Promise<EncounterRecord[]>;
  /** Resolves when the database answers a trivial query; rejects with the driver's error when it cannot (the health check). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export {
  CampaignExistsError,
  CampaignNotFoundError,
  EncounterExistsError,
  EncounterLimitError,
  EncounterNotFoundError,
  StoreError,
  VersionConflictError,
  checkNumbering,
  checkProgress,
  isCampaignExists,
  isCampaignNotFound,
  isEncounterExists,
  isEncounterLimit,
  isEncounterNotFound,
  isVersionConflict,
  notPending,
} from './store-errors.ts';
