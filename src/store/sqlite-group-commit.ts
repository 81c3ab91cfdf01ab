/**
 * Group commit for the SQLite adapter: writes queued during one event-loop turn commit together, in
 * one transaction (one fsync), each inside its own savepoint (its own `db.transaction`, nested) so an
 * error refuses only that write. Each promise settles after the commit: acknowledged means committed.
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
    try {
      this.batchTx(() => {
        for (const a of batch) {
          try {
            outcomes.push({ version: a.write() });
          } catch (e) {
            outcomes.push({ error: e });
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
}
