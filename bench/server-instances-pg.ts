/**
 * The several-instances benchmark's Turnkeeper on PostgreSQL: N instances, each a child process of its
 * own (bench/server-instance.ts), on one database; encounter i created on, and driven through,
 * instance i mod N, its listeners on the next instance. Also the shape every benchmarked server has.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InstanceArgs, InstanceCommand, InstanceMessage } from './server-instance.ts';
import type { LoadTarget } from './server-load.ts';
import { benchEncounter, benchLimits } from './server.ts';

export interface Server {
  readonly name: string;
  readonly base: string;
  readonly encounters: readonly LoadTarget[];
  /** Starts measuring how busy its event loops are; the returned function stops and reads it. */
  busy(): () => Promise<number[]>;
  /**
   * Starts counting the CPU time its own processes use; the returned function reads it, in ms. Only
   * for servers in processes of their own (in this process the load generator's thread counts too).
   */
  cpu?(): () => Promise<number>;
  /** The PostgreSQL it uses (its CPU is counted per command too). */
  readonly database?: string;
  close(): Promise<void>;
}

/** The servers of the curve's kind `pg`, one per instance count. */
export const pgName = (n: number): string => `Turnkeeper, PostgreSQL, ${n} instance${n === 1 ? '' : 's'}`;

interface Child {
  readonly child: ChildProcess;
  readonly base: string;
  readonly ownerToken: string;
  request(command: InstanceCommand): Promise<InstanceMessage | undefined>;
}

/** Forks an instance; BENCH_CHILD_ARGS adds node flags to it (`--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the instances). */
function startInstance(args: InstanceArgs): Promise<Child> {
  const child = fork(fileURLToPath(new URL('./server-instance.ts', import.meta.url)), [JSON.stringify(args)], { execArgv: ['--import', 'tsx', ...(process.env.BENCH_CHILD_ARGS ?? '').split(' ').filter(Boolean)], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const request = (command: InstanceCommand): Promise<InstanceMessage | undefined> =>
    new Promise((resolve) => {
      if (!child.connected) return resolve(undefined);
      if (command === 'close') {
        // A clean stop (sockets, pool and feed closed); killed if it takes longer than 10 s.
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve(undefined);
        });
        child.send(command);
        return;
      }
      child.once('message', (m: InstanceMessage) => resolve(m));
      child.send(command);
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('a Turnkeeper instance did not start within 60 s'));
    }, 60_000);
    child.once('message', (m: InstanceMessage) => {
      clearTimeout(timer);
      if ('ready' in m) resolve({ child, base: `http://127.0.0.1:${m.port}`, ownerToken: m.ownerToken, request });
      else reject(new Error(`a Turnkeeper instance failed to start: ${'error' in m ? m.error : JSON.stringify(m)}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`a Turnkeeper instance exited (${code}) before it was ready`));
    });
  });
}

/** Encounter i created on instance i mod N, where its GM sends; its listeners on the next instance. */
async function createSpread(children: readonly Child[], encounters: LoadTarget[], n: number): Promise<void> {
  const instances = children.length;
  for (let i = 0; i < n; i++) {
    const gm = children[i % instances]!;
    const listen = children[(i + 1) % instances]!;
    const r = await fetch(`${gm.base}/api/encounters`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gm.ownerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(benchEncounter(i)),
    });
    if (r.status !== 201) throw new Error(`creating an encounter: ${r.status} ${await r.text()}`);
    const c = (await r.json()) as LoadTarget;
    encounters.push({ id: c.id, gmKey: c.gmKey, playerKey: c.playerKey, gmBase: gm.base, listenBase: listen.base });
  }
}

/** N Turnkeeper instances on `url`, each in a child process; encounter i on instance i mod N, its listeners on the next. */
export async function postgresTurnkeeper(dir: string, url: string, instances: number, n: number, m: number, pool?: number): Promise<Server> {
  const started = await Promise.allSettled(
    Array.from({ length: instances }, (_, i) =>
      startInstance({ databaseUrl: url, dataDir: join(dir, `pg${instances}-instance-${i + 1}`), limits: benchLimits(m), ...(pool !== undefined ? { pool } : {}) }),
    ),
  );
  const children = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const close = async () => {
    await Promise.all(children.map((c) => c.request('close')));
  };
  const encounters: LoadTarget[] = [];
  try {
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    if (new Set(children.map((c) => c.ownerToken)).size !== 1) throw new Error('the instances do not share the owner token');
    await createSpread(children, encounters, n);
  } catch (e) {
    await close();
    throw e;
  }
  return {
    name: pgName(instances),
    database: url,
    base: children[0]!.base,
    encounters,
    busy: () => {
      for (const c of children) void c.request('elu-start');
      return async () => {
        const answers = await Promise.all(children.map((c) => c.request('elu-stop')));
        return answers.map((a) => (a && 'busy' in a ? a.busy : Number.NaN));
      };
    },
    cpu: () => {
      for (const c of children) void c.request('cpu-start');
      return async () => {
        const answers = await Promise.all(children.map((c) => c.request('cpu-stop')));
        return answers.reduce((sum, a) => sum + (a && 'cpuMs' in a ? a.cpuMs : Number.NaN), 0);
      };
    },
    close,
  };
}

