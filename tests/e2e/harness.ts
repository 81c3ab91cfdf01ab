/**
 * The browser tests' harness: the real server (buildApp, SQLite in a temporary data folder, the built
 * web app from dist/web) on a free port, and the system Chromium driven by playwright-core.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { buildApp } from '../../src/server/http/index.ts';
import type { Limits } from '../../src/server/shared/index.ts';
import { SqliteEventStore } from '../../src/store/index.ts';

export const WEB_BUILD = fileURLToPath(new URL('../../dist/web', import.meta.url));
export const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots', import.meta.url));
export const README_SHOTS = fileURLToPath(new URL('../../src/web/screenshots', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The machine is offline: without the background-networking flags Chromium floods refused connections. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Server {
  readonly url: string;
  readonly ownerToken: string;
  /** Drop every live socket, as a restart or a lost Wi-Fi would: clients must reconnect and catch up. */
  dropSockets(): void;
  close(): Promise<void>;
}

/** The real server on a free port; `limits` replaces the raised defaults the tests use (a bench lifts the read limit). */
export async function startServer(options: { limits?: Partial<Limits> } = {}): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'turnkeeper-e2e-'));
  const store = new SqliteEventStore(join(dataDir, 'turnkeeper.db'), { synchronous: 'normal' });
  const limits = { commandsPerSecond: 1000, commandBurst: 1000, requestsPerSecond: 100, requestBurst: 100, ...options.limits };
  const app = await buildApp({ store, dataDir, webRoot: WEB_BUILD, limits });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = app.fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    ownerToken: app.ownerToken,
    dropSockets: () => app.hub.closeAll(1012, 'shutdown'),
    async close() {
      await app.fastify.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** A test file's server and Chromium: started before its tests, handed to `ready`, closed after them. */
export function serverAndBrowser(ready: (server: Server, browser: Browser) => void): void {
  let server: Server | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launch();
    ready(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
}

export interface Created {
  readonly id: string;
  readonly gmKey: string;
  readonly playerKey: string;
  readonly gmUrl: string;
  readonly playerUrl: string;
}

/** An encounter through the API, as the start page makes it. */
export async function createEncounter(server: Server, body: Record<string, unknown>): Promise<Created> {
  const r = await fetch(`${server.url}/api/encounters`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (r.status !== 201) throw new Error(`create: ${r.status} ${await r.text()}`);
  return (await r.json()) as Created;
}

/** Collects page errors and console errors, so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message} ${process.env.E2E_STACK ? e.stack : ''}`));
  page.on('console', (m) => {
    // A command the rules refuse is a 422 answer, shown in words on the page: not an error of the app.
    if (m.type() === 'error' && !/status of 4(22|09)/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** A game's example fight (src/rules/<id>/examples/fight.json). */
export interface ExampleScript {
  readonly rules: string;
  readonly title: string;
  readonly options?: Record<string, unknown>;
  readonly seed?: number;
  readonly sides?: unknown[];
  readonly combatants: unknown[];
  readonly commands: unknown[];
}

export function exampleScript(rules: string): ExampleScript {
  return JSON.parse(readFileSync(new URL(`../../src/rules/${rules}/examples/fight.json`, import.meta.url), 'utf8')) as ExampleScript;
}

/** A game's example fight on the server with the first `commands` of its script played, then `more`. */
export function exampleFight(server: Server, rules: string, commands: number, more: readonly unknown[] = []): Promise<Created> {
  const s = exampleScript(rules);
  return createEncounter(server, {
    rules: s.rules,
    title: s.title,
    ...(s.options ? { options: s.options } : {}),
    ...(s.seed !== undefined ? { seed: s.seed } : {}),
    ...(s.sides ? { sides: s.sides } : {}),
    combatants: s.combatants,
    commands: [...s.commands.slice(0, commands), ...more],
  });
}

/** The docks (custom rules): Vasquez (PC, 12 HP, the Crew) and a Goblin (40 HP), started, Vasquez first. */
export function docksFight(server: Server): Promise<Created> {
  return createEncounter(server, {
    rules: 'custom',
    title: 'Docks',
    combatants: [
      { name: 'Vasquez', kind: 'pc', side: 'Crew', hp: 12 },
      { name: 'Goblin', hp: 40 },
    ],
    commands: [{ type: 'start', dice: { Vasquez: 15, Goblin: 12 } }],
  });
}
