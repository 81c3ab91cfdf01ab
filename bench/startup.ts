/**
 * Start-up from the built JavaScript, as `npm ci && npm start` leaves the checkout: `npm run build:lib`
 * first (its time is shown), then the wall time of `node bin/turnkeeper.js roll 3d6` (target: median
 * under 200 ms) and of the server from `node bin/turnkeeper.js serve` until GET /api/health answers 200
 * (target: median under 1 s), on a new data folder and again on the same one. Node's own start
 * (`node -e 0`) is the anchor. Each run is a new process; medians of several.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { choose } from '../bin/built.js';
import { median } from './harness.ts';

const repo = fileURLToPath(new URL('../', import.meta.url));
const bin = join(repo, 'bin', 'turnkeeper.js');

export const CLI_TARGET_MS = 200;
export const SERVER_TARGET_MS = 1000;

export interface StartupOptions {
  readonly cliRuns?: number;
  readonly serverRuns?: number;
}

function wall(args: readonly string[]): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, [...args], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed (${r.status}): ${String(r.stderr)}`);
  return ms;
}

function health(url: string): Promise<number> {
  return new Promise((resolve) => {
    get(`${url}/api/health`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', () => resolve(0));
  });
}

/** Milliseconds from spawning `turnkeeper serve` on `data` until its health check answers 200; then stops it. */
export function serverStart(data: string): Promise<number> {
  const t = performance.now();
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--data', data], {
    cwd: repo,
    env: { ...process.env, TURNKEEPER_LOG: 'error', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    let healthy: number | undefined;
    child.stderr.on('data', (d) => (err += String(d)));
    child.stdout.on('data', (d) => {
      out += String(d);
      const line = out.split('\n').find((l) => l.startsWith('{"turnkeeper":"listening"'));
      if (!line || healthy !== undefined) return;
      healthy = 0;
      const { url } = JSON.parse(line) as { url: string };
      void (async () => {
        while ((await health(url)) !== 200) await new Promise((r) => setTimeout(r, 5));
        healthy = performance.now() - t;
        child.kill('SIGTERM');
      })();
    });
    child.on('exit', (code) => {
      if (healthy) resolve(healthy);
      else reject(new Error(`the server exited (${code}) before it was healthy: ${out}${err}`));
    });
  });
}

const spread = (xs: number[]): string => `median ${median(xs).toFixed(0)} ms (n=${xs.length}, ${Math.min(...xs).toFixed(0)} to ${Math.max(...xs).toFixed(0)})`;

export async function benchStartup(log: (line: string) => void, options: StartupOptions = {}): Promise<{ cli: number; server: number }> {
  const t = performance.now();
  const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
  for (const args of [['tools/build-lib.js', '--start'], [tsc, '-p', 'tsconfig.build.json'], ['tools/build-lib.js']]) {
    const r = spawnSync(process.execPath, args, { cwd: repo, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('npm run build:lib failed');
  }
  log(`build:lib (tsc, incremental): ${((performance.now() - t) / 1000).toFixed(1)} s`);
  if (choose() !== 'built') throw new Error('bin/turnkeeper.js would not run dist/ (a source changed during the build?): nothing to measure');

  const cliRuns = options.cliRuns ?? 15;
  for (let i = 0; i < 2; i++) {
    wall(['-e', '0']);
    wall([bin, 'roll', '3d6']);
  }
  const node: number[] = [];
  const cli: number[] = [];
  for (let i = 0; i < cliRuns; i++) {
    node.push(wall(['-e', '0']));
    cli.push(wall([bin, 'roll', '3d6']));
  }
  log(`node -e 0 (the anchor): ${spread(node)}`);
  log(`turnkeeper roll 3d6: ${spread(cli)}, Node's start + ${(median(cli) - median(node)).toFixed(0)} ms; target under ${CLI_TARGET_MS} ms`);

  const serverRuns = options.serverRuns ?? 7;
  const root = mkdtempSync(join(tmpdir(), 'turnkeeper-startup-'));
  try {
    const fresh: number[] = [];
    const again: number[] = [];
    await serverStart(join(root, 'warm-up'));
    for (let i = 0; i < serverRuns; i++) fresh.push(await serverStart(join(root, `new-${i}`)));
    for (let i = 0; i < serverRuns; i++) again.push(await serverStart(join(root, 'new-0')));
    log(`turnkeeper serve until healthy, new data folder: ${spread(fresh)}; target under ${SERVER_TARGET_MS} ms`);
    log(`turnkeeper serve until healthy, existing data folder: ${spread(again)}`);
    return { cli: median(cli), server: median(fresh) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
