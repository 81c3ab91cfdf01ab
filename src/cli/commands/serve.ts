import { parseArgs } from '../io.ts';
import type { CliIo } from '../io.ts';
import { resolveConfig, serveUsage } from '../../server/start/index.ts';
import { startServer, untilSignal } from '../../server/start/index.ts';
import { startFailure } from '../../server/start/index.ts';

/** `turnkeeper serve`: run the server until SIGINT/SIGTERM. Exit 0 after a clean shutdown, 2 on bad flags, 1 if it cannot start. */
export async function runServe(args: readonly string[], io: CliIo, env: Readonly<Record<string, string | undefined>> = process.env): Promise<number> {
  const { positional, flags, error } = parseArgs(args);
  if (error || positional.length > 0) {
    io.err(`${error ?? `Unexpected argument "${positional[0]}".`}\nusage: ${serveUsage}`);
    return 2;
  }
  const resolved = resolveConfig(flags, env, process.cwd());
  if (!resolved.ok) {
    io.err(`${resolved.error}\nusage: ${serveUsage}`);
    return 2;
  }
  let server;
  try {
    server = await startServer(resolved.config, io);
  } catch (e) {
    io.err(`Turnkeeper could not start: ${startFailure(e, resolved.config)}`);
    return 1;
  }
  await untilSignal(server, io);
  return 0;
}
