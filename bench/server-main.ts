/**
 * `npm run bench:server [-- --encounters 200 --listeners 10 --duration 10 --think 500 --sync normal --paced-only --store-on-main
 *  --read-loops 20 --read-pause 0 --read-notes 8000 --reads-only]`
 *
 * `npm run bench:server -- --pg [--instances 2 (or 1,2,3: the scaling curve) --pool 8 --repeat 3 --duration 3 --warmup 1 --think 500 --encounters 200 --listeners 10
 *  --paced-only --one-connection --not-durable --only sqlite,pg,floor-pg,floor-sqlite]`: Turnkeeper on SQLite (one instance) and on PostgreSQL (N instances), and the floor
 *  on each database, under the same load (bench/server-instances.ts).
 */
import { cpus, loadavg } from 'node:os';
import { benchServerInstances } from './server-instances.ts';
import type { ServerKind } from './server-instances.ts';
import { benchServer } from './server.ts';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : fallback;
  return Number.isFinite(v) ? v : fallback;
};
/** `--instances 2` or `--instances 1,2,3` (the scaling curve). */
const instanceCounts = (): number[] => {
  const i = args.indexOf('--instances');
  const counts = (i >= 0 ? (args[i + 1] ?? '') : '2').split(',').map(Number).filter((x) => Number.isInteger(x) && x >= 1);
  return counts.length > 0 ? counts : [2];
};
const syncAt = args.indexOf('--sync');
const sync = syncAt >= 0 && args[syncAt + 1] === 'full' ? 'full' : 'normal';

console.log(`Turnkeeper server load — node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
if (args.includes('--pg')) {
  await benchServerInstances((line) => console.log(line), {
    encounters: flag('encounters', 200),
    listeners: flag('listeners', 10),
    instances: instanceCounts(),
    ...(args.includes('--pool') ? { pool: flag('pool', 10) } : {}),
    repeat: flag('repeat', 3),
    durationMs: flag('duration', 3) * 1000,
    warmupMs: flag('warmup', 1) * 1000,
    thinkMs: flag('think', 500),
    saturate: !args.includes('--paced-only'),
    durable: !args.includes('--not-durable'),
    connectionPerGm: !args.includes('--one-connection'),
    ...(args.includes('--only') ? { only: (args[args.indexOf('--only') + 1] ?? '').split(',') as ServerKind[] } : {}),
  });
} else {
  await benchServer((line) => console.log(line), {
    encounters: flag('encounters', 200),
    listeners: flag('listeners', 10),
    durationMs: flag('duration', 10) * 1000,
    warmupMs: flag('warmup', 2) * 1000,
    thinkMs: flag('think', 500),
    sync,
    saturate: !args.includes('--paced-only'),
    storeThread: !args.includes('--store-on-main'),
    readLoops: flag('read-loops', 20),
    readNotes: flag('read-notes', 8000),
    readPauseMs: flag('read-pause', 0),
    readsOnly: args.includes('--reads-only'),
  });
}
