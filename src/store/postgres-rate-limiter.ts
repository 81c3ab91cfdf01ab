/**
 * Token buckets in PostgreSQL (the `rate_buckets` table), so a key's limit holds across every instance
 * on the database rather than per process. One statement per take: the row is inserted full (less the
 * token taken) or refilled for the time passed, by the database's clock, and debited if a token is
 * there; the row lock orders concurrent takes. Rows full again are pruned now and then.
 */
import type pg from 'pg';

/** The bucket's tokens now, before the take: refilled for the time since its last take, at most the burst. */
const REFILLED = 'least($3::float8, b.tokens + greatest(0, EXCLUDED.at - b.at) * $2::float8 / 1000)';
const AFTER = `CASE WHEN ${REFILLED} >= 1 THEN ${REFILLED} - 1 ELSE ${REFILLED} END`;

// In the update every expression reads the row as it was (b.*); EXCLUDED is the row the insert proposed.
const TAKE = `
  INSERT INTO rate_buckets AS b (bucket, tokens, at, full_at, ok)
  SELECT $1, $3::float8 - 1, now.ms, now.ms + 1000 / $2::float8, true
  FROM (SELECT extract(epoch FROM clock_timestamp()) * 1000 AS ms) AS now
  ON CONFLICT (bucket) DO UPDATE SET
    ok = ${REFILLED} >= 1,
    tokens = ${AFTER},
    at = greatest(b.at, EXCLUDED.at),
    full_at = greatest(b.at, EXCLUDED.at) + ($3::float8 - ${AFTER}) * 1000 / $2::float8
  RETURNING ok, tokens`;

/** How many takes between two prunes. */
const PRUNE_EVERY = 1000;

export class PostgresRateLimiter {
  private takes = 0;

  /** `name` tells the limits apart in the table; `rate` tokens a second, at most `burst` saved up. */
  constructor(
    private readonly pool: pg.Pool,
    private readonly name: string,
    private readonly rate: number,
    private readonly burst: number,
  ) {}

  /** Takes a token: 0 when allowed, else the milliseconds until one is available. */
  async take(key: string): Promise<number> {
    const { rows } = await this.pool.query<{ ok: boolean; tokens: number }>(TAKE, [`${this.name}:${key}`, this.rate, this.burst]);
    if (++this.takes % PRUNE_EVERY === 0) this.prune();
    const { ok, tokens } = rows[0]!;
    return ok ? 0 : Math.max(1, Math.ceil(((1 - tokens) / this.rate) * 1000));
  }

  private prune(): void {
    this.pool.query('DELETE FROM rate_buckets WHERE full_at < extract(epoch FROM clock_timestamp()) * 1000').catch(() => {});
  }
}
