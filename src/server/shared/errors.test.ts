/**
 * What a database failure becomes: a full disk (SQLite's SQLITE_FULL, the system's ENOSPC, PostgreSQL's
 * 53100) is 503 `server/disk-full`; a database that cannot be reached (refused or lost connections,
 * PostgreSQL shutting down) is 503 `server/database-unavailable` with Retry-After; a damaged SQLite file
 * is 500 `server/database-damaged`. Only what nothing explains stays 500 "a bug".
 */
import { describe, expect, it } from 'vitest';
import { toApiError } from './errors.ts';

/** An error as the drivers throw them: a message and a code (better-sqlite3, node, pg). */
const failure = (message: string, fields: Record<string, unknown> = {}): Error => Object.assign(new Error(message), fields);

describe('database failures in GM words', () => {
  it('a full disk is 503 server/disk-full, whichever database says it', () => {
    for (const e of [
      failure('database or disk is full', { code: 'SQLITE_FULL' }),
      failure('ENOSPC: no space left on device, write', { code: 'ENOSPC', errno: -28, syscall: 'write' }),
      failure('could not extend file "base/16384/16390": No space left on device', { code: '53100', severity: 'ERROR' }),
    ]) {
      const api = toApiError(e);
      expect({ status: api.status, code: api.code }, e.message).toEqual({ status: 503, code: 'server/disk-full' });
      expect(api.message).toMatch(/disk .*full/i);
      expect(api.message).toMatch(/not saved/i);
      expect(api.headers?.['retry-after']).toMatch(/^\d+$/);
    }
  });

  it('an unreachable database is 503 server/database-unavailable with Retry-After', () => {
    const refused = failure('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', errno: -111, syscall: 'connect', address: '127.0.0.1', port: 5432 });
    const both = Object.assign(new AggregateError([refused, failure('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED' })], ''), {});
    for (const e of [
      refused,
      both,
      failure('terminating connection due to administrator command', { code: '57P01', severity: 'FATAL' }),
      failure('the database system is shutting down', { code: '57P03', severity: 'FATAL' }),
      failure('connection failure', { code: '08006' }),
      failure('Connection terminated unexpectedly'),
      failure('connect ENOENT /var/run/postgresql/.s.PGSQL.5432', { code: 'ENOENT', syscall: 'connect' }),
    ]) {
      const api = toApiError(e);
      expect({ status: api.status, code: api.code }, e.message).toEqual({ status: 503, code: 'server/database-unavailable' });
      expect(api.message).toMatch(/database cannot be reached/i);
      expect(Number(api.headers?.['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('a damaged SQLite file is 500 server/database-damaged, pointing at the backups', () => {
    for (const code of ['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_INDEX']) {
      const api = toApiError(failure('database disk image is malformed', { code }));
      expect({ status: api.status, code: api.code }).toEqual({ status: 500, code: 'server/database-damaged' });
      expect(api.message).toMatch(/backup/);
    }
  });

  it('what nothing explains stays 500 server/internal (a file missing is not a database connection)', () => {
    for (const e of [new TypeError('x is undefined'), failure('ENOENT: no such file', { code: 'ENOENT', syscall: 'open' }), failure('syntax error', { code: '42601' })]) {
      expect({ status: toApiError(e).status, code: toApiError(e).code }).toEqual({ status: 500, code: 'server/internal' });
    }
  });
});
