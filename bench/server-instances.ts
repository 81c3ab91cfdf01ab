/**
 * `npm run bench:server -- --pg --instances 2`: the server load (N encounters × 1 GM + M player
 * sockets, bench/server-load.ts in a worker thread) against four servers started side by side, the
 * runs interleaved (each repeat runs every server once per load) so a machine shared with other work
 * slows them alike:
 *
 * - Turnkeeper on SQLite, one instance, in this process, as `turnkeeper serve` runs it (the database on
 *   its own thread, synchronous=normal): the embedded default.
 * - Turnkeeper on PostgreSQL, N instances, each a child process of its own (bench/server-instance.ts:
 *   the backend `serve --database-url` opens, its own pool, change feed and event loop), on one
 *   throwaway PostgreSQL started from the system binaries (src/store/postgres-testing.ts: fsync and
 *   synchronous_commit off, as SQLite's synchronous=normal does not sync at commit either). Encounter i
 *   is created on, and its GM sends to, instance i mod N; its listeners listen on instance i+1 mod N,
 *   so every update they receive crossed instances through LISTEN/NOTIFY.
 * - The floor (bench/server-floor.ts: Fastify, one INSERT, a ws broadcast) on the same PostgreSQL, and
 *   on SQLite, in this process: Turnkeeper's throughput as a ratio of the least any server does.
 *
 * Each GM has a keep-alive connection of its own by default (`connectionPerGm`): with one connection
 * per server shared by the 200 GMs, as the single-instance benchmark has, the commands to a server go
 * one at a time and the saturated rate measures the round trip, not the server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/http/index.ts';
import { ThreadedSqliteEventStore } from '../src/store/index.ts';
import { startTestPostgres } from '../src/store/testing.ts';
import type { TestPostgres } from '../src/store/testing.ts';
import { median } from './harness.ts';
import { postgresFloor, sqliteFloor, startFloor } from './server-floor.ts';
import { postgresCpu } from './postgres-cpu.ts';
import { postgresTurnkeeper } from './server-instances-pg.ts';
import type { Server } from './server-instances-pg.ts';
import type { LoadConfig } from './server-load.ts';
import { benchLimits, createBenchEncounters, load, ms, summarize } from './server.ts';
import type { ServerBenchRun } from './server.ts';

export interface InstancesBenchOptions {
  readonly encounters?: number;
  readonly listeners?: number;
  readonly warmupMs?: number;
  readonly durationMs?: number;
  /** Each GM's pause between commands in the paced runs. */
  readonly thinkMs?: number;
  /**
   * Turnkeeper instances on PostgreSQL (default 2), or several counts (e.g. [1, 2, 3]: the scaling
   * curve), each a set of processes of its own on a database of its own, run interleaved with the rest.
   */
  readonly instances?: number | readonly number[];
  /** Each instance's PostgreSQL pool (default: `serve`'s, sized for the machine). */
  readonly pool?: number;
  /** Each server runs each load this many times (default 3); medians are reported. */
  readonly repeat?: number;
  /** A keep-alive connection per GM (default true), or one per server shared by all GMs. */
  readonly connectionPerGm?: boolean;
  /** Also run without pauses (default true). */
  readonly saturate?: boolean;
  /** Run the load generator in a worker thread (default) or in this thread (smoke tests). */
  readonly inWorker?: boolean;
  /**
   * PostgreSQL durable, as a deployment runs it (default true: fsync and synchronous_commit on), or
   * with fsync and synchronous_commit off (the old setting, for comparison).
   */
  readonly durable?: boolean;
  /** Only these servers (default: all four): `sqlite`, `pg`, `floor-pg`, `floor-sqlite`. */
  readonly only?: readonly ServerKind[];
}

export type ServerKind = 'sqlite' | 'pg' | 'floor-pg' | 'floor-sqlite';


/** One server's medians over the repeats of one load. */
export interface InstancesBenchRow {
  readonly server: string;
  readonly load: 'paced' | 'saturated';
  readonly runs: readonly ServerBenchRun[];
  readonly commandsPerSecond: number;
  /** Send → received by all M listeners (medians of the runs' percentiles). */
  readonly all: { p50: number; p99: number };
  readonly ack: { p50: number; p99: number };
  readonly errors: number;
  /** The server's event loops busy (each process), medians over the runs. */
  readonly busy: readonly number[];
  /** CPU ms the server's own processes spent per command (median), where they run apart from the load. */
  readonly cpuPerCommand?: number;
  /** CPU ms the PostgreSQL server spent per command (median), for the servers that use it. */
  readonly databaseCpuPerCommand?: number;
  /** The machine's CPUs busy during the runs (median; 1: every core), all processes included. */
  readonly machineBusy: number;
}

