/**
 * The live socket, for the GM screen and the player view alike: it reconnects by itself (quickly at
 * first, then every few seconds, and at once when the browser comes back online) and asks for what it
 * missed with `after=<last seq>`. No dependencies: the player view stays small.
 */

export type LinkStatus = 'connecting' | 'live' | 'reconnecting' | 'failed';

export interface LiveOptions {
  /** The socket address for the messages after `after`. */
  readonly url: (after: number) => string;
  readonly after: () => number;
  readonly message: (data: unknown) => void;
  readonly status: (s: LinkStatus, detail?: string) => void;
  /**
   * Asked when a socket closes before it ever opened (the server refuses a bad key before the
   * upgrade, which the browser cannot see): a message means "give up", null means "retry".
   */
  readonly check?: () => Promise<string | null>;
  /** Delays between attempts, in ms (the last one repeats). */
  readonly backoff?: readonly number[];
}

/** Close codes after which retrying will not help: key revoked, encounter deleted, unauthorized, not found. */
const FATAL = new Set([4001, 4004, 4401, 4404]);
/** A ping this often; a socket silent for twice as long is considered dropped and reopened. */
const PING_MS = 15_000;

export function openLive(opts: LiveOptions): () => void {
  const backoff = opts.backoff ?? [250, 500, 1000, 2000, 4000];
  let ws: WebSocket | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let watchdog: ReturnType<typeof setTimeout> | null = null;
  let ping: ReturnType<typeof setInterval> | null = null;
  let stopped = false;

  const clearTimers = () => {
    if (timer) clearTimeout(timer);
    if (watchdog) clearTimeout(watchdog);
    if (ping) clearInterval(ping);
    timer = watchdog = ping = null;
  };

  const feed = () => {
    if (watchdog) clearTimeout(watchdog);
    watchdog = setTimeout(() => ws?.close(4000, 'silent'), 2 * PING_MS + 5_000);
  };

  const connect = () => {
    if (stopped) return;
    clearTimers();
    opts.status(attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = new WebSocket(opts.url(opts.after()));
    ws = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
      attempt = 0;
      opts.status('live');
      feed();
      ping = setInterval(() => {
        if (socket.readyState === WebSocket.OPEN) socket.send('{"type":"ping"}');
      }, PING_MS);
    };
    socket.onmessage = (e) => {
      feed();
      if (typeof e.data !== 'string') return;
      let data: unknown;
      try {
        data = JSON.parse(e.data);
      } catch {
        return;
      }
      opts.message(data);
    };
    socket.onclose = (e) => {
      if (ws !== socket || stopped) return;
      ws = null;
      if (FATAL.has(e.code)) {
        clearTimers();
        opts.status('failed', e.reason || 'The server refused this link.');
        return;
      }
      if (!opened && opts.check) {
        clearTimers();
        opts.status('reconnecting');
        void opts.check().then(
          (fatal) => {
            if (stopped) return;
            if (fatal) opts.status('failed', fatal);
            else retry();
          },
          () => retry(),
        );
        return;
      }
      retry();
    };
    socket.onerror = () => {
      // onclose follows and schedules the retry.
    };
  };

  const retry = () => {
    clearTimers();
    opts.status('reconnecting');
    const delay = backoff[Math.min(attempt, backoff.length - 1)] ?? 1000;
    attempt++;
    timer = setTimeout(connect, delay);
  };

  const online = () => {
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      attempt = 0;
      connect();
    }
  };
  const visible = () => {
    if (document.visibilityState === 'visible') online();
  };
  window.addEventListener('online', online);
  document.addEventListener('visibilitychange', visible);
  connect();

  return () => {
    stopped = true;
    clearTimers();
    window.removeEventListener('online', online);
    document.removeEventListener('visibilitychange', visible);
    ws?.close(1000, 'bye');
    ws = null;
  };
}

/** ws:// or wss:// on this page's host. */
export function socketUrl(path: string): string {
  const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${window.location.host}${path}`;
}
