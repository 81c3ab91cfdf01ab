/**
 * The change feed on PostgreSQL: LISTEN on the channel the store's triggers NOTIFY in the transaction
 * of every change (migration 2 in postgres-migrations.ts), and `turnkeeper_append` sends for every
 * append (migration 6), on a connection of its own (not the pool's: a listening connection must stay
 * open). Payloads name the schema, the encounter, its version or the request, and the writer's
 * application_name: changes of other schemas and this instance's own are not delivered. An append's
 * payload carries its events and progress when they fit. When the connection fails (or stops answering the periodic ping) the feed reconnects,
 * waiting longer after each failure, and then asks its listeners to resync: notifications sent while it
 * was away are lost, the store is not.
 */
import pg from 'pg';
import type { StoredEvent } from '../core/index.ts';
import type { ChangeFeed, ChangeListener, EncounterChange } from './change-feed.ts';
import type { EncounterProgress } from './event-store.ts';

export const CHANGE_CHANNEL = 'turnkeeper_changes';

export interface PostgresFeedOptions {
  /** The application_name this instance's store writes with: its own changes are not delivered to it. */
  readonly instanceId?: string;
  /** Connection failures (the feed reconnects by itself); default: a console warning. */
  readonly onError?: (error: Error) => void;
  /** First delay before reconnecting, doubled after each failure up to `maxRetryMs` (ms): default 100 and 5000. */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
  /** How often the connection is checked with a query (ms); default 15000. */
  readonly pingMs?: number;
}

interface Payload {
  s?: unknown;
  e?: unknown;
  v?: unknown;
  q?: unknown;
  a?: unknown;
  /** An append's events ({seq, cmd, event}), when they fit. */
  x?: unknown;
  /** The progress the append wrote. */
  p?: unknown;
}

const isWhole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);

/** `x` as the append's events, numbered one after the other up to `version`; undefined when it is not that. */
function eventsOf(x: unknown, version: unknown): StoredEvent[] | undefined {
  if (!Array.isArray(x) || x.length === 0 || !isWhole(version)) return undefined;
  const from = version - x.length + 1;
  const ok = x.every((e: unknown, i) => {
    const s = e as { seq?: unknown; cmd?: unknown; event?: { type?: unknown } | null };
    return typeof e === 'object' && e !== null && s.seq === from + i && isWhole(s.cmd) && typeof s.event === 'object' && s.event !== null && typeof s.event.type === 'string';
  });
  return ok ? (x as StoredEvent[]) : undefined;
}

function progressOf(p: unknown): EncounterProgress | undefined {
  const q = p as { status?: unknown; round?: unknown } | null;
  return typeof p === 'object' && q !== null && typeof q.status === 'string' && isWhole(q.round) ? (p as EncounterProgress) : undefined;
}

/** The change a notification's payload names, or undefined when it is not one of ours. */
export function parseChange(payload: string | undefined, schema: string, instanceId: string | undefined): EncounterChange | undefined {
  // This instance's own appends come back to it too, events and all: skipped before parsing (an
  // instance id is hex, JSON-escaped as itself; the parsed check below stays the rule).
  if (instanceId !== undefined && payload?.includes(`"a":${JSON.stringify(instanceId)}`)) return undefined;
  let p: Payload;
  try {
    p = JSON.parse(payload ?? '') as Payload;
  } catch {
    return undefined;
  }
  if (typeof p !== 'object' || p === null || p.s !== schema || typeof p.e !== 'string') return undefined;
  if (instanceId !== undefined && p.a === instanceId) return undefined;
  const events = eventsOf(p.x, p.v);
  const progress = progressOf(p.p);
  return {
    encounterId: p.e,
    ...(typeof p.v === 'number' ? { version: p.v } : {}),
    ...(typeof p.q === 'number' ? { requestId: p.q } : {}),
    ...(events ? { events } : {}),
    ...(progress ? { progress } : {}),
  };
}

export class PostgresChangeFeed implements ChangeFeed {
  readonly shared = true;
  private readonly listeners = new Set<ChangeListener>();
  private client: pg.Client | undefined;
  private schema = '';
  private closed = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private ping: ReturnType<typeof setInterval> | undefined;
  /** Connections made so far (the first included). */
  connections = 0;

  private constructor(
    private readonly url: string,
    private readonly options: PostgresFeedOptions,
  ) {}

  /** Connects and listens; throws if the first connection fails. */
  static async open(url: string, options: PostgresFeedOptions = {}): Promise<PostgresChangeFeed> {
    const feed = new PostgresChangeFeed(url, options);
    await feed.connect();
    feed.ping = setInterval(() => feed.check(), options.pingMs ?? 15_000);
    feed.ping.unref();
    return feed;
  }

  get connected(): boolean {
    return this.client !== undefined;
  }

  /** Connected: every change is delivered (a lost connection is followed by `resync`). */
  get live(): boolean {
    return this.connected;
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true, application_name: `${this.options.instanceId ?? 'turnkeeper'}-listen` });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client, new Error('the connection ended')));
    client.on('notification', (n) => {
      if (n.channel !== CHANGE_CHANNEL || this.client !== client) return;
      const change = parseChange(n.payload, this.schema, this.options.instanceId);
      if (change) for (const l of this.listeners) l.change(change);
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string | null }>('SELECT current_schema() AS schema');
      this.schema = rows[0]?.schema ?? '';
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (e) {
      await client.end().catch(() => {});
      throw e;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.connections++;
  }

  /** The encounters' versions, read on the listening connection; undefined while it is down or on failure. */
  async versions(ids: readonly string[]): Promise<ReadonlyMap<string, number> | undefined> {
    const client = this.client;
    if (!client || ids.length === 0) return client ? new Map() : undefined;
    try {
      const { rows } = await client.query<{ id: string; version: string | number }>('SELECT id, version FROM encounters WHERE id = ANY($1::text[])', [ids]);
      return new Map(rows.map((r) => [r.id, Number(r.version)]));
    } catch {
      return undefined;
    }
  }

  /** A query on the listening connection: a connection that stopped answering is replaced. */
  private check(): void {
    const client = this.client;
    if (!client) return;
    const timeout = setTimeout(() => this.lost(client, new Error('the connection stopped answering')), 10_000);
    client.query('SELECT 1').then(
      () => clearTimeout(timeout),
      (e: unknown) => {
        clearTimeout(timeout);
        this.lost(client, e instanceof Error ? e : new Error(String(e)));
      },
    );
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    if (this.closed) return;
    (this.options.onError ?? ((e) => console.warn(`PostgreSQL change feed: ${e.message}; reconnecting.`)))(error);
    this.reconnect(this.options.retryMs ?? 100);
  }

  private reconnect(delay: number): void {
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connect().then(
        () => {
          if (this.closed) return;
          // Whatever was announced while we were away is lost: listeners check what they hold.
          for (const l of this.listeners) l.resync();
        },
        (e: unknown) => {
          if (this.closed) return;
          (this.options.onError ?? ((x) => console.warn(`PostgreSQL change feed: ${x.message}; retrying.`)))(e instanceof Error ? e : new Error(String(e)));
          this.reconnect(Math.min(delay * 2, this.options.maxRetryMs ?? 5000));
        },
      );
    }, delay);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.ping);
    this.listeners.clear();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
