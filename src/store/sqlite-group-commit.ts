/**
 * Group commit for the SQLite adapter: writes queued during one event-loop turn commit together, in
 * one transaction (one fsync), each inside its own savepoint (its own `db.transaction`, nested) so an
 * error refuses only that write. Each promise settles after the commit: acknowledged means committed.
 * Some errors end the whole transaction, not just the savepoint (SQLITE_FULL: the disk is full; I/O
 * errors): SQLite has rolled back every write of the batch, so every one is refused with that error
 * and the rest are not run (outside the transaction they would commit on their own).
 */
import type Database from 'better-sqlite3';
import { StoreError } from './event-store.ts';

interface QueuedWrite {
  /** Runs inside the batch transaction; returns the stream's new version, or throws to refuse only itself. */
  readonly write: () => number;
  readonly resolve: (r: { version: number }) => void;
  readonly reject: (e: unknown) => void;
}

export class GroupCommit {
  private queued: QueuedWrite[] = [];
  private flushScheduled = false;
  private readonly batchTx;

  constructor(private readonly db: Database.Database) {
    this.batchTx = db.transaction((run: () => void) => run());
  }

  /** Queues `write` for the commit at the end of this event-loop turn. */
  enqueue(write: () => number): Promise<{ version: number }> {
    return new Promise((resolve, reject) => {
      this.queued.push({ write, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits every queued write in one transaction. */
  flush(): void {
    this.flushScheduled = false;
    const batch = this.queued;
    this.queued = [];
    if (batch.length === 0 || !this.db.open) {
      for (const a of batch) a.reject(new StoreError('store/closed', 'The store is closed.'));
      return;
    }
    const outcomes: ({ version: number } | { error: unknown })[] = [];
    /** The error that made SQLite roll back the batch's transaction, if one did. */
    let ended: { error: unknown } | undefined;
    try {
      this.batchTx(() => {
        for (const a of batch) {
          try {
            outcomes.push({ version: a.write() });
          } catch (e) {
            outcomes.push({ error: e });
            if (!this.db.inTransaction) {
              ended = { error: e };
              return;
            }
          }
        }
      });
    } catch (e) {
      // Committing a transaction SQLite already rolled back fails too: the cause is the write's error.
      for (const a of batch) a.reject(ended ? ended.error : e);
      return;
    }
    if (ended) {
      for (const a of batch) a.reject(ended.error);
      return;
    }
    batch.forEach((a, i) => {
      const o = outcomes[i]!;
      if ('error' in o) a.reject(o.error);
      else a.resolve(o);
    });
  }
}
