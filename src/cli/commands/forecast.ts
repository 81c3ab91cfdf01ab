/**
 * `turnkeeper forecast <script.json> [--runs N] [--seed S] [--threads T] [--stances ...] [--policy ...]
 * [--json]`: how the fight a script builds is likely to go, played forward by its own rules
 * (src/forecast), the runs shared out between threads (the answer is the same with any number of them).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { DEFAULT_RUNS, forecastOfScript } from '../../forecast/index.ts';
import type { Forecast, ForecastAnswer, ForecastOptions } from '../../forecast/index.ts';
import type { CliIo } from '../io.ts';
import { parseArgs } from '../io.ts';
import { unknownFlag } from '../dice-args.ts';

import { ForecastThreads } from '../threads/forecast-threads.ts';
import { forecastUsage } from '../usage.ts';

export { forecastUsage };
const KNOWN = new Set(['runs', 'seed', 'threads', 'stances', 'policy', 'json', 'help']);
/** At most this many threads; below `SHARED_FROM` runs one thread is quicker than starting others. */
const MAX_THREADS = 8;
const SHARED_FROM = 5_000;
/** The CLI's own bound on a forecast's time: it stops after the run that passes it, and says so. */
const TIME_BUDGET_MS = 60_000;

const pct = (p: number): string => `${(p * 100).toFixed(1)}%`;

/** The JSON answer: exactly runs, undecided, rounds.mean, sides and combatants (down). */
export function forecastJson(f: Forecast): unknown {
  return {
    runs: f.runs,
    undecided: f.undecided.p,
    rounds: { mean: f.rounds.mean },
    sides: f.sides.map((s) => ({ name: s.name, win: s.p, low: s.low, high: s.high })),
    combatants: f.combatants.map((c) => ({ name: c.name, down: c.down.p })),
  };
}

/** The answer for people. */
export function forecastText(f: Forecast): string[] {
  const out = [`Forecast: ${f.runs.toLocaleString('en')} runs of the ${f.rules} rules (seed ${String(f.seed)}, at most ${f.roundCap} rounds each); 95% Wilson intervals.`, ''];
  const w = Math.max(4, ...f.sides.map((s) => s.name.length), ...f.combatants.map((c) => c.name.length));
  out.push('Wins:');
  for (const s of f.sides) out.push(`  ${s.name.padEnd(w)}  ${pct(s.p).padStart(6)}  (${pct(s.low)} to ${pct(s.high)})`);
  if (f.draw.p > 0) out.push(`  ${'draw'.padEnd(w)}  ${pct(f.draw.p).padStart(6)}  (all went down together)`);
  out.push(`  ${'undecided'.padEnd(w)}  ${pct(f.undecided.p).padStart(6)}`);
  out.push('', `Rounds: ${f.rounds.mean.toFixed(2)} on average (${f.rounds.low.toFixed(2)} to ${f.rounds.high.toFixed(2)}), over the ${f.rounds.n.toLocaleString('en')} decided runs.`, '');
  out.push('Down at the end:');
  for (const c of f.combatants) {
    const dmg = c.damage ? `  damage taken: mean ${c.damage.mean.toFixed(1)}, median ${c.damage.p50}, 90% at most ${c.damage.p90}, worst ${c.damage.max}` : '';
    out.push(`  ${c.name.padEnd(w)}  ${pct(c.down.p).padStart(6)}  (${pct(c.down.low)} to ${pct(c.down.high)})${dmg}`);
  }
  out.push('', `Policy: ${f.policy}`);
  for (const n of f.notes) out.push(`Note: ${n}`);
  return out;
}

/**
 * Exit 0 with the forecast, 2 on a usage error, an unreadable script or a fight that cannot be forecast
 * (its reason printed). `clock`: the time budget's clock (tests pass their own).
 */
