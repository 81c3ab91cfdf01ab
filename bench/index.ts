import { spawnSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench [section...]`: our figures beside the anchors', measured in the same run, as ratios;
 * medians. Each section runs in a fresh Node process, so one section's heap and JIT state cannot
 * distort the next. Sections: dice, replay, forecast, server, campaign, startup, web (all by default).
 */
const all = ['dice', 'replay', 'forecast', 'server', 'campaign', 'startup', 'web'];
const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : all;
const unknown = wanted.filter((s) => !all.includes(s));
if (unknown.length > 0) {
  console.error(`Unknown section(s): ${unknown.join(', ')}. Sections: ${all.join(', ')}.`);
  process.exit(2);
}
const { sections } = await import('./sections.ts');
const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(`Turnkeeper benchmark — node ${process.version}, ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB`);
const script = fileURLToPath(new URL('./sections.ts', import.meta.url));
// Started through the tsx CLI, like `npm run bench` itself: under `node --import tsx` the same replay
// loop measured about half as fast here (0.7M against 1.3M events/s).
const tsxCli = fileURLToPath(import.meta.resolve('tsx/cli'));
let failed = false;
// The replay rate differs between processes of the same code (a JIT effect, see docs/performance.md),
// so it is measured in three processes and each is shown.
const processes: Record<string, number> = { replay: 3 };
for (const name of wanted) {
  console.log(`\n${sections[name]!.title}`);
  for (let i = 0; i < (processes[name] ?? 1); i++) {
    const r = spawnSync(process.execPath, [tsxCli, script, name], { stdio: 'inherit' });
    if (r.status !== 0) {
      console.error(`section ${name} failed (exit ${r.status ?? r.signal})`);
      failed = true;
    }
  }
}
process.exitCode = failed ? 1 : 0;
