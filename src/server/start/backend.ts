/**
 * What the server runs on, chosen by its settings: the SQLite file in the data folder (the embedded
 * default, one process), or PostgreSQL at TURNKEEPER_DATABASE_URL (several instances on one database).
 * With PostgreSQL the owner token is shared through the database (the first instance to start stores
 * it; the data folder keeps a copy), so every instance accepts the same one, and so are the per-key
 * rate limits (token buckets in a table), so a key gets the same allowance however the load balancer
 * spreads its requests.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { localChangeFeed } from '../../store/index.ts';
import type { ChangeFeed } from '../../store/index.ts';
import type { EventStore } from '../../store/index.ts';
import { PostgresChangeFeed } from '../../store/index.ts';
import { PostgresRateLimiter } from '../../store/index.ts';
import { PostgresEventStore } from '../../store/index.ts';
import { sharedSetting } from '../../store/index.ts';
import { ThreadedSqliteEventStore } from '../../store/index.ts';
import { DATABASE_FILE, redactUrl } from './config.ts';
import type { ServerConfig } from './config.ts';
import { OWNER_TOKEN_FILE, loadOwnerToken } from '../shared/index.ts';
import type { RateBucketsFactory } from '../shared/index.ts';

export interface Backend {
  readonly store: EventStore;
  readonly ownerToken: string;
  /** The other instances' changes (LISTEN/NOTIFY on PostgreSQL; none with SQLite). */
  readonly feed: ChangeFeed;
  /** Where the per-key rate limits keep their buckets: undefined, in the process; PostgreSQL, in the database (one limit for all instances). */
  readonly rateBuckets?: RateBucketsFactory;
  /** For the start-up lines: where the data is. */
  readonly description: string;
  /** This process among the instances (the PostgreSQL connections' application_name). */
  readonly instanceId: string;
  close(): Promise<void>;
}

/** Opens the store named by `config` (applying its migrations) and reads or creates the owner token. */
export async function openBackend(config: ServerConfig): Promise<Backend> {
  const instanceId = `turnkeeper-${randomBytes(6).toString('hex')}`;
  const local = loadOwnerToken(config.dataDir);
  if (config.databaseUrl === undefined) {
    const database = join(config.dataDir, DATABASE_FILE);
    const store = await ThreadedSqliteEventStore.open(database, { synchronous: config.sync });
    const feed = localChangeFeed();
    return { store, feed, ownerToken: local, instanceId, description: `${database} (SQLite, WAL; synchronous=${config.sync})`, close: () => store.close() };
  }
  const store = await PostgresEventStore.open(config.databaseUrl, { applicationName: instanceId, ...(config.databasePool !== undefined ? { max: config.databasePool } : {}) });
  let feed: PostgresChangeFeed | undefined;
  const close = async (): Promise<void> => {
    await feed?.close();
    await store.close();
  };
  try {
    const ownerToken = await sharedSetting(store.pool, 'owner-token', local);
    if (ownerToken !== local) writeFileSync(join(config.dataDir, OWNER_TOKEN_FILE), `${ownerToken}\n`, { mode: 0o600 });
    feed = await PostgresChangeFeed.open(config.databaseUrl, { instanceId });
    const rateBuckets: RateBucketsFactory = (limit, rate, burst) => new PostgresRateLimiter(store.pool, limit, rate, burst);
    return { store, feed, rateBuckets, ownerToken, instanceId, description: `${redactUrl(config.databaseUrl)} (PostgreSQL; instance ${instanceId})`, close };
  } catch (e) {
    await close();
    throw e;
  }
}
