import { readFileSync } from 'node:fs';
import { parseArgs } from '../io.ts';
import type { CliIo } from '../io.ts';
import { serveUsage } from '../usage.ts';

/**
 * What the server needs beyond the engine (which needs zod only). In the npm package they are optional
 * peer dependencies, so a library user does not install them; in this repository they are dev
 * dependencies, installed by `npm ci`. pg is loaded with the stores even when the server runs on SQLite.
 */
export const serverPackages = ['fastify', '@fastify/websocket', 'better-sqlite3', 'pg'] as const;

/** The server's packages that cannot be found from this file. */
export function missingServerPackages(resolve: (name: string) => unknown = (name) => import.meta.resolve(name)): string[] {
  return serverPackages.filter((name) => {
    try {
      resolve(name);
      return false;
    } catch {
      return true;
    }
  });
}

/** One line: what to install, with the ranges package.json accepts (src/cli/commands or dist/cli/commands: the package's root is three up). */
export function missingPackagesLine(missing: readonly string[]): string {
  let ranges: Record<string, string> = {};
  try {
    ranges = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { peerDependencies?: Record<string, string> }).peerDependencies ?? {};
  } catch {
    // No package.json to read: name the packages alone.
  }
  const specs = missing.map((name) => (ranges[name] ? `${name}@${ranges[name]}` : name));
  return `Turnkeeper's server needs ${missing.join(', ')}, not installed here. Install ${missing.length === 1 ? 'it' : 'them'} with: npm install ${specs.join(' ')}`;
}

/** `turnkeeper serve`: run the server until SIGINT/SIGTERM. Exit 0 after a clean shutdown, 2 on bad flags, 1 if it cannot start. */
export async function runServe(
  args: readonly string[],
  io: CliIo,
  env: Readonly<Record<string, string | undefined>> = process.env,
  resolve?: (name: string) => unknown,
): Promise<number> {
  const missing = missingServerPackages(resolve);
  if (missing.length > 0) {
    io.err(missingPackagesLine(missing));
    return 1;
  }
  const { resolveConfig, startFailure, startServer, untilSignal } = await import('../../server/start/index.ts');
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