export async function runForecast(args: readonly string[], io: CliIo, clock: () => number = () => performance.now()): Promise<number> {
  const { positional, flags, error } = parseArgs(args, ['json', 'help']);
  if (flags.help) {
    io.out(`usage: ${forecastUsage}`);
    return 0;
  }
  const problem = unknownFlag(args, KNOWN) ?? error ?? (positional.length !== 1 ? 'give one script file' : null);
  if (problem) {
    io.err(`${problem}\nusage: ${forecastUsage}`);
    return 2;
  }
  const runs = flags.runs === undefined ? DEFAULT_RUNS : Number(flags.runs);
  if (flags.runs !== undefined && (flags.runs === '' || !Number.isFinite(runs))) {
    io.err(`--runs needs a whole number, not "${String(flags.runs)}"\nusage: ${forecastUsage}`);
    return 2;
  }
  const threads = flags.threads === undefined ? (runs >= SHARED_FROM ? Math.min(4, availableParallelism()) : 1) : Number(flags.threads);
  if (!Number.isSafeInteger(threads) || threads < 1 || threads > MAX_THREADS) {
    io.err(`--threads needs a whole number from 1 to ${MAX_THREADS}, not "${String(flags.threads)}"\nusage: ${forecastUsage}`);
    return 2;
  }
  const stances = flags.stances === undefined ? {} : pairsOf(String(flags.stances));
  if (typeof stances === 'string') {
    io.err(`--stances: ${stances} (e.g. --stances "Raider 2=flee,Piper=hold")\nusage: ${forecastUsage}`);
    return 2;
  }
  const policy = flags.policy === undefined ? {} : policyOf(String(flags.policy));
  if (typeof policy === 'string') {
    io.err(`--policy: ${policy} (e.g. --policy spendAp=true, or JSON: --policy '{"damage": "1d6+1"}')\nusage: ${forecastUsage}`);
    return 2;
  }
  let seed: number | string = 0;
  if (flags.seed !== undefined) seed = /^-?\d+$/.test(String(flags.seed)) && Number.isSafeInteger(Number(flags.seed)) ? Number(flags.seed) : String(flags.seed);
  let script: unknown;
  try {
    script = JSON.parse(readFileSync(positional[0]!, 'utf8'));
  } catch (e) {
    io.err(`Cannot read ${positional[0]!}: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  }
  const options: ForecastOptions = { runs, seed, clock, timeBudgetMs: TIME_BUDGET_MS, stances: stances as ForecastOptions['stances'], policy };
  const answer: ForecastAnswer = threads === 1 ? forecastOfScript(script, options) : await shared(script, options, threads);
  if (!answer.ok) {
    io.err(`${answer.message} [${answer.code}]`);
    return 2;
  }
  if (flags.json) io.out(JSON.stringify(forecastJson(answer), null, 2));
  else io.out(forecastText(answer).join('\n'));
  return 0;
}

/** The forecast with its runs shared out between this thread and `threads - 1` worker threads. */
async function shared(script: unknown, options: ForecastOptions, threads: number): Promise<ForecastAnswer> {
  const pool = new ForecastThreads(threads - 1);
  try {
    return await pool.forecast({ kind: 'script', script, from: 'end' }, options);
  } finally {
    await pool.close();
  }
}

/** "a=x,b=y" as {a: "x", b: "y"}, or what is wrong with it. */
function pairsOf(text: string): Record<string, string> | string {
  const out: Record<string, string> = {};
  for (const part of text.split(',')) {
    const at = part.lastIndexOf('=');
    const key = part.slice(0, at).trim();
    if (at < 0 || key === '') return `"${part.trim()}" is not name=value`;
    out[key] = part.slice(at + 1).trim();
  }
  return out;
}

/** The policy's options: a JSON object, or name=value pairs (true and false as booleans). */
function policyOf(text: string): Record<string, unknown> | string {
  if (text.trim().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : 'give a JSON object';
    } catch (e) {
      return `not JSON (${e instanceof Error ? e.message : String(e)})`;
    }
  }
  const pairs = pairsOf(text);
  if (typeof pairs === 'string') return pairs;
  return Object.fromEntries(Object.entries(pairs).map(([k, v]) => [k, v === 'true' ? true : v === 'false' ? false : v]));
}
