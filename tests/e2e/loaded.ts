/**
 * `npm run test:e2e:loaded [-- --runs N] [-- <vitest args>]`: the browser suite on a busy machine. A
 * CPU hog (a child process spinning in a loop) occupies one core for the whole run, as another build or
 * a second test run would on the table's laptop or a shared CI machine; the suite runs N times in a row
 * (default 1) and stops at the first red run. Each run is the suite exactly as `npm run test:e2e` runs
 * it, with no timeout or assertion loosened. Exit code: the first failing run's, else 0.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

interface Options {
  readonly runs: number;
  readonly rest: readonly string[];
}

function options(argv: readonly string[]): Options {
  let runs = 1;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1 || n > 20) throw new Error(`--runs takes a whole number from 1 to 20, not "${argv[i] ?? ''}".`);
      runs = n;
    } else rest.push(argv[i]!);
  }
  return { runs, rest };
}

/** One core kept busy: a plain loop in a process of its own, never yielding. */
function hog(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

function suite(rest: readonly string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--config', 'tests/e2e/vitest.config.ts', ...rest], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const { runs, rest } = options(process.argv.slice(2));
  const busy = hog();
  const stop = () => busy.kill('SIGKILL');
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    for (let run = 1; run <= runs; run++) {
      const started = Date.now();
      console.log(`\n=== Browser suite under load: run ${run} of ${runs} (one core held by process ${busy.pid ?? '?'}) ===`);
      const code = await suite(rest);
      const seconds = Math.round((Date.now() - started) / 1000);
      if (code !== 0) {
        console.log(`=== Run ${run} of ${runs} failed after ${seconds} s (exit ${code}). ===`);
        return code;
      }
      console.log(`=== Run ${run} of ${runs} passed in ${seconds} s. ===`);
    }
    console.log(`=== ${runs} of ${runs} runs passed under load. ===`);
    return 0;
  } finally {
    stop();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(2);
  },
);
