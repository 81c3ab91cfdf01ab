/**
 * One Turnkeeper instance of the several-instances benchmark, in a child process of its own (forked by
 * bench/server-instances.ts with tsx): the backend `turnkeeper serve --database-url` opens
 * (`openBackend`: the PostgreSQL store with its pool, the LISTEN/NOTIFY change feed, the rate limits in
 * the database, the shared owner token) and the app on 127.0.0.1, port 0, with the benchmark's limits
 * (the command limits lifted, which `serve` has no setting for). Talks to its parent over IPC: `ready`
 * (port, owner token) once listening; `elu-start` / `elu-stop` to measure how busy its event loop was
 * during a run, `cpu-start` / `cpu-stop` the CPU time the process used (every thread); `close` to shut down.
 */
import type { EventLoopUtilization } from 'node:perf_hooks';
import { buildApp } from '../src/server/http/index.ts';
import { defaultPool, openBackend } from '../src/server/start/index.ts';
import type { Limits } from '../src/server/shared/index.ts';
import { WEB_ROOT } from '../src/server/version.ts';

export interface InstanceArgs {
  readonly databaseUrl: string;
  readonly dataDir: string;
  readonly limits: Partial<Limits>;
  /** The PostgreSQL pool (default: `serve`'s). */
  readonly pool?: number;
}

export type InstanceMessage = { ready: true; port: number; ownerToken: string; instanceId: string } | { busy: number } | { cpuMs: number } | { error: string };
export type InstanceCommand = 'elu-start' | 'elu-stop' | 'cpu-start' | 'cpu-stop' | 'close';

const send = (m: InstanceMessage): void => void process.send?.(m);

async function main(args: InstanceArgs): Promise<void> {
  const backend = await openBackend({ port: 0, host: '127.0.0.1', dataDir: args.dataDir, sync: 'normal', publicUrl: undefined, webRoot: WEB_ROOT, logLevel: 'error', databaseUrl: args.databaseUrl, databasePool: args.pool ?? defaultPool() });
  const { store, feed, rateBuckets, ownerToken } = backend;
  const app = await buildApp({ store, feed, ...(rateBuckets ? { rateBuckets } : {}), ownerToken, limits: args.limits, logger: { level: 'error' } });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = app.fastify.server.address();
  let elu: EventLoopUtilization | undefined;
  let cpu: NodeJS.CpuUsage | undefined;
  let closing: Promise<void> | undefined;
  const shutdown = (): Promise<void> =>
    (closing ??= (async () => {
      await app.fastify.close();
      await backend.close();
    })());
  process.on('message', (command: InstanceCommand) => {
    if (command === 'elu-start') elu = performance.eventLoopUtilization();
    else if (command === 'elu-stop') send({ busy: elu ? performance.eventLoopUtilization(elu).utilization : Number.NaN });
    else if (command === 'cpu-start') cpu = process.cpuUsage();
    else if (command === 'cpu-stop') {
      const used = cpu ? process.cpuUsage(cpu) : undefined;
      send({ cpuMs: used ? (used.user + used.system) / 1000 : Number.NaN });
    }
    else if (command === 'close') void shutdown().finally(() => process.disconnect());
  });
  // The parent gone (or done with us): stop.
  process.once('disconnect', () => void shutdown().finally(() => process.exit(0)));
  send({ ready: true, port: typeof address === 'object' && address ? address.port : 0, ownerToken, instanceId: backend.instanceId });
}

main(JSON.parse(process.argv[2] ?? '{}') as InstanceArgs).catch((e: unknown) => {
  send({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  process.exitCode = 1;
  process.disconnect?.();
});
