/**
 * The event store: one port (event-store.ts: append with the expected version, read, encounters with
 * their progress, requests, campaigns), its adapters (memory; SQLite on better-sqlite3, on its own
 * thread in the server; PostgreSQL on pg), the change-feed port that tells one process another changed
 * the store, and store faults told apart for the GM. Every adapter runs conformance.ts.
 */
export { localChangeFeed } from './change-feed.ts';
export type { ChangeFeed, EncounterChange } from './change-feed.ts';
export { StoreError, checkProgress, isEncounterExists, isEncounterLimit, isEncounterNotFound, isVersionConflict } from './event-store.ts';
export type { CampaignKeys, CampaignRecord, EncounterProgress, EncounterRecord, EventStore, NewEncounterRecord, RequestRecord, RequestStatus, StoredCampaignEvent } from './event-store.ts';
export { PORTRAIT_TYPES } from './portrait-store.ts';
export type { NewPortrait, Portrait, PortraitInfo, PortraitStore, PortraitType } from './portrait-store.ts';
export { SeatTakenError, isSeatTaken, sameScope } from './seat-store.ts';
export type { SeatRecord, SeatScope, SeatStore } from './seat-store.ts';
export { MemoryEventStore } from './memory-event-store.ts';
export { PostgresChangeFeed } from './postgres-change-feed.ts';
export { PostgresEventStore } from './postgres-event-store.ts';
export { PostgresRateLimiter } from './postgres-rate-limiter.ts';
export { sharedSetting } from './postgres-settings.ts';
export { SqliteEventStore } from './sqlite-event-store.ts';
export type { SqliteSync } from './sqlite-event-store.ts';
export { ThreadedSqliteEventStore } from './sqlite-thread.ts';
export { storeFault } from './store-faults.ts';
export type { StoreFault } from './store-faults.ts';
