/**
 * The database's part of `/api/health`: can the store answer a trivial query (`EventStore.ping`) right
 * now? `unreachable` when it cannot be reached (store-faults.ts) or takes over two seconds to answer,
 * `failing` for any other error. The route needs no key, so however often it is called the database
 * sees at most one ping in flight, and its answer is reused for a second.
 */
import { storeFault } from '../../store/index.ts';

export type DatabaseState = 'ok' | 'unreachable' | 'failing';

export interface DatabaseHealthOptions {
  /** A ping slower than this counts as unreachable. */
  readonly timeoutMs?: number;
  /** How long an answer is reused. */
  readonly freshMs?: number;
}

export class DatabaseHealth {
  private last: { readonly at: number; readonly state: DatabaseState } | undefined;
  private inFlight: Promise<DatabaseState> | undefined;
  private readonly timeoutMs: number;
  private readonly freshMs: number;

  constructor(
    private readonly ping: () => Promise<void>,
    options: DatabaseHealthOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 2_000;
    this.freshMs = options.freshMs ?? 1_000;
  }

  check(): Promise<DatabaseState> {
    if (this.last && performance.now() - this.last.at < this.freshMs) return Promise.resolve(this.last.state);
    return (this.inFlight ??= this.probe().then((state) => {
      this.last = { at: performance.now(), state };
      this.inFlight = undefined;
      return state;
    }));
  }

  private async probe(): Promise<DatabaseState> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<DatabaseState>((resolve) => {
      timer = setTimeout(() => resolve('unreachable'), this.timeoutMs);
    });
    const answer = this.ping().then(
      (): DatabaseState => 'ok',
      (e: unknown): DatabaseState => (storeFault(e) === 'unavailable' ? 'unreachable' : 'failing'),
    );
    try {
      return await Promise.race([answer, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
