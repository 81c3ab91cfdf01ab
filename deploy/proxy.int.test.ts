/**
 * deploy/Caddyfile, unchanged, run by Debian's caddy (`caddy run --config deploy/Caddyfile --adapter
 * caddyfile`, only environment variables set: the site on a free loopback port over plain HTTP, the two
 * instances as upstreams, the admin endpoint on a free port) in front of two real server processes on one
 * throwaway PostgreSQL. Everything goes through the proxy. The live sockets are the browser's own client
 * (src/web/api/live.ts, with the `ws` package as the WebSocket): two GM tabs and four players' phones.
 * The GM screen sends a burst of commands with its own API client (src/web/api/gm-api.ts), each with the
 * version the screen shows as `expectedVersion`, as the screen does; one instance is SIGKILLed mid-burst
 * and the burst goes on. Then: every answered command is in the log exactly once; a command whose answer
 * was lost (502, or the connection cut) is applied once (sent again with the same expectedVersion: 409
 * when the first had been applied); every socket received every seq once, in order, up to the final
 * version; and the sockets that were on the dead instance reconnected through the proxy, asking for what
 * came after the last seq they held. Fails, never skips, where caddy or PostgreSQL is not installed.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { Command, StoredEvent } from '../src/core/index.ts';
import type { ServerMessage } from '../src/server/live/index.ts';
import { PostgresEventStore } from '../src/store/index.ts';
import { describePostgres, freePort, startTestPostgres } from '../src/store/testing.ts';
import { serveProcess } from '../src/server/start/testing.ts';
import type { TestPostgres } from '../src/store/testing.ts';
import { gmApi } from '../src/web/api/gm-api.ts';
import { call, encounterPath } from '../src/web/api/http.ts';

const repo = fileURLToPath(new URL('../', import.meta.url));

// The browser's socket client and its URL, loaded at run time: they are typed with the DOM's types, which
// tsconfig.json (the server's) leaves out; tsconfig.web.json checks them. Their shapes, as used here:
type LinkStatus = 'connecting' | 'live' | 'reconnecting' | 'failed';
interface LiveModule {
  openLive(opts: {
    url: (after: number) => string;
    after: () => number;
    message: (data: unknown) => void;
    status: (s: LinkStatus, detail?: string) => void;
    check?: () => Promise<string | null>;
  }): () => void;
}
interface PlayerApiModule {
  liveUrl(id: string, key: string, after: number): string;
}
const webModule = async <T,>(name: string): Promise<T> => (await import(/* @vite-ignore */ new URL(`../src/web/api/${name}`, import.meta.url).href)) as T;

/** Why the proxy test cannot run here, or undefined when it can. */
function caddyUnavailable(): string | undefined {
  try {
    execFileSync('caddy', ['version'], { stdio: 'ignore', timeout: 10_000 });
    return undefined;
  } catch {
    return 'no caddy on the PATH; install the caddy package to run it';
  }
}

/** `describePostgres` that also needs caddy: where it is missing, one test fails and says how to get it. */
function describeProxy(name: string, body: () => void): void {
  const reason = caddyUnavailable();
  describePostgres(
    name,
    reason === undefined
      ? body
      : () => {
          it('needs Caddy', () => {
            throw new Error(`${name} cannot run: ${reason} (apt-get install caddy; .ci/run does).`);
          });
        },
  );
}

/** Checks `condition` every 20 ms until it holds; throws `why()` after `timeoutMs`. */
async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, why: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(why());
    await new Promise((r) => setTimeout(r, 20));
  }
}

const children: ChildProcess[] = [];
const dirs: string[] = [];
const killAll = (): void => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
};
// A run that dies before afterAll still ends its servers and its proxy.
process.once('exit', killAll);

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

interface Instance {
  readonly child: ChildProcess;
  /** host:port, as the proxy dials it. */
  readonly address: string;
  readonly owner: string;
}

/** `turnkeeper serve --port 0` on the test database, with a data folder of its own, its links on the proxy. */
async function startInstance(databaseUrl: string, publicUrl: string): Promise<Instance> {
  const served = await serveProcess(tempDir('turnkeeper-proxy-'), children, {
    args: ['--database-url', databaseUrl],
    env: { TURNKEEPER_DATABASE_URL: '', TURNKEEPER_PUBLIC_URL: publicUrl },
  });
  return { child: served.child, address: new URL(served.base).host, owner: served.owner };
}

