/**
 * `npm run bench:server [-- --encounters 200 --listeners 10 --duration 10 --think 500 --sync normal --paced-only --store-on-main
 *  --read-loops 20 --read-pause 0 --read-notes 8000 --reads-only]`
 */
import { cpus } from 'node:os';
import { benchServer } from './server.ts';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : fallback;
  return Number.isFinite(v) ? v : fallback;
};
const syncAt = args.indexOf('--sync');
const sync = syncAt >= 0 && args[syncAt + 1] === 'full' ? 'full' : 'normal';

console.log(`Turnkeeper server load — node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`);
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
