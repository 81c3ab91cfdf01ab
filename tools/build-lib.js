// `npm run build:lib`, after `tsc -p tsconfig.build.json`: makes dist/ run under plain Node and stamps it.
// `node tools/build-lib.js <folder>` does the same to a build made elsewhere (tests/package/pack.test.ts).
//
// 1. Worker threads (the SQLite store's, the forecast's) start from their built `.js` files: each caller
//    names its worker by its own extension (src/threads/start-thread.ts), so nothing is rewritten.
// 2. No built file may import tsx (but threads/start-thread.js, for `.ts` workers only).
// 3. dist/.built records when the build started (`node tools/build-lib.js --start`, before tsc; else
//    now) and the sources it compiled (one per built .js file):
//    bin/built.js runs the sources instead when one of them is newer or gone (a development checkout
//    edited since). A new source file counts once a compiled one imports it, which changes that one.
/* global URL */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = process.argv.slice(2).find((a) => !a.startsWith('--'));
const dist = folder !== undefined ? resolve(folder) : fileURLToPath(new URL('../dist/', import.meta.url));
// A source saved while tsc runs is newer than the stamp, so the build counts as outdated.
const started = join(dist, '.build-started');
if (process.argv.includes('--start')) {
  mkdirSync(dist, { recursive: true });
  writeFileSync(started, '');
  process.exit(0);
}

const built = readdirSync(dist, { recursive: true }).filter((name) => name.endsWith('.js') && !/^web([\\/]|$)/.test(name));
// threads/start-thread.js names tsx only for a `.ts` worker file, which built callers never pass
// (they name their worker by their own extension): it is the one file allowed to.
const guarded = new Set(['threads/start-thread.js']);
const offenders = built.filter(
  (name) => !guarded.has(name.replaceAll('\\', '/')) && /(from|import\(|resolve\(|new URL\()\s*['"`](tsx[/'"`]|[^'"`\n]*\.ts['"`])/.test(readFileSync(join(dist, name), 'utf8')),
);
if (offenders.length > 0) {
  console.error(`build:lib: these built files still load tsx or a .ts file, which plain Node cannot run: ${offenders.join(', ')}`);
  process.exit(1);
}

const src = fileURLToPath(new URL('../src/', import.meta.url));
const sources = built.map((name) => name.replaceAll('\\', '/').replace(/\.js$/, '.ts')).filter((name) => existsSync(join(src, name)));
const startedAt = existsSync(started) ? statSync(started).mtime : new Date();
const stamp = join(dist, '.built');
writeFileSync(stamp, `${JSON.stringify({ startedAt: startedAt.toISOString(), sources: sources.sort() })}\n`);
utimesSync(stamp, startedAt, startedAt);
rmSync(started, { force: true });
