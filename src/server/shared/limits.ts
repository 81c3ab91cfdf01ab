/**
 * Limits that keep one client from hurting the table: body size, command and request rates per key
 * (token buckets), encounter and event counts, WebSocket message size, rate and buffering. Each has a
 * clear error (413, 429 with Retry-After, 422, or a WebSocket close code with a reason).
 */
export interface Limits {
  /** Largest JSON body, in bytes (413 above). */
  readonly bodyBytes: number;
  /** Largest import body, in bytes. */
  readonly importBytes: number;
  /** Commands per second per key, sustained, and the burst allowed above it (429 beyond). */
  readonly commandsPerSecond: number;
  readonly commandBurst: number;
  /** Player requests per second per key, and burst. */
  readonly requestsPerSecond: number;
  readonly requestBurst: number;
  /** Reads (every GET that takes a key, the live socket's upgrade included) per second per key, and burst. */
  readonly readsPerSecond: number;
  readonly readBurst: number;
  readonly maxEncounters: number;
  /** Events in one encounter; the command that would pass it is refused. */
  readonly maxEventsPerEncounter: number;
  readonly maxPendingRequests: number;
  /** Largest message a live socket may send, in bytes (the socket is closed with 1009 above). */
  readonly wsMaxPayload: number;
  readonly wsMessagesPerSecond: number;
  readonly wsBurst: number;
  /** Unsent bytes a slow socket may hold before it is closed (1013); it reconnects and catches up. */
  readonly wsMaxBufferedBytes: number;
  /** Player sockets per encounter (GM sockets are never refused for it, only for their key's cap). */
  readonly maxListenersPerEncounter: number;
  /** Sockets per key per encounter: a player link (shared by a table) cannot take every place. */
  readonly maxListenersPerKey: number;
  /**
   * How long a command without an expected version is decided again while it keeps losing append
   * races to other instances (503 `encounter/busy` after), in ms.
   */
  readonly raceRetryMs: number;
  /** Folded encounters kept in memory (least recently used beyond, unless someone listens). */
  readonly maxCachedEncounters: number;
}

export const defaultLimits: Limits = {
  bodyBytes: 64 * 1024,
  importBytes: 16 * 1024 * 1024,
  commandsPerSecond: 20,
  commandBurst: 40,
  requestsPerSecond: 2,
  requestBurst: 10,
  readsPerSecond: 10,
  readBurst: 50,
  maxEncounters: 10_000,
  maxEventsPerEncounter: 20_000,
  maxPendingRequests: 50,
  wsMaxPayload: 4 * 1024,
  wsMessagesPerSecond: 5,
  wsBurst: 20,
  wsMaxBufferedBytes: 1024 * 1024,
  maxListenersPerEncounter: 200,
  maxListenersPerKey: 24,
  maxCachedEncounters: 500,
  raceRetryMs: 2000,
};

export type Clock = () => number;

/**
 * Token buckets by key, in this process (RateLimiter) or shared by every instance on one database
 * (PostgresRateLimiter). `take` answers 0 when a token was taken, else the milliseconds to wait.
 */
export interface RateBuckets {
  take(key: string): number | Promise<number>;
}

/** Makes the buckets of one of the app's limits (per key: commands, requests, reads). */
export type RateBucketsFactory = (limit: 'commands' | 'requests' | 'reads', rate: number, burst: number) => RateBuckets;

/** Token buckets by key: `rate` tokens a second, at most `burst` saved up. */
export class RateLimiter implements RateBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly clock: Clock,
  ) {}

  /** Takes a token: 0 when allowed, else the milliseconds until one is available. */
  take(key: string): number {
    const now = this.clock();
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    const tokens = Math.min(this.burst, b.tokens + (Math.max(0, now - b.at) / 1000) * this.rate);
    if (tokens >= 1) {
      this.buckets.set(key, { tokens: tokens - 1, at: now });
      if (this.buckets.size > 10_000) this.prune(now);
      return 0;
    }
    this.buckets.set(key, { tokens, at: now });
    return Math.ceil(((1 - tokens) / this.rate) * 1000);
  }

  /** Forget buckets that have filled up again (they behave as new ones). */
  private prune(now: number): void {
    for (const [k, b] of this.buckets) {
      if (b.tokens + ((now - b.at) / 1000) * this.rate >= this.burst) this.buckets.delete(k);
    }
  }
}