/** deploy/Caddyfile as it is, with the environment saying where: resolves once /api/health answers 200 through it. */
async function startCaddy(site: string, upstreams: readonly string[], admin: string): Promise<{ child: ChildProcess; log: () => string }> {
  const home = tempDir('turnkeeper-caddy-');
  const child = spawn('caddy', ['run', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
    cwd: repo,
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_DATA_HOME: join(home, 'data'),
      TURNKEEPER_DOMAIN: site,
      TURNKEEPER_UPSTREAMS: upstreams.join(' '),
      CADDY_ADMIN: admin,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let log = '';
  child.stderr!.on('data', (d) => (log = (log + String(d)).slice(-20_000)));
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`caddy exited (${child.exitCode}):\n${log}`);
      const r = await fetch(`${site}/api/health`, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
      return r?.status === 200;
    },
    20_000,
    () => `caddy did not pass /api/health through within 20 s:\n${log}`,
  );
  return { child, log: () => log };
}

/** One live socket opened with the browser's client, and all it saw. */
interface Watcher {
  readonly name: string;
  readonly gm: boolean;
  readonly statuses: LinkStatus[];
  /** Each socket the client opened: the `after` it asked with, and the [from, seq] of each batch on it. */
  readonly connections: { after: number; batches: [number, number][] }[];
  /** GM: every event received, in order. */
  readonly events: StoredEvent[];
  /** What the client asks after when it reconnects (the GM screen's logTop, the player page's seq). */
  last: number;
  stop: () => void;
}

