/**
 * The change-feed port: how a server instance learns that another one changed an encounter in the
 * store it shares with it. The feed says which encounter changed (and its version, or which request);
 * an append's change carries its events when they fit, and the listener folds them without reading
 * them back; otherwise listeners read what changed from the store. The memory and SQLite stores run in
 * one process and need none (`localChangeFeed`); PostgreSQL's LISTEN/NOTIFY is `postgres-change-feed.ts`.
 */
import type { StoredEvent } from '../core/index.ts';
import type { EncounterProgress } from './event-store.ts';

export interface EncounterChange {
  readonly encounterId: string;
  /** The encounter's version after the change; -1 once it is deleted; absent for a request's change. */
  readonly version?: number;
  /** The request that was added or resolved. */
  readonly requestId?: number;
  /**
   * An append's events, in order, the last one at `version` (absent when they did not fit the
   * notification, or the change was not an append: read the store).
   */
  readonly events?: readonly StoredEvent[];
  /** The encounter's progress after the append, when the append moved it. */
  readonly progress?: EncounterProgress;
}

export interface ChangeListener {
  /** Another process committed a change to this encounter (delivered after the commit). */
  change(change: EncounterChange): void;
  /** Changes may have been missed (the feed lost its connection and has it again): check everything held in memory. */
  resync(): void;
}

export interface ChangeFeed {
  /**
   * True when other processes write the same store: whatever a process holds in memory may be behind
   * it, and must be checked against the store before it is served.
   */
  readonly shared: boolean;
  /**
   * True while every change is being delivered (the feed is connected): what a process holds may be
   * served as it is, the changes still to come arriving as they commit. False (or absent) means check
   * the store before serving. After a gap the feed calls `resync`.
   */
  readonly live?: boolean;
  /**
   * The store's versions of these encounters (those it has; undefined when it cannot tell now). Where
   * changes are announced after their commit (PostgreSQL), a writer that dies between the two leaves a
   * change unannounced: a process checks what it holds with this now and then.
   */
  versions?(ids: readonly string[]): Promise<ReadonlyMap<string, number> | undefined>;
  /** Delivers the other processes' changes to `listener` until the returned function is called. */
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
}

/** One process owns the store: nobody else changes it, there is nothing to hear. */
export function localChangeFeed(): ChangeFeed {
  return { shared: false, subscribe: () => () => {}, close: async () => {} };
}
