/**
 * The announcer without a database (a stand-in pool): payloads leave in the order they were handed
 * over, one statement at a time with everything that queued meanwhile; a failed statement is tried
 * again, and given up (with a report, never a throw) after its retries.
 */
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PostgresAnnouncer } from './postgres-announcer.ts';

/** A pool that records each statement's payloads; `fail(n)` makes the n-th statement (0-based) fail. */
function recordingPool(fail: (n: number) => boolean = () => false): { pool: pg.Pool; sent: string[][]; underWay: () => number; most: () => number } {
  const sent: string[][] = [];
  let n = 0, underWay = 0, most = 0;
  const pool = {
    query: async (config: { text: string; values: unknown[] }) => {
      expect(config.text).toBe('SELECT turnkeeper_announce($1)');
      const i = n++;
      underWay++;
      most = Math.max(most, underWay);
      await new Promise((r) => setTimeout(r, 2));
      underWay--;
      if (fail(i)) throw new Error('Connection terminated unexpectedly');
      sent.push([...(config.values[0] as string[])]);
      return { rows: [] };
    },
  } as unknown as pg.Pool;
  return { pool, sent, underWay: () => underWay, most: () => most };
}

describe('postgres announcer', () => {
  it('sends in the order handed over, one statement at a time, with what queued meanwhile', async () => {
    const { pool, sent, most } = recordingPool();
    const a = new PostgresAnnouncer(pool);
    a.announce(['1']);
    a.announce(['2', '3']);
    a.announce([]);
    a.announce(['4']);
    await a.idle();
    expect(sent).toEqual([['1'], ['2', '3', '4']]);
    expect(most()).toBe(1);
    expect(a.stats).toEqual({ statements: 2, payloads: 4, givenUp: 0 });
  });

  it('tries a failed statement again, keeping the order', async () => {
    const { pool, sent } = recordingPool((n) => n === 0 || n === 1);
    const a = new PostgresAnnouncer(pool, { retryMs: 1 });
    a.announce(['1']);
    a.announce(['2']);
    await a.idle();
    expect(sent).toEqual([['1'], ['2']]);
    expect(a.stats.givenUp).toBe(0);
  });

  it('gives the payloads up after its retries, says so, and goes on with the next', async () => {
    const { pool, sent } = recordingPool((n) => n <= 2);
    const given: [number, string][] = [];
    const a = new PostgresAnnouncer(pool, { retries: 2, retryMs: 1, onGiveUp: (count, e) => given.push([count, e.message]) });
    a.announce(['1', '2']);
    await a.idle();
    a.announce(['3']);
    await a.idle();
    expect(given).toEqual([[2, 'Connection terminated unexpectedly']]);
    expect(sent).toEqual([['3']]);
    expect(a.stats).toMatchObject({ payloads: 1, givenUp: 2 });
  });
});