describeProxy('deploy/Caddyfile in front of two instances', () => {
  let pg: TestPostgres | undefined;
  let store: PostgresEventStore | undefined;
  let proxy = '';
  let a: Instance;
  let b: Instance;
  let caddy: { child: ChildProcess; log: () => string };
  const watchers: Watcher[] = [];

  beforeAll(async () => {
    pg = await startTestPostgres();
    const url = await pg.createDatabase('proxy');
    proxy = `http://127.0.0.1:${await freePort()}`;
    a = await startInstance(url, proxy);
    b = await startInstance(url, proxy);
    caddy = await startCaddy(proxy, [a.address, b.address], `127.0.0.1:${await freePort()}`);
    store = await PostgresEventStore.open(url);
    // The browser's globals the clients use: WebSocket, the page's address, fetch of a path on it.
    const realFetch = globalThis.fetch;
    vi.stubGlobal('WebSocket', WebSocket);
    vi.stubGlobal('window', Object.assign(new EventTarget(), { location: new URL(proxy) }));
    vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
    vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => realFetch(typeof input === 'string' && input.startsWith('/') ? `${proxy}${input}` : input, init));
  }, 120_000);

  afterAll(async () => {
    for (const w of watchers) w.stop();
    killAll();
    await Promise.all(children.map(exited));
    vi.unstubAllGlobals();
    await store?.close();
    await pg?.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }, 60_000);

  it('loses and duplicates nothing when an instance is SIGKILLed mid-burst: sockets reconnect through the proxy and resume from their last seq', async () => {
    expect(b.owner).toBe(a.owner);
    const { openLive } = await webModule<LiveModule>('live.ts');
    const { liveUrl } = await webModule<PlayerApiModule>('player-api.ts');

    const created = await call<{ id: string; gmKey: string; playerKey: string }>('POST', '/api/encounters', a.owner, {
      rules: 'custom',
      combatants: [{ name: 'Vasquez', kind: 'pc', hp: 30 }, { name: 'Ogre', hp: 40 }],
    });
    if (!created.ok) throw new Error(`create through the proxy: ${created.status} ${created.message}`);
    const { id, gmKey, playerKey } = created.data;
    const start = (await store!.getEncounter(id))!.version;

    const watch = (name: string, key: string, gm: boolean): Watcher => {
      const w: Watcher = { name, gm, statuses: [], connections: [], events: [], last: 0, stop: () => {} };
      w.stop = openLive({
        url: (after) => {
          w.connections.push({ after, batches: [] });
          return liveUrl(id, key, after);
        },
        after: () => w.last,
        status: (s) => w.statuses.push(s),
        // As the GM screen and the player page do: a socket closed before it opened asks whether the key still opens the encounter.
        check: async () => {
          const r = await call('GET', encounterPath(id), key);
          return !r.ok && [401, 403, 404].includes(r.status) ? r.message : null;
        },
        message: (data) => {
          const m = data as ServerMessage;
          if (m.type !== 'events' && m.type !== 'update') return;
          w.connections.at(-1)!.batches.push([m.from, m.seq]);
          if (m.type === 'events') {
            w.events.push(...m.events);
            w.last = Math.max(w.last, m.seq);
          } else w.last = m.seq;
        },
      });
      watchers.push(w);
      return w;
    };
    // One after the other, each live before the next opens: round robin puts neighbours on different instances.
    for (const [name, key, gm] of [
      ['GM screen', gmKey, true],
      ['GM second tab', gmKey, true],
      ['player 1', playerKey, false],
      ['player 2', playerKey, false],
      ['player 3', playerKey, false],
      ['player 4', playerKey, false],
    ] as const) {
      const w = watch(name, key, gm);
      await until(() => w.statuses.at(-1) === 'live' && w.last === start, 10_000, () => `${name} did not open: ${w.statuses.join(' → ')}, at ${w.last} of ${start}`);
    }
    const screen = watchers[0]!;

    // The burst: the GM screen's commands, one after the other, each with the version the screen shows.
    const gm = gmApi(id, gmKey);
    const N = 60;
    const KILL_AT = 20;
    let answered = start;
    const screenVersion = () => Math.max(screen.last, answered);
    const acked: { text: string; events: readonly StoredEvent[] }[] = [];
    const lost: { text: string; status: number; code: string; expectedVersion: number; screenAtError: number }[] = [];
    const appliedUnanswered: string[] = [];
    const stale: string[] = [];
    let killedAt = 0;
    for (let k = 0; k < N; k++) {
      const text = `burst ${k}`;
      const command = { type: 'note', text, gmOnly: k % 3 === 2 } as Command;
      const expectedVersion = screenVersion();
      for (;;) {
        const sending = gm.command(command, expectedVersion);
        if (k === KILL_AT && killedAt === 0) {
          // Mid-burst, with this command on its way.
          await new Promise((r) => setImmediate(r));
          a.child.kill('SIGKILL');
          killedAt = Date.now();
        }
        const r = await sending;
        if (r.ok) {
          acked.push({ text, events: r.data.events });
          answered = Math.max(answered, r.data.version);
          break;
        }
        // The rate limit (20 a second per key, shared through the database): nothing was done; send it again.
        if (r.status === 429) {
          await new Promise((res) => setTimeout(res, 100));
          continue;
        }
        if (r.status === 409 && r.code === 'encounter/version-conflict') {
          // Only this screen sends, so only a lost attempt of this command can have moved the version.
          const after = await store!.readEvents(id, expectedVersion);
          if (after.some((s) => s.event.type === 'note-added' && (s.event as { text: string }).text === text)) {
            // It had been applied, its answer lost: it is in the log once (checked below). The screen
            // catches up from its socket before the next command.
            expect(lost.some((l) => l.text === text), `${text}: applied by an attempt that was never answered`).toBe(true);
            appliedUnanswered.push(text);
            const applied = expectedVersion + after.length;
            await until(() => screen.last >= applied, 15_000, () => `the GM screen did not catch up to ${applied}: at ${screen.last}`);
            break;
          }
          // A conflict with nothing in the log since the version the screen holds: the instance decided on a
          // copy older than what the client had already seen. Nothing was applied; the GM tries again, as the
          // screen's message says, and the test fails at the end (after the loss and duplication checks).
          stale.push(`${text} sent with expectedVersion ${expectedVersion} (the store at ${expectedVersion + after.length}): ${r.message}`);
          continue;
        }
        // The answer was lost: the instance died with the command (the proxy says 502), no instance was
        // available (503), or the connection was cut (0). The GM sends it again a moment later.
        if (r.status === 502 || r.status === 503 || r.status === 0) {
          lost.push({ text, status: r.status, code: r.code, expectedVersion, screenAtError: screen.last });
          await new Promise((res) => setTimeout(res, 100));
          continue;
        }
        throw new Error(`${text}: unexpected ${r.status} ${r.code}: ${r.message}`);
      }
    }
    expect(killedAt).toBeGreaterThan(0);
    await exited(a.child);

    const stored = await store!.readEvents(id);
    const end = stored.length;
    expect(stored.map((s) => s.seq)).toEqual(stored.map((_, i) => i + 1));
    // Every answered command is in the log as answered.
    for (const { events } of acked) for (const ev of events) expect(stored[ev.seq - 1]).toEqual(ev);
    // Every command of the burst is in the log exactly once, and nothing else is.
    const notes = stored.slice(start).map((s) => (s.event.type === 'note-added' ? (s.event as { text: string }).text : s.event.type));
    expect([...notes].sort()).toEqual(Array.from({ length: N }, (_, k) => `burst ${k}`).sort());
    expect(acked.length + appliedUnanswered.length).toBe(N);

    // Every socket receives everything up to the end, each seq once, in order, and each reconnect asked
    // after the last seq it held.
    await until(() => watchers.every((w) => w.last === end), 20_000, () => `sockets behind ${end}: ${watchers.map((w) => `${w.name} at ${w.last} (${w.statuses.join(' → ')})`).join('; ')}`);
    for (const w of watchers) {
      let last = 0;
      for (const [n, c] of w.connections.entries()) {
        expect(c.after, `${w.name}, socket ${n + 1}: asked after ${c.after} holding ${last}`).toBe(last);
        for (const [from, seq] of c.batches) {
          expect(from, `${w.name}, socket ${n + 1}: a batch from ${from} after ${last}`).toBe(last + 1);
          // A player's catch-up with nothing missed is empty (from = seq + 1).
          expect(seq, `${w.name}, socket ${n + 1}: batch ${from}..${seq}`).toBeGreaterThanOrEqual(from - (w.gm ? 0 : 1));
          last = seq;
        }
      }
      expect(last, w.name).toBe(end);
      if (w.gm) expect(w.events, `${w.name}: the events it folded`).toEqual(stored);
      expect(w.statuses.at(-1), `${w.name}: ${w.statuses.join(' → ')}`).toBe('live');
      expect(w.statuses).not.toContain('failed');
    }
    // The sockets on the dead instance went reconnecting → live through the proxy, and resumed after a
    // seq past the start (they held part of the burst); the others never dropped.
    const moved = watchers.filter((w) => w.connections.length > 1);
    const stayed = watchers.filter((w) => w.connections.length === 1);
    const where = () => watchers.map((w) => `${w.name}: ${w.connections.map((c) => `after=${c.after}`).join(', ')}`).join('; ');
    expect(moved.some((w) => w.gm), `a GM socket reconnected (${where()})`).toBe(true);
    expect(moved.some((w) => !w.gm), `a player socket reconnected (${where()})`).toBe(true);
    expect(stayed.length, `some sockets were on the instance that lived (${where()})`).toBeGreaterThan(0);
    for (const w of moved) {
      const i = w.statuses.indexOf('reconnecting');
      expect(w.statuses.slice(0, 2), w.name).toEqual(['connecting', 'live']);
      expect(i, w.name).toBeGreaterThan(1);
      expect(w.statuses.slice(i).at(-1), w.name).toBe('live');
      expect(w.connections.at(-1)!.after, `${w.name} resumed from the seq it held`).toBeGreaterThan(start);
    }
    for (const w of stayed) expect(w.statuses, w.name).toEqual(['connecting', 'live']);

    // What happened, for the log: the answers lost and how the GM screen saw them, who reconnected after what.
    console.info(
      `proxy burst: ${acked.length} answered, ${lost.length} answers lost (${lost.slice(0, 5).map((l) => `${l.text}: ${l.status} ${l.code}, sent at ${l.expectedVersion}, screen at ${l.screenAtError}`).join('; ') || 'none'}${lost.length > 5 ? '; …' : ''}), ${appliedUnanswered.length} applied without an answer; reconnected: ${moved.map((w) => `${w.name} (after=${w.connections.slice(1).map((c) => c.after).join(',')})`).join(', ')}; killed ${Date.now() - killedAt} ms ago`,
    );
    expect(caddy.child.exitCode, caddy.log()).toBeNull();
    expect(
      stale,
      'version conflicts for a version the client had already seen, with nothing committed since: an instance checked expectedVersion against a copy it had not caught up',
    ).toEqual([]);
  }, 60_000);
});