export interface InstancesBenchResult {
  readonly rows: readonly InstancesBenchRow[];
  /** Saturated commands/s: Turnkeeper over its floor on the same database, and PostgreSQL over SQLite. */
  readonly ratios: { readonly postgresToFloor: number; readonly sqliteToFloor: number; readonly postgresToSqlite: number };
  /** Per instance count (the curve): saturated commands/s, its ratio to the PostgreSQL floor, and per instance. */
  readonly curve: readonly { readonly instances: number; readonly commandsPerSecond: number; readonly toFloor: number; readonly perInstance: number; readonly pacedP99: number }[];
}

/** Starts counting the machine's CPU time; the returned function reads the share of all cores busy since (0..1). */
function machineCpu(): () => number {
  const total = () => cpus().reduce((t, c) => ({ busy: t.busy + c.times.user + c.times.nice + c.times.sys + c.times.irq, all: t.all + c.times.user + c.times.nice + c.times.sys + c.times.irq + c.times.idle }), { busy: 0, all: 0 });
  const start = total();
  return () => {
    const end = total();
    return (end.busy - start.busy) / Math.max(1, end.all - start.all);
  };
}

function inProcessBusy(): () => Promise<number[]> {
  const elu = performance.eventLoopUtilization();
  return async () => [performance.eventLoopUtilization(elu).utilization];
}

/** Turnkeeper on SQLite in this process, as `turnkeeper serve` runs it. */
async function sqliteTurnkeeper(dir: string, n: number, m: number): Promise<Server> {
  const store = await ThreadedSqliteEventStore.open(join(dir, 'turnkeeper.db'), { synchronous: 'normal' });
  const app = await buildApp({ store, ownerToken: 'tko_bench-owner-token-0000000000', limits: benchLimits(m) });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = app.fastify.server.address();
  return {
    name: 'Turnkeeper, SQLite, 1 instance',
    base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    encounters: await createBenchEncounters(app, n),
    busy: inProcessBusy,
    close: async () => {
      await app.fastify.close();
      await store.close();
    },
  };
}

const pct = (x: number): string => (Number.isFinite(x) ? `${Math.round(x * 100)}%` : '?');
const rate = (x: number): string => Math.round(x).toLocaleString('en-US');
const range = (xs: readonly number[], f: (x: number) => string): string => (xs.length > 1 ? ` (${f(Math.min(...xs))}–${f(Math.max(...xs))})` : '');

