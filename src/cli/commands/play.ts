import { readFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { runScript, viewOf } from '../../core/index.ts';
import type { Engine } from '../../core/index.ts';
import { engine as defaultEngine } from '../../rules/index.ts';
import type { CliIo } from '../io.ts';
import { parseArgs } from '../io.ts';
import { renderText } from '../render-text.ts';
import { playUsage } from '../usage.ts';

/**
 * Run a scripted encounter and print its final state and log. Exit 0 when every command was
 * accepted, 2 when one was rejected (its code and message are printed) or the input is unusable.
 */
export function runPlay(args: readonly string[], io: CliIo, engine: Engine = defaultEngine): number {
  const { positional, flags, error } = parseArgs(args, ['events']);
  const file = positional[0];
  if (error || !file || positional.length > 1) {
    io.err(`${error ? `${error}\n` : ''}usage: ${playUsage}`);
    return 2;
  }
  const format = flags.format ?? 'json';
  if (format !== 'json' && format !== 'text') {
    io.err(`--format must be json or text, not "${String(format)}"`);
    return 2;
  }
  let script: unknown;
  try {
    script = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    io.err(`Cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  }
  if (flags.seed !== undefined) {
    const seed = Number(flags.seed);
    if (!Number.isSafeInteger(seed)) {
      io.err(`--seed must be a whole number, not "${String(flags.seed)}"`);
      return 2;
    }
    if (typeof script === 'object' && script !== null) script = { ...script, seed };
  }
  const fallbackSeed = randomInt(0, 2 ** 31);
  const seed = (script as { seed?: number | string } | null)?.seed ?? fallbackSeed;
  const result = runScript(engine, script, seed);
  const encounter = result.encounter;
  const log = engine.log(result.events);
  if (format === 'text') {
    if (encounter) io.out(renderText(viewOf(engine, encounter), log));
    if (!result.ok) io.err(`Rejected at ${result.at}: ${result.rejection.message} [${result.rejection.code}]`);
    return result.ok ? 0 : 2;
  }
  const output = {
    ok: result.ok,
    seed,
    ...(result.ok ? {} : { rejected: { at: result.at, command: result.command, ...result.rejection } }),
    state: encounter ? viewOf(engine, encounter) : null,
    log: log.map((l) => ({ seq: l.seq, round: l.round, text: l.text, ...(l.gmOnly ? { gmOnly: true } : {}), ...(l.undone ? { undone: true } : {}) })),
    ...(flags.events ? { events: result.events } : {}),
  };
  io.out(JSON.stringify(output, null, 2));
  if (!result.ok) io.err(`Rejected at ${result.at}: ${result.rejection.message} [${result.rejection.code}]`);
  return result.ok ? 0 : 2;
}
