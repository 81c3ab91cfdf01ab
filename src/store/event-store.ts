/**
 * The event-store port: one append-only stream of events per encounter, plus the encounter's row
 * (title, rules, archived flag, key hashes, settings) and the players' requests. Appends carry the
 * version the caller read; a stale version is a conflict, never an overwrite. Every adapter (memory,
 * SQLite, later PostgreSQL) passes the same suite, `conformance.ts`.
 */
import type { StoredEvent } from '../core/index.ts';

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
}

export type NewEncounterRecord = Omit<EncounterRecord, 'version' | 'archived'> & { readonly archived?: boolean };

export interface EncounterChanges {
  readonly title?: string;
  readonly archived?: boolean;
  readonly settings?: Readonly<Record<string, unknown>>;
  readonly gmKeyHash?: string;
  readonly playerKeyHash?: string;
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
}

export interface CreateOptions {
  /**
   * Refuse when the store already holds this many encounters: EncounterLimitError, nothing written.
   * Checked in the transaction that inserts, so concurrent creates never pass it.
   */
  readonly maxEncounters?: number;
}

export interface EventStore {
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
  close(): Promise<void>;
}

/** Errors of the store carry a stable code; guards check the code, not the class. */
export class StoreError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

export class VersionConflictError extends StoreError {
  constructor(
    readonly encounterId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number | undefined,
  ) {
    super(
      'store/version-conflict',
      `Encounter ${encounterId} is at version ${actualVersion ?? 'unknown'}, not ${expectedVersion}: someone else changed it first.`,
    );
    this.name = 'VersionConflictError';
  }
}

export class EncounterNotFoundError extends StoreError {
  constructor(readonly encounterId: string) {
    super('store/not-found', `There is no encounter ${encounterId}.`);
    this.name = 'EncounterNotFoundError';
  }
}

export class EncounterExistsError extends StoreError {
  constructor(readonly encounterId: string) {
    super('store/exists', `There is already an encounter ${encounterId}.`);
    this.name = 'EncounterExistsError';
  }
}

export class EncounterLimitError extends StoreError {
  constructor(readonly limit: number) {
    super('store/too-many-encounters', `The store holds at most ${limit} encounters.`);
    this.name = 'EncounterLimitError';
  }
}

function hasCode(e: unknown, code: string): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === code;
}

export function isVersionConflict(e: unknown): e is VersionConflictError {
  return hasCode(e, 'store/version-conflict');
}

export function isEncounterNotFound(e: unknown): e is EncounterNotFoundError {
  return hasCode(e, 'store/not-found');
}

export function isEncounterLimit(e: unknown): e is EncounterLimitError {
  return hasCode(e, 'store/too-many-encounters');
}

export function isEncounterExists(e: unknown): e is EncounterExistsError {
  return hasCode(e, 'store/exists');
}

/** Checks that `events` are numbered expectedVersion+1, +2, ... (the adapters share it). */
export function checkNumbering(id: string, expectedVersion: number, events: readonly StoredEvent[]): void {
  if (!Number.isSafeInteger(expectedVersion) || expectedVersion < 0) {
    throw new StoreError('store/bad-version', `The expected version of ${id} must be a whole number from 0, not ${expectedVersion}.`);
  }
  events.forEach((e, i) => {
    if (e.seq !== expectedVersion + i + 1) {
      throw new StoreError('store/bad-sequence', `Event ${i} of the append to ${id} has seq ${e.seq}, expected ${expectedVersion + i + 1}.`);
    }
  });
}

export function notPending(encounterId: string, requestId: number): StoreError {
  return new StoreError('store/request-not-pending', `Request ${requestId} of encounter ${encounterId} is not pending.`);
}
