/**
 * The server under load, on loopback: the app in this process on 127.0.0.1 (port 0) with a temporary
 * SQLite file, N custom-rules encounters, and the load generator (bench/server-load.ts) in a worker
 * thread: per encounter one GM sending commands over HTTP keep-alive and M player sockets listening.
 * Prints commands per second and p50/p99 latency from send to receipt by every listener. The last run
 * repeats the paced one while R loops flood `GET /log` of another encounter's 2 MB log with its player
 * key (bench/server-reads.ts): what one table's reads cost the others.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../src/server/http/index.ts';
import type { App } from '../src/server/http/index.ts';
import { defaultLimits } from '../src/server/shared/index.ts';
import type { Limits } from '../src/server/shared/index.ts';
import { SqliteEventStore } from '../src/store/index.ts';
import type { SqliteSync } from '../src/store/index.ts';
import { ThreadedSqliteEventStore } from '../src/store/index.ts';
import { runLoad } from './server-load.ts';
import type { LoadConfig, LoadResult, LoadTarget } from './server-load.ts';
import { bigLogEncounter, readsInWorker } from './server-reads.ts';
import { createTurnEncounters } from './server-your-turn.ts';
import type { ReadLoadResult } from './server-reads.ts';

export interface ServerBenchOptions {
  readonly encounters?: number;
  readonly listeners?: number;
  readonly warmupMs?: number;
  readonly durationMs?: number;
  /** Each GM's pause between commands (the paced run). */
  readonly thinkMs?: number;
  /** Also run without pauses, to find the most commands per second. */
  readonly saturate?: boolean;
  readonly sync?: SqliteSync;
  /** Run the load generator in a worker thread (default) or in this thread (smoke tests). */
  readonly inWorker?: boolean;
  /** The database on its own thread, as `turnkeeper serve` runs it (default), or on the main thread. */
  readonly storeThread?: boolean;
  /** Read loops flooding a big log during a last paced run (default 20; 0: no such run). */
  readonly readLoops?: number;
  /** Each read loop's pause after an answer, in ms (default 0: none). */
  readonly readPauseMs?: number;
  /** Notes in the big log (default 8,000: about 2 MB of log JSON). */
  readonly readNotes?: number;
  /** Only the paced run with the read loops (and the paced run without them, to compare). */
  readonly readsOnly?: boolean;
}

export interface ServerBenchRun {
  readonly label: string;
  readonly commandsPerSecond: number;
  readonly listener: { p50: number; p99: number };
  readonly all: { p50: number; p99: number };
  readonly ack: { p50: number; p99: number };
  readonly errors: number;
  readonly commands: number;
  /** The read loops' tally, in the run that had them. */
  readonly reads?: ReadLoadResult;
  /** The GM's send → a seated phone reads "You're up", in the run where GMs end turns. */
  readonly up?: { p50: number; p99: number; n: number };
}

export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/**
 * The server's limits under the benchmark: command limits lifted (the saturated run sends faster than a
 * GM may, 20 commands/s per key); read limits as shipped (the M sockets of a player key open at once:
 * the burst covers them); the sockets of one key as many as the M listeners.
 */
export function benchLimits(listeners: number): Partial<Limits> {
  return {
    commandsPerSecond: 1e9,
    commandBurst: 1e9,
    maxListenersPerEncounter: listeners + 10,
    maxListenersPerKey: Math.max(defaultLimits.maxListenersPerKey, listeners + 10),
    readBurst: Math.max(defaultLimits.readBurst, 2 * listeners),
  };
}

/** What `POST /api/encounters` creates for each table of the load. */
export function benchEncounter(i: number): Record<string, unknown> {
  return { rules: 'custom', title: `Table ${i + 1}`, combatants: [{ name: 'Vasquez', kind: 'pc', hp: 30 }, { name: 'Ogre', hp: 1_000_000 }] };
}

/** Creates the load's `n` encounters in `app` (in-process). */
export async function createBenchEncounters(app: App, n: number): Promise<LoadTarget[]> {
  const targets: LoadTarget[] = [];
  for (let i = 0; i < n; i++) {
    const r = await app.fastify.inject({ method: 'POST', url: '/api/encounters', headers: { authorization: `Bearer ${app.ownerToken}` }, payload: benchEncounter(i) });
    const c = r.json() as LoadTarget;
    targets.push({ id: c.id, gmKey: c.gmKey, playerKey: c.playerKey });
  }
  return targets;
}

/** A run's figures from the load generator's tally. */
export function summarize(label: string, r: LoadResult, reads?: ReadLoadResult): ServerBenchRun {
  return {
    label,
    commands: r.commands,
    commandsPerSecond: r.commands / (r.elapsedMs / 1000),
    listener: { p50: percentile(r.perListener, 50), p99: percentile(r.perListener, 99) },
    all: { p50: percentile(r.allListeners, 50), p99: percentile(r.allListeners, 99) },
    ack: { p50: percentile(r.acks, 50), p99: percentile(r.acks, 99) },
    errors: r.errors,
    ...(reads ? { reads } : {}),
    ...(r.ups.length > 0 ? { up: { p50: percentile(r.ups, 50), p99: percentile(r.ups, 99), n: r.ups.length } } : {}),
  };
}

