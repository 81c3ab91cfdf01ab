/**
 * The database file, its write-ahead log and its index are readable and writable by their owner only
 * (0600, like the owner token): they hold every encounter. SQLite creates the `-wal` and `-shm` files
 * with the database file's mode, so creating the database file 0600 before SQLite opens it is enough
 * for new files; files left looser by an earlier version are tightened.
 */
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';

export const PRIVATE_FILE = 0o600;

/** Makes `path` (and any `-wal`, `-shm`, `-journal` beside it) private; creates an empty database file if missing. */
export function preparePrivateDatabase(path: string): void {
  if (path === '' || path === ':memory:' || path.startsWith('file:')) return;
  if (!existsSync(path)) closeSync(openSync(path, 'a', PRIVATE_FILE));
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) {
    if (existsSync(file)) chmodSync(file, PRIVATE_FILE);
  }
}
