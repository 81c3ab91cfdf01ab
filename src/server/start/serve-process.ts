/**
 * For the tests that run the real server as a child process (SIGKILL, restarts): `turnkeeper serve
 * --port 0 --data <dir>` on this checkout, resolved with its base URL and owner token once it
 * listens, refused with its output if it exits or does not listen within 30 s.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

export interface Served {
  readonly child: ChildProcess;
  readonly base: string;
  readonly owner: string;
}

/** Starts the server on `dir`; the child is pushed to `children` (for the test's afterAll to kill). */
export function serveProcess(dir: string, children: ChildProcess[]): Promise<Served> {
  const child = spawn(process.execPath, ['bin/turnkeeper.js', 'serve', '--port', '0', '--data', dir], {
    cwd: repo,
    env: { ...process.env, TURNKEEPER_LOG: 'error', HOST: '127.0.0.1' },
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
      if (line) {
        clearTimeout(timer);
        resolve({ child, base: (JSON.parse(line) as { url: string }).url, owner: readFileSync(join(dir, 'owner-token'), 'utf8').trim() });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}): ${out}${err}`));
    });
  });
}