/** Runs the load; `ready` is called once its listeners are connected, before its first command. */
export function load(cfg: LoadConfig, inWorker: boolean, ready: () => void = () => undefined): Promise<LoadResult> {
  if (!inWorker) return runLoad(cfg, ready);
  return new Promise((resolve, reject) => {
    // Workers do not inherit tsx's loader: the worker registers it, then loads the TypeScript file.
    const tsx = import.meta.resolve('tsx/esm/api');
    const entry = new URL('./server-load.ts', import.meta.url).href;
    const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: cfg });
    worker.on('message', (m: { ready?: true; ok?: boolean; result?: LoadResult; error?: string }) => {
      if (m.ready) return ready();
      void worker.terminate();
      if (m.ok) resolve(m.result!);
      else reject(new Error(m.error));
    });
    worker.once('error', reject);
  });
}

export const ms = (x: number): string => `${x.toFixed(x < 10 ? 2 : 1)} ms`;

export async function benchServer(log: (line: string) => void, opts: ServerBenchOptions = {}): Promise<ServerBenchRun[]> {
  const n = opts.encounters ?? 200;
  const m = opts.listeners ?? 10;
  const sync = opts.sync ?? 'normal';
  const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-bench-'));
  const file = join(dir, 'turnkeeper.db');
  const storeThread = opts.storeThread ?? true;
  const store = storeThread ? await ThreadedSqliteEventStore.open(file, { synchronous: sync }) : new SqliteEventStore(file, { synchronous: sync });
  const app = await buildApp({ store, ownerToken: 'tko_bench-owner-token-0000000000', limits: benchLimits(m) });
  const runs: ServerBenchRun[] = [];
  try {
    await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const address = app.fastify.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const targets = await createBenchEncounters(app, n);
    const think = opts.thinkMs ?? 500;
    const loops = opts.readLoops ?? 20;
    const plans: [string, number, boolean, boolean?][] = [[`paced (each GM pauses ${think} ms after every command)`, think, false]];
    if ((opts.saturate ?? true) && !opts.readsOnly) plans.push(['saturated (no pause)', 0, false]);
    let big: Awaited<ReturnType<typeof bigLogEncounter>> | undefined;
    if (loops > 0) {
      big = await bigLogEncounter(app, opts.readNotes ?? 8000);
      const pause = opts.readPauseMs ? `, each pausing ${opts.readPauseMs} ms after an answer` : ', each as fast as answered';
      plans.push([`paced, while ${loops} loops read GET /log of a ${(big.logBytes / 2 ** 20).toFixed(1)} MB log (${big.lines} lines) with a player key${pause}`, think, true]);
    }
    // The GMs end turns, and 2 of each fight's M listeners are its two PCs' seated phones.
    if (!opts.readsOnly) plans.push([`paced, the GMs end turns; 2 of the ${m} listeners are seated phones reading "You're up"`, think, false, true]);
    const turnTargets = plans.some((p) => p[3]) ? await createTurnEncounters(app, n) : [];
    log(
      `${n} encounters × (1 GM over HTTP + ${m} player sockets), loopback, SQLite synchronous=${sync} on ${storeThread ? 'its own thread' : 'the main thread'}, ` +
        `load generator in ${opts.inWorker === false ? 'the main thread' : 'a worker thread'}`,
    );
    for (const [label, thinkMs, flood, turns] of plans) {
      const cfg: LoadConfig = {
        base,
        encounters: turns ? turnTargets : targets,
        listeners: m,
        warmupMs: opts.warmupMs ?? 2000,
        durationMs: opts.durationMs ?? 10_000,
        thinkMs,
        ...(turns ? { turns: true } : {}),
      };
      // The loops start once the load generator's sockets are connected (a server busy reading the
      // big log would otherwise refuse them: its accept queue overflows), before its warm-up.
      let reading: ReturnType<typeof readsInWorker> | undefined;
      const startReads = () => {
        if (flood && big) reading = readsInWorker({ base, id: big.id, key: big.playerKey, loops, pauseMs: opts.readPauseMs ?? 0, durationMs: cfg.warmupMs + cfg.durationMs + 10_000 });
      };
      const serverElu = performance.eventLoopUtilization();
      const r = await load(cfg, opts.inWorker ?? true, startReads);
      const serverBusy = performance.eventLoopUtilization(serverElu).utilization;
      const reads = reading ? await reading.stop() : undefined;
      const run = summarize(label, r, reads);
      runs.push(run);
      log(`  ${label}: ${Math.round(run.commandsPerSecond)} commands/s (${run.commands} in ${(r.elapsedMs / 1000).toFixed(1)} s, ${run.commands * m} socket deliveries), errors ${run.errors}`);
      log(`    send → received by a listener:  p50 ${ms(run.listener.p50)}, p99 ${ms(run.listener.p99)}`);
      log(`    send → received by all ${m}:      p50 ${ms(run.all.p50)}, p99 ${ms(run.all.p99)}`);
      log(`    send → HTTP answer:             p50 ${ms(run.ack.p50)}, p99 ${ms(run.ack.p99)}`);
      if (run.up) log(`    GM's click → "You're up" on the seated phone: p50 ${ms(run.up.p50)}, p99 ${ms(run.up.p99)} (${run.up.n} turns; target p99 under 50 ms)`);
      log(`    event loops busy: server ${Math.round(serverBusy * 100)}%, load generator ${Math.round(r.generatorBusy * 100)}%`);
      if (reads) {
        const statuses = Object.entries(reads.byStatus).map(([s, n]) => `${s}: ${n}`).join(', ');
        log(`    read loops: ${Math.round(reads.reads / (reads.elapsedMs / 1000))} reads/s (${statuses}), ${(reads.bytes / 2 ** 20 / (reads.elapsedMs / 1000)).toFixed(1)} MB/s received`);
      }
    }
  } finally {
    await app.fastify.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return runs;
}
