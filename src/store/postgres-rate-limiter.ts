/**
 * Token buckets in PostgreSQL (the `rate_buckets` table), so a key's limit holds across every instance
 * on the database rather than per process. The shared row is the ceiling: every token an instance
 * serves was first debited from it, refilled by the database's clock, the row lock ordering concurrent
 * takes. To spare a round trip per request, an instance takes tokens in batches (a lease) and serves
 * the next requests of that key from the lease, for at most LEASE_MS; a lease not used up in that time
 * is dropped, its tokens lost, never returned or carried over.
 *
 * The approximation, in the worst case: a key never gets more than its limit across all instances; it
 * may be refused a little early, when its requests spread over N instances find up to (N − 1) × (batch
 * − 1) of its tokens leased to the others, and a lease dropped unused costs its tokens. The batch is a
 * quarter of the burst and of a second's rate, at most 16 (commands by default 20/s, burst 40: 5 a
 * batch; reads 10/s, burst 50: 3; player requests 2/s: 1, no lease). Rows full again are pruned now and
 * then.
 */
import type pg from 'pg';

/** The bucket's tokens now, before the take: refilled for the time since its last take, at most the burst. */
const REFILLED = 'least($3::float8, b.tokens + greatest(0, EXCLUDED.at - b.at) * $2::float8 / 1000)';
/** Tokens granted: as many as asked ($4) of the whole ones there are. */
const GRANTED = `least($4::float8, floor(${REFILLED}))`;

// In the update every expression reads the row as it was (b.*); EXCLUDED is the row the insert proposed.
const TAKE = `
  INSERT INTO rate_buckets AS b (bucket, tokens, at, full_at, ok, granted)
  SELECT $1, $3::float8 - least($4::float8, floor($3::float8)), now.ms, now.ms + least($4::float8, floor($3::float8)) * 1000 / $2::float8, true, least($4::float8, floor($3::float8))
  FROM (SELECT extract(epoch FROM clock_timestamp()) * 1000 AS ms) AS now
  ON CONFLICT (bucket) DO UPDATE SET
    ok = ${GRANTED} >= 1,
    granted = ${GRANTED},
    tokens = ${REFILLED} - ${GRANTED},
    at = greatest(b.at, EXCLUDED.at),
    full_at = greatest(b.at, EXCLUDED.at) + ($3::float8 - (${REFILLED} - ${GRANTED})) * 1000 / $2::float8
  RETURNING granted, tokens`;

/** How many takes between two prunes. */
const PRUNE_EVERY = 1000;
/** How long leased tokens may be served, in ms. */
export const LEASE_MS = 5000;
/** Tokens leased in one take at most. */
export const MAX_BATCH = 16;

/** Tokens taken in one round trip for a limit of `rate` a second and `burst`. */
export function leaseBatch(rate: number, burst: number): number {
  return Math.max(1, Math.min(MAX_BATCH, Math.floor(burst / 4), Math.ceil(rate / 4)));
}

export class PostgresRateLimiter {
  private takes = 0;
  private readonly batch: number;
  private readonly leases = new Map<string, { tokens: number; until: number }>();
  /** Takes under way, by key: the wait each will answer (0: granted). */
  private readonly pending = new Map<string, Promise<number>>();
  /** Round trips made, for the tests and the benchmark. */
  roundTrips = 0;

  /** `name` tells the limits apart in the table; `rate` tokens a second, at most `burst` saved up. */
  constructor(
    private readonly pool: pg.Pool,
    private readonly name: string,
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.batch = leaseBatch(rate, burst);
  }

  /** Takes a token: 0 when allowed, else the milliseconds until one is available. */
  async take(key: string): Promise<number> {
    for (;;) {
      const lease = this.leases.get(key);
      if (lease && lease.tokens >= 1 && this.now() < lease.until) {
        lease.tokens--;
        return 0;
      }
      // A take of this key under way: its lease may serve this one too (or its refusal answers it).
      const under = this.pending.get(key);
      if (!under) break;
      const wait = await under;
      if (wait > 0) return wait;
    }
    this.leases.delete(key);
    const fetched = this.fetch(key);
    const settled = fetched.then(
      (wait) => wait,
      () => 0,
    );
    this.pending.set(key, settled);
    try {
      return await fetched;
    } finally {
      if (this.pending.get(key) === settled) this.pending.delete(key);
    }
  }

  /** One round trip: takes a batch; keeps all but the first as the lease. */
  private async fetch(key: string): Promise<number> {
    const at = this.now();
    this.roundTrips++;
    const { rows } = await this.pool.query<{ granted: number; tokens: number }>({
      name: 'turnkeeper_rate_take',
      text: TAKE,
      values: [`${this.name}:${key}`, this.rate, this.burst, this.batch],
    });
    if (++this.takes % PRUNE_EVERY === 0) this.prune(at);
    const { granted, tokens } = rows[0]!;
    if (granted < 1) return Math.max(1, Math.ceil(((1 - tokens) / this.rate) * 1000));
    if (granted > 1) this.leases.set(key, { tokens: granted - 1, until: at + LEASE_MS });
    return 0;
  }

  private prune(at: number): void {
    for (const [key, lease] of this.leases) if (lease.until <= at) this.leases.delete(key);
    this.pool.query('DELETE FROM rate_buckets WHERE full_at < extract(epoch FROM clock_timestamp()) * 1000').catch(() => {});
  }
}
