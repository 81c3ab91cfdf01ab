/** Where a CLI command writes: the real process, or a recorder in tests. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

// A closed pipe (`turnkeeper odds 10d6 | head`) is not an error: stop writing quietly.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
};

/** Split `--flag value` options from positional arguments. Flags in `booleans` take no value. */
export function parseArgs(
  args: readonly string[],
  booleans: readonly string[] = [],
): { positional: string[]; flags: Record<string, string | true>; error?: string } {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith('--')) {
      const [name, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
      if (booleans.includes(name)) flags[name] = true;
      else if (inline !== undefined) flags[name] = inline;
      else if (i + 1 < args.length) flags[name] = args[++i]!;
      else return { positional, flags, error: `--${name} needs a value` };
    } else positional.push(a);
  }
  return { positional, flags };
}
