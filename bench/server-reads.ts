/**
 * The read-flood scenario of the server benchmark: one encounter with a big log (about 2 MB of log
 * JSON), and R loops each reading `GET /api/encounters/<id>/log` with its player key as fast as the
 * server answers (a new request as soon as the previous answer has arrived, or `pauseMs` after it; a
 * 429 is not waited out), while the other tables send commands. The loops run in their own worker thread and never parse what
 * they receive, so they cost the load generator nothing.
 */
import { Agent, request } from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { App } from '../src/server/http/index.ts';

export interface ReadLoadConfig {
  readonly base: string;
  readonly id: string;
  readonly key: string;
  readonly loops: number;
  /** Each loop's pause after an answer (0: none). */
  readonly pauseMs?: number;
  /** The longest the loops read, unless stopped sooner. */
  readonly durationMs: number;
}

export interface ReadLoadResult {
  readonly reads: number;
  readonly byStatus: Record<string, number>;
  readonly bytes: number;
  readonly elapsedMs: number;
}

/** A hidden combatant and notes that name it: player reads do the redaction's work on every line. */
export async function bigLogEncounter(app: App, notes: number): Promise<{ id: string; playerKey: string; logBytes: number; lines: number }> {
  const filler = 'the rope bridge sways over the gorge while the goblins argue about who goes first and the shaman hums';
  const commands = Array.from({ length: notes }, (_, i) => ({
    type: 'note',
    text: `${i % 10 === 0 ? 'Shaman' : 'Vasquez'} ${i}: ${filler} (${i})`,
    ...(i % 7 === 0 ? { gmOnly: true } : {}),
  }));
  const created = await app.context.service.create({
    rules: 'custom',
    title: 'The long fight',
    combatants: [
      { name: 'Vasquez', kind: 'pc', hp: 12 },
      { name: 'Goblin', hp: 7, count: 3 },
      { name: 'Shaman', hp: 9, hidden: true },
    ],
    commands,
  });
  const log = await app.context.service.run(created.record.id, (l) => l.log());
  return { id: created.record.id, playerKey: created.playerKey, logBytes: Buffer.byteLength(JSON.stringify(log)), lines: log.length };
}

export async function runReads(cfg: ReadLoadConfig, stopped: () => boolean = () => false): Promise<ReadLoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: cfg.loops });
  const url = new URL(cfg.base);
  const byStatus: Record<string, number> = {};
  let reads = 0;
  let bytes = 0;
  const start = performance.now();
  const until = start + cfg.durationMs;
  const get = (): Promise<void> =>
    new Promise((resolve) => {
      const req = request(
        { host: url.hostname, port: url.port, path: `/api/encounters/${cfg.id}/log`, method: 'GET', agent, headers: { authorization: `Bearer ${cfg.key}` } },
        (res) => {
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => {
            reads++;
            byStatus[String(res.statusCode)] = (byStatus[String(res.statusCode)] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        byStatus.error = (byStatus.error ?? 0) + 1;
        resolve();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: cfg.loops }, async () => {
      while (performance.now() < until && !stopped()) {
        await get();
        if (cfg.pauseMs) await new Promise((r) => setTimeout(r, cfg.pauseMs));
      }
    }),
  );
  agent.destroy();
  return { reads, byStatus, bytes, elapsedMs: performance.now() - start };
}

/** Starts the read loops in a worker thread; `stop` ends them and gives their tally. */
export function readsInWorker(cfg: ReadLoadConfig): { stop(): Promise<ReadLoadResult> } {
  // Workers do not inherit tsx's loader: the worker registers it, then loads the TypeScript file.
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./server-reads.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: cfg });
  const done = new Promise<ReadLoadResult>((resolve, reject) => {
    worker.once('message', (m: { ok: boolean; result?: ReadLoadResult; error?: string }) => {
      void worker.terminate();
      if (m.ok) resolve(m.result!);
      else reject(new Error(m.error));
    });
    worker.once('error', reject);
  });
  return {
    stop: () => {
      worker.postMessage('stop');
      return done;
    },
  };
}

if (!isMainThread && parentPort && (workerData as Partial<ReadLoadConfig> | null)?.loops !== undefined) {
  const port = parentPort;
  let stop = false;
  port.on('message', () => (stop = true));
  runReads(workerData as ReadLoadConfig, () => stop).then(
    (r) => port.postMessage({ ok: true, result: r }),
    (e: unknown) => port.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) }),
  );
}
