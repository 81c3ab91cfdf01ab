/**
 * Group commit for PostgreSQL appends, per instance. Each append is one call of `turnkeeper_append_quiet`
 * (migration 7, postgres-announce-sql.ts): a single statement, so a single round trip with its commit.
 * Once it has committed, its appends are answered and their notifications handed to the announcer
 * (postgres-announcer.ts), which sends them outside the durable commit.
 * Appends that arrive while `maxInFlight` statements are already under way wait and go together in the
 * next one, up to `maxBatch`, so under load several fights share a round trip and a WAL flush (as the
 * SQLite adapter's group commit does), while a lone append goes at once.
 *
 * A batch is ordered by encounter id, so two instances' batches lock rows in the same order and never
 * deadlock each other. An append that fails its checks (version, request) fails alone. A batch that
 * fails as a whole because one append raised an error (the statement rolled back) is sent again one
 * append per statement, so each gets its own answer; one that failed with its connection (it may have
 * committed) is never sent again: each append gets the error, and the service reads the store before
 * it trusts its copy again.
 */
import type pg from 'pg';
import type { StoredEvent } from '../core/index.ts';
import type { PostgresAnnouncer } from './postgres-announcer.ts';
import { EncounterNotFoundError, VersionConflictError, notPending } from './store-errors.ts';
import type { EncounterProgress } from './event-store.ts';

export interface AppendRequest {
  readonly id: string;
  readonly expected: number;
  readonly events: readonly StoredEvent[];
  readonly recordedAt: string;
  readonly progress?: EncounterProgress;
  readonly request?: { readonly id: number; readonly result: Readonly<Record<string, unknown>> };
}

export interface AppenderOptions {
  /** Statements under way at once (default 2). */
  readonly maxInFlight?: number;
  /** Appends in one statement at most (default 64). */
  readonly maxBatch?: number;
}

interface Pending extends AppendRequest {
  readonly resolve: (v: { version: number }) => void;
  readonly reject: (e: unknown) => void;
}

interface Outcome {
  r_index: number;
  r_status: number;
  r_version: number | null;
  r_payload: string | null;
}

const APPEND = 'SELECT r_index, r_status, r_version, r_payload FROM turnkeeper_append_quiet($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)';

/** The statement's parameters for a batch: parallel arrays, the events of append i at first[i] .. first[i]+count[i]-1. */
export function appendParameters(batch: readonly AppendRequest[]): unknown[] {
  const ids: string[] = [], expected: number[] = [], progress: (string | null)[] = [], requests: (number | null)[] = [], results: (string | null)[] = [], at: string[] = [];
  const first: number[] = [], count: number[] = [], seq: number[] = [], cmd: number[] = [], type: string[] = [], data: string[] = [];
  for (const a of batch) {
    ids.push(a.id);
    expected.push(a.expected);
    progress.push(a.progress ? JSON.stringify({ status: a.progress.status, round: a.progress.round }) : null);
    requests.push(a.request ? a.request.id : null);
    results.push(a.request ? JSON.stringify(a.request.result) : null);
    at.push(a.recordedAt);
    first.push(seq.length + 1);
    count.push(a.events.length);
    for (const e of a.events) {
      seq.push(e.seq);
      cmd.push(e.cmd);
      type.push(e.event.type);
      data.push(JSON.stringify(e.event));
    }
  }
  return [ids, expected, progress, requests, results, at, first, count, seq, cmd, type, data];
}

/**
 * The statement failed in PostgreSQL and rolled back, nothing of it committed: an error it raised (a
 * data exception, a constraint, a deadlock or serialization failure, a PL/pgSQL raise), as opposed to
 * a lost connection, after which it may have committed. Only then may its appends be sent again.
 */
export function rolledBack(e: unknown): boolean {
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^(22|23|40|P0)/.test(code);
}

export class PostgresAppender {
  private readonly queue: Pending[] = [];
  private inFlight = 0;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;
  /** Statements sent and appends they carried, for the benchmark and the tests. */
  readonly stats = { statements: 0, appends: 0 };

  constructor(
    private readonly pool: pg.Pool,
    private readonly announcer: PostgresAnnouncer,
    options: AppenderOptions = {},
  ) {
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 2);
    this.maxBatch = Math.max(1, options.maxBatch ?? 64);
  }

  /** Appends (checked by the caller: numbering, progress); resolves once committed. */
  append(request: AppendRequest): Promise<{ version: number }> {
    // A request id that is not a whole number names no request: refused here, as the store does.
    if (request.request && !Number.isSafeInteger(request.request.id)) return Promise.reject(notPending(request.id, request.request.id));
    return new Promise((resolve, reject) => {
      this.queue.push({ ...request, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async send(batch: Pending[]): Promise<void> {
    // Stable: appends to one encounter keep their order; rows are locked in id order on every instance.
    const ordered = batch.length > 1 ? [...batch].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) : batch;
    let outcomes: Outcome[];
    try {
      this.stats.statements++;
      this.stats.appends += ordered.length;
      outcomes = (await this.pool.query<Outcome>({ name: 'turnkeeper_append_quiet', text: APPEND, values: appendParameters(ordered) })).rows;
    } catch (e) {
      if (ordered.length === 1 || !rolledBack(e)) {
        // The connection's error: the statement may have committed or not. Every append of it is in doubt.
        for (const a of ordered) a.reject(e);
        return;
      }
      // One append's error failed the statement, which rolled back: each alone gets its own answer.
      await Promise.all(ordered.map((a) => this.send([a])));
      return;
    }
    // Announced in commit order, before anyone is answered: an answered GM's next command is announced after.
    this.announcer.announce(outcomes.flatMap((o) => (o.r_status === 0 && o.r_payload !== null ? [o.r_payload] : [])));
    ordered.forEach((a, i) => {
      const o = outcomes.find((x) => x.r_index === i + 1);
      if (o === undefined) a.reject(new Error(`turnkeeper_append gave no outcome for append ${i + 1} of ${ordered.length}`));
      else if (o.r_status === 0) a.resolve({ version: o.r_version! });
      else if (o.r_status === 1) a.reject(new EncounterNotFoundError(a.id));
      else if (o.r_status === 2) a.reject(new VersionConflictError(a.id, a.expected, o.r_version ?? undefined));
      else a.reject(notPending(a.id, a.request?.id ?? Number.NaN));
    });
  }
}
