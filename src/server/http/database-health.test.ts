/** The database's part of /api/health: one ping at a time, reused for a while, and a slow one is unreachable. */
import { describe, expect, it } from 'vitest';
import { DatabaseHealth } from './database-health.ts';

describe('the database health check', () => {
  it('says ok when the ping answers, unreachable for connection errors, failing for others', async () => {
    expect(await new DatabaseHealth(async () => undefined).check()).toBe('ok');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(await new DatabaseHealth(() => Promise.reject(refused)).check()).toBe('unreachable');
    expect(await new DatabaseHealth(() => Promise.reject(new TypeError('x'))).check()).toBe('failing');
  });

  it('counts a ping that does not answer in time as unreachable', async () => {
    const never = new DatabaseHealth(() => new Promise<void>(() => undefined), { timeoutMs: 20 });
    expect(await never.check()).toBe('unreachable');
  });

  it('sends one ping for checks made meanwhile, and reuses its answer while fresh', async () => {
    let pings = 0;
    let answer: () => void = () => undefined;
    const health = new DatabaseHealth(
      () => {
        pings++;
        return new Promise<void>((resolve) => (answer = resolve));
      },
      { freshMs: 60_000 },
    );
    const checks = Array.from({ length: 5 }, () => health.check());
    answer();
    expect(await Promise.all(checks)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(await health.check()).toBe('ok');
    expect(pings).toBe(1);
    // Not fresh any more: the next check pings again.
    const stale = new DatabaseHealth(async () => void pings++, { freshMs: 0 });
    await stale.check();
    await stale.check();
    expect(pings).toBe(3);
  });
});