export async function benchServerInstances(log: (line: string) => void, opts: InstancesBenchOptions = {}): Promise<InstancesBenchResult> {
  const n = opts.encounters ?? 200;
  const m = opts.listeners ?? 10;
  const counts = typeof opts.instances === 'number' || opts.instances === undefined ? [opts.instances ?? 2] : [...opts.instances];
  // The ratios name the count asked first (default 2); the curve lists them all.
  const instances = counts[0]!;
  const repeat = opts.repeat ?? 3;
  const think = opts.thinkMs ?? 500;
  const perGm = opts.connectionPerGm ?? true;
  const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-bench-pg-'));
  const servers: Server[] = [];
  let pg: TestPostgres | undefined;
  try {
    const t = performance.now();
    const durable = opts.durable ?? true;
    pg = await startTestPostgres({ durable });
    const floorUrl = await pg.createDatabase('floor');
    log(`throwaway PostgreSQL started in ${Math.round(pg.startupMs)} ms (${durable ? 'durable: fsync=on, synchronous_commit=on' : 'not durable: fsync=off, synchronous_commit=off'})`);
    const only = new Set<ServerKind>(opts.only ?? ['sqlite', 'pg', 'floor-pg', 'floor-sqlite']);
    const kinds = new Map<Server, ServerKind>();
    const add = (kind: ServerKind, server: Server) => {
      servers.push(server);
      kinds.set(server, kind);
    };
    if (only.has('sqlite')) add('sqlite', await sqliteTurnkeeper(dir, n, m));
    const curve = new Map<number, Server>();
    if (only.has('pg')) {
      for (const count of counts) {
        const server = await postgresTurnkeeper(dir, await pg.createDatabase(`turnkeeper_${count}`), count, n, m, opts.pool);
        curve.set(count, server);
        add('pg', server);
      }
    }
    if (only.has('floor-pg')) add('floor-pg', { name: 'floor, PostgreSQL (Fastify + INSERT + ws)', ...(await startFloor(await postgresFloor(floorUrl), n)), busy: inProcessBusy, database: floorUrl });
    if (only.has('floor-sqlite')) add('floor-sqlite', { name: 'floor, SQLite (Fastify + INSERT + ws)', ...(await startFloor(sqliteFloor(join(dir, 'floor.db')), n)), busy: inProcessBusy });
    log(`servers up and ${n} encounters created on each in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    log(
      `${n} encounters × (1 GM over HTTP + ${m} player sockets), loopback, load generator in ${opts.inWorker === false ? 'the main thread' : 'a worker thread'}, ` +
        `${perGm ? 'a keep-alive connection per GM' : 'one keep-alive connection per server shared by the GMs'}; ` +
        `PostgreSQL: GMs spread over the ${instances} instances, each encounter's listeners on ${instances > 1 ? 'another instance than its GM' : 'the same instance'}; ` +
        `${repeat} repeat${repeat === 1 ? '' : 's'}, interleaved`,
    );

    const loads: ['paced' | 'saturated', number][] = [['paced', think]];
    if (opts.saturate ?? true) loads.push(['saturated', 0]);
    const tally = new Map<string, { runs: ServerBenchRun[]; busy: number[][]; machine: number[]; cpu: number[]; databaseCpu: number[] }>();
    for (let r = 1; r <= repeat; r++) {
      for (const server of servers) {
        for (const [kind, thinkMs] of loads) {
          const cfg: LoadConfig = { base: server.base, encounters: server.encounters, listeners: m, warmupMs: opts.warmupMs ?? 1000, durationMs: opts.durationMs ?? 3000, thinkMs, connectionPerGm: perGm };
          const stopBusy = server.busy();
          // The server's own CPU from the moment the sockets are open (warm-up, run and drain: a steady load).
          let stopOwnCpu: (() => Promise<number>) | undefined;
          let stopDatabaseCpu: (() => number) | undefined;
          let counting = 0;
          const ready = () => {
            stopOwnCpu = server.cpu?.();
            stopDatabaseCpu = server.database !== undefined ? postgresCpu(server.database) : undefined;
            counting = performance.now();
          };
          const stopCpu = machineCpu();
          const result = await load(cfg, opts.inWorker ?? true, ready);
          const machine = stopCpu();
          const busy = await stopBusy();
          const ownCpu = await stopOwnCpu?.();
          const databaseCpu = stopDatabaseCpu?.();
          const wallMs = performance.now() - counting;
          const run = summarize(`${server.name}, ${kind}`, result);
          const key = `${server.name}\n${kind}`;
          const t = tally.get(key) ?? { runs: [], busy: [], machine: [], cpu: [], databaseCpu: [] };
          // Cores busy (CPU ms per wall ms) over commands per ms.
          const perCommandOf = (cpuMs: number | undefined) => (cpuMs !== undefined && run.commandsPerSecond > 0 ? (cpuMs / wallMs) * (1000 / run.commandsPerSecond) : undefined);
          const perCommand = perCommandOf(ownCpu);
          const databasePerCommand = perCommandOf(databaseCpu);
          if (perCommand !== undefined) t.cpu.push(perCommand);
          if (databasePerCommand !== undefined) t.databaseCpu.push(databasePerCommand);
          t.runs.push(run);
          t.busy.push(busy);
          t.machine.push(machine);
          tally.set(key, t);
          log(
            `  [${r}/${repeat}] ${server.name}, ${kind}: ${rate(run.commandsPerSecond)} commands/s, all ${m} p50 ${ms(run.all.p50)} p99 ${ms(run.all.p99)}, ` +
              `answer p99 ${ms(run.ack.p99)}, errors ${run.errors}; busy: server ${busy.map(pct).join(' + ')}${perCommand !== undefined ? ` (CPU ${perCommand.toFixed(2)} ms a command)` : ''}${databasePerCommand !== undefined ? `, PostgreSQL CPU ${databasePerCommand.toFixed(2)} ms a command` : ''}, machine ${pct(machine)}`,
          );
        }
      }
    }

    const rows: InstancesBenchRow[] = [];
    for (const server of servers) {
      for (const [kind] of loads) {
        const t = tally.get(`${server.name}\n${kind}`)!;
        rows.push({
          server: server.name,
          load: kind,
          runs: t.runs,
          commandsPerSecond: median(t.runs.map((x) => x.commandsPerSecond)),
          all: { p50: median(t.runs.map((x) => x.all.p50)), p99: median(t.runs.map((x) => x.all.p99)) },
          ack: { p50: median(t.runs.map((x) => x.ack.p50)), p99: median(t.runs.map((x) => x.ack.p99)) },
          errors: t.runs.reduce((s, x) => s + x.errors, 0),
          busy: t.busy[0]!.map((_, i) => median(t.busy.map((b) => b[i]!))),
          machineBusy: median(t.machine),
          ...(t.cpu.length > 0 ? { cpuPerCommand: median(t.cpu) } : {}),
          ...(t.databaseCpu.length > 0 ? { databaseCpuPerCommand: median(t.databaseCpu) } : {}),
        });
      }
    }
    log('');
    log(`medians of ${repeat} run${repeat === 1 ? '' : 's'} (range of the runs in brackets); latency from a command's send to its receipt by all ${m} listeners, and to the HTTP answer:`);
    for (const row of rows) {
      const cps = row.runs.map((x) => x.commandsPerSecond);
      const p99s = row.runs.map((x) => x.all.p99);
      log(
        `  ${row.server}, ${row.load}: ${rate(row.commandsPerSecond)} commands/s${range(cps, rate)}; all ${m}: p50 ${ms(row.all.p50)}, p99 ${ms(row.all.p99)}${range(p99s, ms)}; ` +
          `answer p50 ${ms(row.ack.p50)}, p99 ${ms(row.ack.p99)}; errors ${row.errors}; busy: server ${row.busy.map(pct).join(' + ')}${row.cpuPerCommand !== undefined ? ` (CPU ${row.cpuPerCommand.toFixed(2)} ms a command)` : ''}${row.databaseCpuPerCommand !== undefined ? `, PostgreSQL CPU ${row.databaseCpuPerCommand.toFixed(2)} ms a command` : ''}, machine ${pct(row.machineBusy)}`,
      );
    }
    const which = loads.some(([k]) => k === 'saturated') ? 'saturated' : 'paced';
    const top = (kind: ServerKind): { name: string; rate: number } | undefined => {
      const server = kind === 'pg' ? curve.get(instances) : servers.find((s) => kinds.get(s) === kind);
      const row = rows.find((x) => x.server === server?.name && x.load === which);
      return server && row ? { name: server.name, rate: row.commandsPerSecond } : undefined;
    };
    const ratio = (a: ServerKind, b: ServerKind): number => (top(a)?.rate ?? Number.NaN) / (top(b)?.rate ?? Number.NaN);
    const ratios = { postgresToFloor: ratio('pg', 'floor-pg'), sqliteToFloor: ratio('sqlite', 'floor-sqlite'), postgresToSqlite: ratio('pg', 'sqlite') };
    log(`ratios of ${which} commands/s (medians):`);
    const say = (a: ServerKind, b: ServerKind, x: number) => {
      if (Number.isFinite(x)) log(`  ${top(a)!.name} / ${top(b)!.name}: ${x.toFixed(2)}`);
    };
    say('pg', 'floor-pg', ratios.postgresToFloor);
    say('sqlite', 'floor-sqlite', ratios.sqliteToFloor);
    say('pg', 'sqlite', ratios.postgresToSqlite);
    const rowOf = (server: Server, load: string) => rows.find((x) => x.server === server.name && x.load === load);
    const floor = top('floor-pg')?.rate ?? Number.NaN;
    const points = [...curve].map(([count, server]) => {
      const rate = rowOf(server, which)?.commandsPerSecond ?? Number.NaN;
      return { instances: count, commandsPerSecond: rate, toFloor: rate / floor, perInstance: rate / count, pacedP99: rowOf(server, 'paced')?.all.p99 ?? Number.NaN };
    });
    if (points.length > 1) {
      log(`scaling (${which} commands/s; paced p99 to all ${m} listeners):`);
      for (const p of points) {
        log(`  ${p.instances} instance${p.instances === 1 ? '' : 's'}: ${rate(p.commandsPerSecond)}/s, ${rate(p.perInstance)}/s per instance, ${p.toFloor.toFixed(2)} of the floor; paced p99 ${ms(p.pacedP99)}`);
      }
    }
    return { rows, ratios, curve: points };
  } finally {
    for (const s of servers.splice(0).reverse()) await s.close().catch((e: unknown) => log(`closing ${s.name}: ${e instanceof Error ? e.message : String(e)}`));
    await pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
