/**
 * Opening the SQLite database file, checked before anything reads or writes it, so damage the host did
 * is refused at start with what is wrong, rather than met later as failing requests:
 *
 * - a damaged file (a page zeroed, garbage written over part of it, not a database at all): SQLite's
 *   `PRAGMA quick_check` (every page of every table and index is read and its structure checked; about
 *   as long as reading the file) or the open itself fails: StoreError `store/damaged`.
 * - a database lost: once a database has been created and migrated, a marker file is written beside it
 *   (`turnkeeper.db.created`, saying what it is for). A database file that is empty (0 bytes: truncated)
 *   or missing while the marker exists is refused: StoreError `store/lost`, instead of starting with no
 *   encounters. A new data folder has no marker and starts as before; so does an empty file left by a
 *   first start cut short (the marker is written only after the schema). Deleting the marker tells
 *   Turnkeeper to start afresh. Writing it is best effort (a folder it cannot write still opens).
 *
 * Then WAL mode, the connection's settings and the migrations.
 */
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import Database from 'better-sqlite3';
import { StoreError } from './event-store.ts';
import { migrate } from './migrations.ts';
import { PRIVATE_FILE, preparePrivateDatabase } from './sqlite-files.ts';
import { storeFault } from './store-faults.ts';

/** Beside the database file, once it has been created: `turnkeeper.db.created`. */
export const CREATED_MARKER_SUFFIX = '.created';

const onDisk = (path: string): boolean => path !== '' && path !== ':memory:' && !path.startsWith('file:');

/** Refuses an empty or missing database file where one was created before. */
function refuseLost(path: string): void {
  const marker = `${path}${CREATED_MARKER_SUFFIX}`;
  if (!existsSync(marker)) return;
  const size = existsSync(path) ? statSync(path).size : undefined;
  if (size !== undefined && size > 0) return;
  const what = size === undefined ? 'is missing' : 'is empty (0 bytes)';
  throw new StoreError(
    'store/lost',
    `The database ${path} ${what}, but one was created here before (${basename(marker)} says so): it was truncated, deleted or replaced (to start afresh with no encounters instead, delete ${basename(marker)}).`,
  );
}

/** Refuses a database SQLite's quick check finds damaged. */
function checkIntegrity(db: Database.Database, path: string): void {
  const rows = db.pragma('quick_check(10)') as { quick_check: string }[];
  const findings = rows.flatMap((r) => r.quick_check.split('\n')).filter((line) => line !== 'ok' && !line.startsWith('*** in database'));
  if (findings.length > 0) throw damaged(path, findings[0]!);
}

function damaged(path: string, finding: string): StoreError {
  return new StoreError('store/damaged', `The database ${path} is damaged (SQLite's check: ${finding}).`);
}

function markCreated(path: string): void {
  const marker = `${path}${CREATED_MARKER_SUFFIX}`;
  if (existsSync(marker)) return;
  const name = basename(path);
  const text =
    `Turnkeeper created ${name} here (${new Date().toISOString()}). While this file exists, Turnkeeper refuses to start\n` +
    `on an empty or missing ${name}, which would otherwise start with no encounters: restore a backup instead.\n` +
    `Delete this file to start afresh.\n`;
  try {
    writeFileSync(marker, text, { flag: 'wx', mode: PRIVATE_FILE });
  } catch {
    // Best effort: a folder the server cannot write (its database still writable) opens all the same.
  }
}

export interface OpenOptions {
  /** `full` (default): fsync at every commit. `normal`: fsync at checkpoints only. */
  readonly synchronous?: 'full' | 'normal';
}

/** Opens (creating if new), checks and migrates the database at `path`; throws StoreError `store/damaged` or `store/lost`. */
export function openDatabase(path: string, options: OpenOptions = {}): Database.Database {
  if (onDisk(path)) refuseLost(path);
  // 0600 before SQLite opens it: its -wal and -shm files take the database file's mode.
  preparePrivateDatabase(path);
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${options.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    checkIntegrity(db, path);
    migrate(db);
  } catch (e) {
    db.close();
    if (storeFault(e) === 'damaged') throw damaged(path, e instanceof Error ? e.message : String(e));
    throw e;
  }
  if (onDisk(path)) markCreated(path);
  return db;
}
