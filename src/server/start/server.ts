/**
 * Runs the server: opens its store (the SQLite file in the data folder, on its own thread, or
 * PostgreSQL: backend.ts), listens, prints the GM's address (with
 * the owner token) and a machine-readable line, and shuts down cleanly on SIGINT/SIGTERM (sockets
 * told, requests finished, the WAL checkpointed).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '../http/index.ts';
import { openBackend } from './backend.ts';
import { PRIVATE_FOLDER } from '../shared/index.ts';
import type { ServerConfig } from './config.ts';
import { SERVER_VERSION } from '../version.ts';

export interface Output {
  out(text: string): void;
  err(text: string): void;
}

export interface RunningServer {
  readonly app: App;
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function startServer(config: ServerConfig, io: Output): Promise<RunningServer> {
  // The folder holds the owner token and every encounter: its owner only (an existing folder is left as it is).
  mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_FOLDER });
  // The HTTP side (fastify, the routes) loads while the database opens on its own thread, which shortens
  // the start (bench/startup.ts). A failure to load it is thrown below, or dropped if the backend fails first.
  const http = import('../http/index.ts');
  http.catch(() => {});
  const backend = await openBackend(config);
  let loaded: Awaited<typeof http>;
  try {
    loaded = await http;
  } catch (e) {
    await backend.close();
    throw e;
  }
  const { buildApp, everywhere, lanAddresses } = loaded;
  const { store, feed, rateBuckets, ownerToken } = backend;
  const lan = everywhere(config.host) ? lanAddresses() : [];
  let app: App;
  try {
    // The links handed out must work on the players' phones: on the LAN, point them at the LAN address.
    const publicUrl = config.publicUrl ?? (lan[0] !== undefined && config.port !== 0 ? `http://${lan[0]}:${config.port}` : undefined);
    app = await buildApp({ store, feed, ...(rateBuckets ? { rateBuckets } : {}), ownerToken, publicUrl, webRoot: config.webRoot, logger: { level: config.logLevel } });
    await app.fastify.listen({ port: config.port, host: config.host });
  } catch (e) {
    await backend.close();
    throw e;
  }
  const address = app.fastify.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const local = everywhere(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${local}:${port}`;
  const lines = [
    `Turnkeeper ${SERVER_VERSION} is running.`,
    `  GM, on this computer:  ${url}/#owner=${app.ownerToken}`,
    `  API:                   ${url}/api/openapi.json (owner token: ${join(config.dataDir, 'owner-token')})`,
    `  Data:                  ${backend.description}`,
  ];
  if (everywhere(config.host)) {
    for (const ip of lan) lines.push(`  On your network:       http://${ip}:${port} (players' phones; share the player link of an encounter)`);
  } else {
    lines.push(`  Players' phones cannot reach ${config.host}. To open Turnkeeper to your local network, restart with`);
    lines.push(`  HOST=0.0.0.0 npm start   (or: turnkeeper serve --host 0.0.0.0)`);
  }
  lines.push('  Stop with Ctrl+C.');
  io.out(lines.join('\n'));
  io.out(JSON.stringify({ turnkeeper: 'listening', url, port, host: config.host, data: config.dataDir }));
  let closing: Promise<void> | undefined;
  return {
    app,
    url,
    port,
    close: () =>
      (closing ??= (async () => {
        await app.fastify.close();
        await backend.close();
      })()),
  };
}

/** Resolves once the server has shut down after SIGINT or SIGTERM. */
export function untilSignal(server: RunningServer, io: Output): Promise<void> {
  return new Promise((resolve) => {
    const stop = (signal: string): void => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      io.err(`${signal}: closing connections and the database...`);
      server.close().then(
        () => {
          io.err('Turnkeeper stopped.');
          resolve();
        },
        (e: unknown) => {
          io.err(`Shutdown failed: ${e instanceof Error ? e.message : String(e)}`);
          resolve();
        },
      );
    };
    const onInt = (): void => stop('SIGINT');
    const onTerm = (): void => stop('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
  });
}
