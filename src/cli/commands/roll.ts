/**
 * `turnkeeper roll <expr> [--seed N] [--times K] [--json]`: roll dice and show every die.
 * Without --seed the seed comes from node:crypto and is printed so the roll can be repeated.
 */
import { randomInt } from 'node:crypto';
import { Prng, formatRoll, rollDice } from '../../dice/index.ts';
import type { RollResult } from '../../dice/index.ts';
import type { CliIo } from '../io.ts';
import { diceArgs } from '../dice-args.ts';

export type { CliIo };

export const rollUsage = 'usage: turnkeeper roll <expr> [--seed N] [--times K] [--json]';
const MAX_TIMES = 10_000;
const KNOWN = new Set(['seed', 'times', 'json', 'help']);

/** A --seed value: a safe integer is a number seed, anything else a string seed. */
export function seedFromArg(s: string): number | string {
  if (/^-?\d+$/.test(s)) {
    const n = Number(s);
    if (Number.isSafeInteger(n)) return n;
  }
  return s;
}

export function runRoll(args: string[], io: CliIo): number {
  const got = diceArgs(args, io, rollUsage, KNOWN);
  if (typeof got === 'number') return got;
  const { expr, flags } = got;
  const timesArg = flags.times;
  const times = timesArg === undefined ? 1 : Number(timesArg);
  if (!Number.isInteger(times) || times < 1 || times > MAX_TIMES) {
    io.err(`--times must be a whole number from 1 to ${MAX_TIMES}, not "${String(timesArg)}"\n${rollUsage}`);
    return 2;
  }
  const seedArg = flags.seed;
  if (seedArg === true || seedArg === '') {
    io.err(`--seed needs a value\n${rollUsage}`);
    return 2;
  }
  const seed = seedArg === undefined ? randomInt(0, 2 ** 32) : seedFromArg(seedArg);
  const rng = Prng.fromSeed(seed);
  const rolls: RollResult[] = [];
  for (let i = 0; i < times; i++) rolls.push(rollDice(expr, rng));

  if (flags.json) {
    io.out(JSON.stringify({ notation: expr.notation, seed, rolls }, null, 2));
    return 0;
  }
  for (const r of rolls) io.out(formatRoll(r));
  if (seedArg === undefined) io.out(`seed ${seed} (repeat with --seed ${seed})`);
  return 0;
}
