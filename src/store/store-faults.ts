/**
 * What a database driver's error means for the people using the server, across adapters: the disk is
 * full (SQLite's SQLITE_FULL, the system's ENOSPC or EDQUOT, PostgreSQL's 53100), the database cannot
 * be reached (a refused, reset or timed-out connection; PostgreSQL shutting down, restarting or out of
 * connections: SQLSTATE class 08, 57P01 to 57P03, 53300; pg's own "Connection terminated" errors, which
 * carry no code), or the database file is damaged (SQLITE_CORRUPT, SQLITE_NOTADB). Anything else is
 * undefined: not a fault of the host, so possibly a bug.
 */

export type StoreFault = 'disk-full' | 'unavailable' | 'damaged';

const DISK_FULL = new Set(['SQLITE_FULL', 'SQLITE_IOERR_SHMSIZE', 'ENOSPC', 'EDQUOT', '53100']);

/** Network failures reaching the database server. */
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** PostgreSQL: the server shutting down (admin, crash), not accepting connections yet, out of connection slots. */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);

/** pg's errors of a lost or never-made connection, which carry no code. */
const PG_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

function fieldsOf(e: unknown): { code?: unknown; syscall?: unknown; message?: unknown; errors?: unknown; cause?: unknown } {
  return typeof e === 'object' && e !== null ? (e as Record<string, unknown>) : {};
}

/** The fault behind `e` (or behind its causes: an AggregateError of connection attempts, a wrapped cause). */
export function storeFault(e: unknown, depth = 0): StoreFault | undefined {
  const { code, syscall, message, errors, cause } = fieldsOf(e);
  if (typeof code === 'string') {
    if (DISK_FULL.has(code)) return 'disk-full';
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT' || code.startsWith('SQLITE_CORRUPT_')) return 'damaged';
    if (NETWORK.has(code) || PG_UNAVAILABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return 'unavailable';
    // A unix socket that is not there: the server is not running (a missing file elsewhere is not this).
    if (code === 'ENOENT' && syscall === 'connect') return 'unavailable';
  }
  if (typeof message === 'string' && PG_CONNECTION.test(message)) return 'unavailable';
  if (depth >= 3) return undefined;
  for (const inner of [...(Array.isArray(errors) ? errors : []), ...(cause !== undefined ? [cause] : [])]) {
    const fault = storeFault(inner, depth + 1);
    if (fault) return fault;
  }
  return undefined;
}
