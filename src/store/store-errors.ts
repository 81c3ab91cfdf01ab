/**
 * The store's errors and the checks every adapter shares: each error has a stable `code` (the server
 * tells them apart by it: store-faults.ts), and guards check the code, not the class.
 */

/** Where an encounter stands, kept on its row (event-store.ts re-exports it). */
export interface EncounterProgress {
  readonly status: 'setup' | 'running' | 'ended';
  readonly round: number;
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

/**
 * The stream was not at the expected version. `encounterId` is the id of the stream: an encounter's,
 * or a campaign's when `subject` is 'campaign'.
 */
export class VersionConflictError extends StoreError {
  constructor(
    readonly encounterId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number | undefined,
    readonly subject: 'encounter' | 'campaign' = 'encounter',
  ) {
    super(
      'store/version-conflict',
      `${subject === 'campaign' ? 'Campaign' : 'Encounter'} ${encounterId} is at version ${actualVersion ?? 'unknown'}, not ${expectedVersion}: someone else changed it first.`,
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

export class CampaignNotFoundError extends StoreError {
  constructor(readonly campaignId: string) {
    super('store/campaign-not-found', `There is no campaign ${campaignId}.`);
    this.name = 'CampaignNotFoundError';
  }
}

export class CampaignExistsError extends StoreError {
  constructor(readonly campaignId: string) {
    super('store/campaign-exists', `There is already a campaign ${campaignId}.`);
    this.name = 'CampaignExistsError';
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

export function isCampaignNotFound(e: unknown): e is CampaignNotFoundError {
  return hasCode(e, 'store/campaign-not-found');
}

export function isCampaignExists(e: unknown): e is CampaignExistsError {
  return hasCode(e, 'store/campaign-exists');
}

/** Checks that `events` are numbered expectedVersion+1, +2, ... (the adapters share it). */
export function checkNumbering(id: string, expectedVersion: number, events: readonly { readonly seq: number }[]): void {
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

/** Checks an encounter's progress (adapters share it); returns its two fields only, as stored. */
export function checkProgress(id: string, progress: EncounterProgress): EncounterProgress {
  const { status, round } = progress;
  if ((status !== 'setup' && status !== 'running' && status !== 'ended') || !Number.isSafeInteger(round) || round < 0) {
    throw new StoreError('store/bad-progress', `The progress of ${id} must be a status (setup, running, ended) and a round from 0, not ${JSON.stringify(progress)}.`);
  }
  return { status, round };
}
