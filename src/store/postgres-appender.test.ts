/**
 * The appender's answers when a statement fails, without a database (a stand-in pool): a statement
 * that rolled back (an error PostgreSQL raised) is sent again one append at a time; one whose
 * connection failed (it may have committed) never is.
 */
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { events } from './conformance-fixtures.ts';
import { PostgresAnnouncer } from './postgres-announcer.ts';
import { PostgresAppender, appendParameters, rolledBack } from './postgres-appender.ts';

const AT = '2026-01-01T00:00:00.000Z';

/** A pool whose every statement fails with `error`; it counts the appends each statement carried. */
function failingPool(error: (ids: string[]) => unknown): { pool: pg.Pool; sent: string[][] } {
  const sent: string[][] = [];
  const pool = {
    query: async (config: { values: unknown[] }) => {
      const ids = config.values[0] as string[];
      sent.push(ids);
      await Promise.resolve();
      throw error(ids);
    },
  } as unknown as pg.Pool;
  return { pool, sent };
}

const three = (a: PostgresAppender) => Promise.allSettled(['a', 'b', 'c'].map((id) => a.append({ id, expected: 1, events: events(2, 1), recordedAt: AT })));

describe('postgres appender', () => {
  it('tells a statement that rolled back from a connection that failed', () => {
    expect(rolledBack({ code: '23502' })).toBe(true); // not null violation
    expect(rolledBack({ code: '40P01' })).toBe(true); // deadlock
    expect(rolledBack({ code: '22P02' })).toBe(true); // invalid text
    expect(rolledBack({ code: 'P0001' })).toBe(true); // raised by PL/pgSQL
    expect(rolledBack({ code: '57P01' })).toBe(false); // the backend terminated
    expect(rolledBack({ code: '08006' })).toBe(false); // connection failure
    expect(rolledBack(new Error('Connection terminated unexpectedly'))).toBe(false);
  });

  it('never sends appends again after their connection failed: each gets the error', async () => {
    const { pool, sent } = failingPool(() => new Error('Connection terminated unexpectedly'));
    const appender = new PostgresAppender(pool, new PostgresAnnouncer(pool), { maxInFlight: 1 });
    const outcomes = await three(appender);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    // The first alone, the two that waited together; none a second time.
    expect(sent).toEqual([['a'], ['b', 'c']]);
  });

  it('sends each append of a statement that rolled back again on its own', async () => {
    const { pool, sent } = failingPool((ids) => Object.assign(new Error('null value in column "type"'), { code: ids.includes('b') ? '23502' : '57P01' }));
    const appender = new PostgresAppender(pool, new PostgresAnnouncer(pool), { maxInFlight: 1 });
    await three(appender);
    // b and c rolled back together (b's error), then each alone: b fails again, c's connection fails.
    expect(sent).toEqual([['a'], ['b', 'c'], ['b'], ['c']]);
  });

  it('lays a batch out as parallel arrays, each append\'s events at first .. first + count - 1', () => {
    const params = appendParameters([
      { id: 'x', expected: 3, events: events(4, 2), recordedAt: AT, progress: { status: 'running', round: 2 } },
      { id: 'y', expected: 0, events: events(1, 1), recordedAt: AT, request: { id: 5, result: { version: 1 } } },
    ]);
    const [ids, expected, progress, requests, results, at, first, count, seq] = params;
    expect({ ids, expected, progress, requests, results, at, first, count, seq }).toEqual({
      ids: ['x', 'y'],
      expected: [3, 0],
      progress: ['{"status":"running","round":2}', null],
      requests: [null, 5],
      results: [null, '{"version":1}'],
      at: [AT, AT],
      first: [1, 3],
      count: [2, 1],
      seq: [4, 5, 1],
    });
  });
});
