/**
 * The shared rate limits with leases (postgres-rate-limiter.ts) against a real PostgreSQL: the shared
 * row stays the ceiling for every instance together, while an instance goes to the database once per
 * batch of tokens rather than once per request.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgresEventStore } from './postgres-event-store.ts';
import type { PostgresEventStore } from './postgres-event-store.ts';
import { LEASE_MS, PostgresRateLimiter, leaseBatch } from './postgres-rate-limiter.ts';
import { describePostgres, startTestPostgres } from './postgres-testing.ts';
import type { TestPostgres } from './postgres-testing.ts';

describePostgres('postgres rate limits, leased in batches', () => {
  let server: TestPostgres;
  let store: PostgresEventStore;
  let n = 0;

  beforeAll(async () => {
    server = await startTestPostgres();
    store = await openPostgresEventStore(await server.createSchema('rates'));
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await server?.stop();
  });

  it('takes a quarter of the burst and of a second, at most 16, at least 1', () => {
    expect(leaseBatch(20, 40)).toBe(5); // commands, by default
    expect(leaseBatch(10, 50)).toBe(3); // reads
    expect(leaseBatch(2, 10)).toBe(1); // player requests: no lease
    expect(leaseBatch(1e9, 1e9)).toBe(16);
  });

  it('never grants more than the shared bucket, however the requests spread over instances', async () => {
    const name = `commands-${++n}`;
    // Two instances sharing a burst of 40 (leases of 10), the database refilling 40 a second meanwhile.
    const a = new PostgresRateLimiter(store.pool, name, 40, 40);
    const b = new PostgresRateLimiter(store.pool, name, 40, 40);
    const started = performance.now();
    let granted = 0;
    for (let i = 0; i < 120; i++) if ((await (i % 3 === 0 ? b : a).take('gm')) === 0) granted++;
    const refilled = Math.ceil((40 * (performance.now() - started)) / 1000);
    expect(granted).toBeLessThanOrEqual(40 + refilled);
    // Refused early by at most the tokens leased to the other instance and not used: (N - 1) * (batch - 1).
    expect(granted).toBeGreaterThanOrEqual(40 - (leaseBatch(40, 40) - 1));
    expect(a.roundTrips + b.roundTrips).toBeLessThan(120);
  });

  it('goes to the database once per batch, and concurrent takes of one key share the round trip', async () => {
    const name = `commands-${++n}`;
    const limiter = new PostgresRateLimiter(store.pool, name, 20, 40);
    const waits = await Promise.all(Array.from({ length: 5 }, () => limiter.take('gm')));
    expect(waits).toEqual([0, 0, 0, 0, 0]);
    expect(limiter.roundTrips).toBe(1);
    expect(await limiter.take('gm')).toBe(0);
    expect(limiter.roundTrips).toBe(2);
    // Another key has its own bucket and lease.
    expect(await limiter.take('other')).toBe(0);
    expect(limiter.roundTrips).toBe(3);
  });

  it('drops a lease after LEASE_MS: its tokens are not served later', async () => {
    const name = `commands-${++n}`;
    let now = 0;
    const limiter = new PostgresRateLimiter(store.pool, name, 20, 40, () => now);
    expect(await limiter.take('gm')).toBe(0);
    now = LEASE_MS + 1;
    expect(await limiter.take('gm')).toBe(0);
    expect(limiter.roundTrips).toBe(2);
  });

  it('answers how long to wait when the bucket is empty', async () => {
    const name = `reads-${++n}`;
    const limiter = new PostgresRateLimiter(store.pool, name, 1, 2);
    expect(await limiter.take('k')).toBe(0);
    expect(await limiter.take('k')).toBe(0);
    const wait = await limiter.take('k');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(1000);
  });
});
