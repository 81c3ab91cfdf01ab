/**
 * Sends the change notifications of committed appends (migration 7, postgres-announce-sql.ts), per
 * instance: one `turnkeeper_announce` statement at a time, carrying every payload that arrived while the
 * previous one was under way, in the order the appends committed. One at a time keeps an instance's
 * notifications in its commit order; each statement commits without waiting for the disk, so NOTIFY's
 * database-wide lock is held only for a moment.
 *
 * A statement that fails is tried again (`retries` times, waiting longer each time); if it still fails
 * its payloads are given up with a warning: the events are committed and nothing is lost, the other
 * instances hear of them at the encounter's next change (a gap in seq makes them read the store) or
 * when their feed reconnects. `idle()` resolves once nothing is waiting or under way (tests, shutdown).
 */
import type pg from 'pg';

export interface AnnouncerOptions {
  /** Attempts after a failure before the payloads are given up (default 3). */
  readonly retries?: number;
  /** First wait before trying again, in ms, doubled each time (default 50). */
  readonly retryMs?: number;
  /** Payloads given up; default a console warning. */
  readonly onGiveUp?: (count: number, error: Error) => void;
}

const ANNOUNCE = 'SELECT turnkeeper_announce($1)';

export class PostgresAnnouncer {
  private queue: string[] = [];
  private running: Promise<void> | undefined;
  /** Statements sent and payloads they carried, for the benchmark and the tests. */
  readonly stats = { statements: 0, payloads: 0, givenUp: 0 };

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: AnnouncerOptions = {},
  ) {}

  /** Queues the payloads, in order, after those already queued. */
  announce(payloads: readonly string[]): void {
    if (payloads.length === 0) return;
    this.queue.push(...payloads);
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves when every queued payload has been sent or given up. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      await this.send(batch);
    }
  }

  private async send(batch: string[]): Promise<void> {
    const retries = Math.max(0, this.options.retries ?? 3);
    let wait = Math.max(1, this.options.retryMs ?? 50);
    for (let attempt = 0; ; attempt++) {
      try {
        this.stats.statements++;
        await this.pool.query({ name: 'turnkeeper_announce', text: ANNOUNCE, values: [batch] });
        this.stats.payloads += batch.length;
        return;
      } catch (e) {
        if (attempt >= retries) {
          this.stats.givenUp += batch.length;
          const error = e instanceof Error ? e : new Error(String(e));
          if (this.options.onGiveUp) this.options.onGiveUp(batch.length, error);
          else console.warn(`PostgreSQL: ${batch.length} change notification(s) not sent (${error.message}); other instances catch up at the next change.`);
          return;
        }
        await new Promise((r) => setTimeout(r, wait));
        wait *= 2;
      }
    }
  }
}
