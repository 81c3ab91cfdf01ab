/**
 * Why the server could not start, in one line for the GM (after "Turnkeeper could not start: "): the
 * port taken; the database damaged or lost (what is wrong, and how to restore a backup, as the server
 * README's "The data folder" says); a data folder this user cannot write; a full disk. Anything else:
 * its message.
 */
import { userInfo } from 'node:os';
import { storeFault } from '../../store/index.ts';
import { DATABASE_FILE } from './config.ts';
import type { ServerConfig } from './config.ts';

/** Errors that mean "this user may not write there" (SQLite's and the system's). */
const READ_ONLY = /^(SQLITE_READONLY|SQLITE_CANTOPEN|EACCES$|EPERM$|EROFS$)/;

function who(): string {
  try {
    return `user ${userInfo().username}`;
  } catch {
    // A uid with no name (containers): say the number.
    return `uid ${process.getuid?.() ?? '?'}`;
  }
}

export function startFailure(e: unknown, config: Pick<ServerConfig, 'port' | 'dataDir'>): string {
  const code = typeof (e as { code?: unknown }).code === 'string' ? (e as { code: string }).code : '';
  const message = (e instanceof Error ? e.message : String(e)).replaceAll('\n', ' ');
  if (code === 'EADDRINUSE') return `port ${config.port} is already in use (another Turnkeeper?). Try --port.`;
  if (code === 'store/damaged' || code === 'store/lost') {
    const aside = code === 'store/damaged' ? 'move the damaged file aside, ' : '';
    return (
      `${message} Restore the last backup: ${aside}put the backup in place of ${DATABASE_FILE}, delete any ${DATABASE_FILE}-wal and ` +
      `${DATABASE_FILE}-shm beside it, and start again (see "The data folder" in src/server/README.md).`
    );
  }
  if (READ_ONLY.test(code)) {
    return (
      `the data folder ${config.dataDir} is read-only for ${who()}: Turnkeeper cannot write its files there (${message}). ` +
      `Make the folder and its files writable for that user (chown or chmod), or choose another folder with --data.`
    );
  }
  if (storeFault(e) === 'disk-full') return `the disk holding ${config.dataDir} is full (${message}). Free some space there and start again.`;
  return message;
}
