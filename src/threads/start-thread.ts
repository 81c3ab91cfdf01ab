import { Worker } from 'node:worker_threads';

/**
 * A worker thread running `entry`: a built `.js` file directly, or (a development checkout running its
 * sources through tsx) a `.ts` file, after registering tsx in the new thread, since workers do not
 * inherit the loader. Built code passes a `.js` entry (`threadEntry`), so plain Node never loads tsx:
 * tools/build-lib.js checks that this is the only built file naming it.
 */
export function startThread(entry: URL, workerData?: unknown): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

/** The worker file `name` beside the caller, with the caller's own extension (`.ts` from sources, `.js` built). */
export function threadEntry(name: string, callerUrl: string): URL {
  return new URL(`./${name}${callerUrl.endsWith('.ts') ? '.ts' : '.js'}`, callerUrl);
}
