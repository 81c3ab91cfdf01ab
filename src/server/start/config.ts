/**
 * Server settings from flags and the environment: PORT (4646), HOST (127.0.0.1: only this computer;
 * 0.0.0.0 opens it to the local network for players' phones), TURNKEEPER_DATA (./data),
 * TURNKEEPER_SYNC (normal | full), TURNKEEPER_PUBLIC_URL (the base of the links handed out),
 * TURNKEEPER_WEB_ROOT, TURNKEEPER_LOG (pino level, default warn), TURNKEEPER_DATABASE_URL and
 * TURNKEEPER_DATABASE_POOL (PostgreSQL connections per instance; default: sized for this machine).
 * Flags win over the environment.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { SqliteSync } from '../../store/index.ts';
import { WEB_ROOT } from '../version.ts';

export const DEFAULT_PORT = 4646;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA = './data';
export const DATABASE_FILE = 'turnkeeper.db';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Absolute. */
  readonly dataDir: string;
  readonly sync: SqliteSync;
  readonly publicUrl: string | undefined;
  readonly webRoot: string;
  readonly logLevel: string;
  /** postgres://... when the encounters live in PostgreSQL; undefined: the SQLite file in the data folder. */
  readonly databaseUrl?: string | undefined;
  /** PostgreSQL connections this instance keeps at most (its pool; the change feed has one more). */
  readonly databasePool?: number;
}

/**
 * The pool's default size: twice this machine's cores, from 4 to 16. An instance's statements are short
 * and its appends go grouped, at most two at once (src/store/postgres-appender.ts), so more connections
 * than that buy queueing in PostgreSQL, not speed; and N instances hold N × (pool + 1) of the server's
 * max_connections (100 by default).
 */
export function defaultPool(cores = availableParallelism()): number {
  return Math.max(4, Math.min(16, 2 * cores));
}

export type Flags = Readonly<Record<string, string | true>>;

export function resolveConfig(
  flags: Flags,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): { ok: true; config: ServerConfig } | { ok: false; error: string } {
  const pick = (flag: string, name: string): string | undefined => {
    const f = flags[flag];
    if (f === true) return '';
    return f ?? (env[name] !== undefined && env[name] !== '' ? env[name] : undefined);
  };
  const portText = pick('port', 'PORT') ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port > 65535) return { ok: false, error: `The port must be a number from 0 to 65535, not "${portText}".` };
  const host = pick('host', 'HOST') ?? DEFAULT_HOST;
  if (host === '') return { ok: false, error: '--host needs a value (127.0.0.1, or 0.0.0.0 for the local network).' };
  const data = pick('data', 'TURNKEEPER_DATA') ?? DEFAULT_DATA;
  if (data === '') return { ok: false, error: '--data needs a folder.' };
  // NORMAL with WAL: an acknowledged event survives the process being killed; FULL also survives a
  // power cut but waits for an fsync at every commit (see src/server/README.md, Durability).
  const sync = (pick('sync', 'TURNKEEPER_SYNC') ?? 'normal').toLowerCase();
  if (sync !== 'full' && sync !== 'normal') return { ok: false, error: `--sync is full or normal, not "${sync}".` };
  const publicUrl = pick('public-url', 'TURNKEEPER_PUBLIC_URL');
  if (publicUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(publicUrl)) return { ok: false, error: `The public URL must start with http:// or https://, not "${publicUrl}".` };
  const databaseUrl = pick('database-url', 'TURNKEEPER_DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/\S+$/.test(databaseUrl)) {
    return { ok: false, error: `The database URL must start with postgres:// or postgresql://, not "${redactUrl(databaseUrl)}".` };
  }
  const poolText = pick('database-pool', 'TURNKEEPER_DATABASE_POOL');
  const pool = poolText === undefined ? defaultPool() : Number(poolText);
  if (!/^\d{1,3}$/.test(poolText ?? '4') || pool < 1 || pool > 200) return { ok: false, error: `--database-pool is a number of connections from 1 to 200, not "${poolText}".` };
  return {
    ok: true,
    config: {
      port,
      host,
      dataDir: resolve(cwd, data),
      sync,
      publicUrl: publicUrl?.replace(/\/+$/, ''),
      webRoot: resolve(cwd, pick('web-root', 'TURNKEEPER_WEB_ROOT') ?? WEB_ROOT),
      logLevel: pick('log', 'TURNKEEPER_LOG') ?? 'warn',
      databaseUrl,
      ...(databaseUrl !== undefined ? { databasePool: pool } : {}),
    },
  };
}

/** A URL with its password (and any query string, which may hold one) left out, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):[^@/\s]*@/i, '$1:***@').replace(/\?.*$/, '');
}
