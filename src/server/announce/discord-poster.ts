/**
 * Posting lines to Discord webhooks, off the fight's path: one queue per webhook, at most one post a
 * second per webhook (lines that arrive meanwhile join the next post, up to Discord's 2,000 characters),
 * a bounded backlog (the oldest lines give way), a timeout on every request, no redirects followed (the
 * server talks to Discord's host only). A 429 waits what Discord asks (`retry_after` in the JSON, else
 * Retry-After) and tries again a few times; any other failure is reported as it is, in the GM's words.
 */

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export interface PosterOptions {
  /** The HTTP client (tests: one that reaches a local stub); global fetch by default. */
  readonly fetch?: Fetch;
  /** A request's time limit. */
  readonly timeoutMs?: number;
  /** Least time between two posts to one webhook. */
  readonly minGapMs?: number;
  /** Tries again after a 429 at most this many times. */
  readonly maxRetries?: number;
  /** A 429's wait is capped at this. */
  readonly maxWaitMs?: number;
  /** Lines waiting per webhook; past it the oldest are dropped (and the drop reported). */
  readonly maxPending?: number;
}

export interface PostResult {
  readonly ok: boolean;
  /** Discord's HTTP status; 0 when no answer came. */
  readonly status: number;
  readonly message: string;
  /** 429s waited out before this result. */
  readonly retries: number;
}

interface Item {
  readonly text: string;
  /** Who to tell how the post that carried it went (the encounter's id). */
  readonly owner: string;
  readonly done?: (r: PostResult) => void;
}

interface WebhookQueue {
  items: Item[];
  running: boolean;
  lastPost: number;
}

const DISCORD_MAX = 2000;

export const posterDefaults = { timeoutMs: 10_000, minGapMs: 1000, maxRetries: 3, maxWaitMs: 30_000, maxPending: 100 } as const;

/** Why a Discord answer was not a success, in the GM's words. */
export function failureWords(status: number, retries: number): string {
  if (status === 429) return `Discord asked to slow down (429) ${retries + 1} times in a row: these lines were not posted.`;
  if (status === 401 || status === 403) return `Discord refused the webhook (${status}): its token may have changed. Copy the webhook address from Discord again.`;
  if (status === 404) return 'Discord does not know this webhook (404): it was deleted. Make a new one in Discord and paste its address.';
  if (status >= 300 && status < 400) return `Discord answered with a redirect (${status}), which Turnkeeper does not follow: check the webhook address.`;
  if (status === 400) return 'Discord refused the message (400).';
  if (status >= 500) return `Discord had a problem (${status}): these lines were not posted. Discord may be down; later lines will try again.`;
  return `Discord answered ${status}: these lines were not posted.`;
}

export class DiscordPoster {
  private readonly queues = new Map<string, WebhookQueue>();
  private readonly closing = new AbortController();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly opts: Required<Omit<PosterOptions, 'fetch'>> & { fetch: Fetch };

  constructor(
    options: PosterOptions,
    private readonly report: (owner: string, result: PostResult, dropped: number) => void,
    private readonly clock: () => number = Date.now,
  ) {
    this.opts = { ...posterDefaults, ...options, fetch: options.fetch ?? ((url, init) => fetch(url, init)) };
  }

  /** Queues lines for the webhook; returns at once. */
  post(webhook: string, owner: string, lines: readonly string[]): void {
    for (const text of lines) this.enqueue(webhook, { text, owner });
  }

  /** Queues one line and resolves with how its post went. */
  postNow(webhook: string, owner: string, text: string): Promise<PostResult> {
    return new Promise((resolve) => this.enqueue(webhook, { text, owner, done: resolve }));
  }

  /** Lines waiting for the webhook. */
  waiting(webhook: string): number {
    return this.queues.get(webhook)?.items.length ?? 0;
  }

