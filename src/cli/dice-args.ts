import { tryParseDice } from '../dice/index.ts';
import type { DiceExpr } from '../dice/index.ts';
import type { CliIo } from './io.ts';
import { parseArgs } from './io.ts';

/** The first `--option` in args that is not in `known`, as an error message, or null. */
export function unknownFlag(args: readonly string[], known: ReadonlySet<string>): string | null {
  for (const a of args) {
    if (!a.startsWith('--')) continue;
    const name = a.slice(2).split('=', 1)[0]!;
    if (!known.has(name)) return `unknown option --${name}`;
  }
  return null;
}

/**
 * The arguments of a dice command (`roll`, `odds`): the parsed notation and the flags, or the exit code
 * after printing help (0) or a usage or notation error with a caret under the bad character (2).
 */
export function diceArgs(
  args: readonly string[],
  io: CliIo,
  usage: string,
  known: ReadonlySet<string>,
): { expr: DiceExpr; flags: Record<string, string | true> } | number {
  const { positional, flags, error } = parseArgs(args, ['json', 'help']);
  if (flags.help) {
    io.out(usage);
    return 0;
  }
  const problem = unknownFlag(args, known) ?? error ?? (positional.length === 0 ? 'missing dice notation' : null);
  if (problem) {
    io.err(`${problem}\n${usage}`);
    return 2;
  }
  const parsed = tryParseDice(positional.join(' '));
  if (!parsed.ok) {
    io.err(parsed.error.message);
    io.err(parsed.error.pointer);
    return 2;
  }
  return { expr: parsed.expr, flags };
}
