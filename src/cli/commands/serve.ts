import { parseArgs } from '../io.ts';
import type { CliIo } from '../io.ts';
import { resolveConfig, serveUsage } from '../../server/config.ts';
import { startServer, untilSignal } from '../../server/server.ts';

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
    const code = (e as { code?: string }).code;
    const why = code === 'EADDRINUSE' ? `port ${resolved.config.port} is already in use (another Turnkeeper?). Try --port.` : e instanceof Error ? e.message : String(e);
    io.err(`Turnkeeper could not start: ${why}`);
    return 1;
  }
  await untilSignal(server, io);
  return 0;
}
