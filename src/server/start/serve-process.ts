/**
 * For the tests that run the real server as a child process (SIGKILL, restarts, several instances
 * behind a proxy): `turnkeeper serve --port 0 --data <dir>` (and any more flags) on this checkout,
 * resolved with its base URL and owner token once it listens, refused with its output if it exits or
 * does not listen within 30 s.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

export interface Served {
  readonly child: ChildProcess;
  readonly base: string;
  readonly owner: string;
}

export interface ServeOptions {
  /** More flags for `serve` (e.g. `--database-url`). */
  readonly args?: readonly string[];
  /** More environment, over this process's. */
  readonly env?: Readonly<Record<string, string>>;
}

/** Starts the server on `dir`; the child is pushed to `children` (for the test's afterAll to kill). */
export function serveProcess(dir: string, children: ChildProcess[], options: ServeOptions = {}): Promise<Served> {
  const child = spawn(process.execPath, ['bin/turnkeeper.js', 'serve', '--port', '0', '--data', dir, ...(options.args ?? [])], {
    cwd: repo,
    env: { ...process.env, TURNKEEPER_LOG: 'error', HOST: '127.0.0.1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}${err}`)), 30_000);
    child.stderr!.on('data', (d) => (err += String(d)));
    child.stdout!.on('data', (d) => {
      out += String(d);
      const line = out.split('\n').find((l) => l.startsWith('{"turnkeeper":"listening"'));
      // The GM address printed carries the owner token every instance on one database shares.
      const owner = /#owner=(\S+)/.exec(out)?.[1];
      if (line && owner) {
        clearTimeout(timer);
        resolve({ child, base: (JSON.parse(line) as { url: string }).url, owner });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}): ${out}${err}`));
    });
  });
}