  /** Stops: requests in flight are aborted, waits cut short, queued lines dropped. */
  close(): void {
    this.closing.abort();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const q of this.queues.values()) for (const item of q.items.splice(0)) item.done?.({ ok: false, status: 0, message: 'The server is stopping.', retries: 0 });
    this.queues.clear();
  }

  private enqueue(webhook: string, item: Item): void {
    if (this.closing.signal.aborted) return item.done?.({ ok: false, status: 0, message: 'The server is stopping.', retries: 0 });
    let q = this.queues.get(webhook);
    if (!q) this.queues.set(webhook, (q = { items: [], running: false, lastPost: -Infinity }));
    q.items.push(item);
    const over = q.items.length - this.opts.maxPending;
    if (over > 0) {
      const dropped = q.items.splice(0, over);
      const result = { ok: false, status: 0, message: `Discord could not keep up: ${over} line${over === 1 ? ' was' : 's were'} dropped.`, retries: 0 };
      for (const d of dropped) d.done?.(result);
      this.report(dropped[0]!.owner, result, over);
    }
    if (!q.running) void this.pump(webhook, q);
  }

  private async pump(webhook: string, q: WebhookQueue): Promise<void> {
    q.running = true;
    try {
      while (q.items.length > 0 && !this.closing.signal.aborted) {
        const wait = q.lastPost + this.opts.minGapMs - this.clock();
        if (wait > 0) await this.sleep(wait);
        const batch = this.take(q);
        if (batch.length === 0) continue;
        const result = await this.send(webhook, batch.map((i) => i.text).join('\n'));
        // The gap runs from the end of the post (and of any 429 waits within it).
        q.lastPost = this.clock();
        for (const owner of new Set(batch.map((i) => i.owner))) this.report(owner, result, 0);
        for (const i of batch) i.done?.(result);
      }
    } finally {
      q.running = false;
      if (q.items.length === 0 && this.queues.get(webhook) === q) this.queues.delete(webhook);
    }
  }

  /** The lines of the next post: as many as fit in one message (a line too long alone is cut). */
  private take(q: WebhookQueue): Item[] {
    const out: Item[] = [];
    let size = 0;
    while (q.items.length > 0) {
      const next = q.items[0]!;
      const len = Math.min(next.text.length, DISCORD_MAX) + (out.length > 0 ? 1 : 0);
      if (out.length > 0 && size + len > DISCORD_MAX) break;
      q.items.shift();
      out.push(next.text.length > DISCORD_MAX ? { ...next, text: `${next.text.slice(0, DISCORD_MAX - 1)}…` } : next);
      size += len;
    }
    return out;
  }

  private async send(webhook: string, content: string): Promise<PostResult> {
    const body = JSON.stringify({ content, username: 'Turnkeeper', allowed_mentions: { parse: [] } });
    for (let retries = 0; ; retries++) {
      let res: Response;
      try {
        res = await this.opts.fetch(webhook, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          redirect: 'manual',
          signal: AbortSignal.any([AbortSignal.timeout(this.opts.timeoutMs), this.closing.signal]),
        });
      } catch (e) {
        if (this.closing.signal.aborted) return { ok: false, status: 0, message: 'The server is stopping.', retries };
        const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
        const message = timedOut
          ? `Discord did not answer within ${Math.round(this.opts.timeoutMs / 1000)} s: these lines were not posted.`
          : 'Discord could not be reached (is this computer online?): these lines were not posted.';
        return { ok: false, status: 0, message, retries };
      }
      const text = await res.text().catch(() => '');
      if (res.ok) return { ok: true, status: res.status, message: 'Posted.', retries };
      if (res.status !== 429 || retries >= this.opts.maxRetries) return { ok: false, status: res.status, message: failureWords(res.status, retries), retries };
      await this.sleep(Math.min(retryAfterMs(text, res.headers), this.opts.maxWaitMs));
      if (this.closing.signal.aborted) return { ok: false, status: 0, message: 'The server is stopping.', retries };
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const stop = () => {
        clearTimeout(t);
        this.timers.delete(t);
        resolve();
      };
      const t = setTimeout(() => {
        this.closing.signal.removeEventListener('abort', stop);
        stop();
      }, ms);
      t.unref?.();
      this.timers.add(t);
      this.closing.signal.addEventListener('abort', stop, { once: true });
    });
  }
}

/** How long a 429 asks to wait: the JSON's `retry_after` (seconds), else Retry-After (seconds), else 1 s. */
export function retryAfterMs(body: string, headers: Headers): number {
  try {
    const parsed = JSON.parse(body) as { retry_after?: unknown };
    if (typeof parsed.retry_after === 'number' && Number.isFinite(parsed.retry_after) && parsed.retry_after >= 0) return Math.ceil(parsed.retry_after * 1000);
  } catch {
    // Not JSON: the header, then the default.
  }
  const header = Number(headers.get('retry-after'));
  if (Number.isFinite(header) && header >= 0 && headers.get('retry-after') !== null) return Math.ceil(header * 1000);
  return 1000;
}
