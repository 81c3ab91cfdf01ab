import { cpus, totalmem } from 'node:os';
import { benchDice } from './dice.ts';
import { measure, formatRate } from './harness.ts';
import { buildLog } from './replay.ts';
import { benchServer } from './server.ts';
import { benchWeb } from './web.ts';
import { engine } from '../src/rules/index.ts';

/** `npm run bench`: our figures beside the anchors', measured in the same run, as ratios. Medians. */
async function main(): Promise<void> {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`Turnkeeper benchmark — node ${process.version}, ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB`);
  console.log('\nDice: rolls per second, parse once then roll (median of rounds), vs @dice-roller/rpg-dice-roller');
  const dice = await benchDice((line) => console.log(line));
  const worst = Math.min(...dice.map((d) => d.ratio));
  console.log(`lowest ratio: ${worst.toFixed(1)}x (target: at least 10x on every expression)`);

  console.log('\nReplay: folding a stored log of 100,000 events');
  const log = buildLog(100_000);
  const r = await measure('replay 100k events', () => engine.replay(log), { rounds: 7, minMs: 300 });
  const eventsPerSec = r.opsPerSec * log.length;
  console.log(`replay: ${formatRate(eventsPerSec)} events (median of ${r.samples.length} rounds; target above 1M/s)`);

  console.log('\nServer: commands sent over HTTP, received by every player socket (loopback; target p99 under 20 ms at 200 × 10)');
  await benchServer((line) => console.log(line));

  console.log('\nWeb app: gzipped JavaScript per screen, and a click on the GM screen until the player view shows it');
  await benchWeb((line) => console.log(line));
}

await main();
