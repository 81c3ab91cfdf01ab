/**
 * The GM screen's first load on the table's slow link (issue 12: 1.6 Mbps down, 150 ms; target under
 * 1.5 s): the real server (SQLite) sending the built app's precompressed files, Chromium throttled
 * through the DevTools protocol with its cache off, each load a fresh encounter (the game's example
 * fight, initiative rolled) in a fresh browser context. Timed from the navigation's start until the GM
 * screen is usable: the frame after the turn panel or the first roster row shows. Medians.
 */
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { createEncounter, launch, startServer } from '../tests/e2e/harness.ts';
import type { Server } from '../tests/e2e/harness.ts';
import { PRECOMPRESS_MIN_BYTES } from '../src/server/pages/index.ts';
import { SLOW_LINK, networkConditions, summarize, uncompressed } from './web-throttle.ts';
import type { Arrived, Link, Load, LoadSummary } from './web-throttle.ts';

/** How far into each game's example fight the encounter is (past rolling initiative, as at the table). */
const COMMANDS: Readonly<Record<string, number>> = { swn: 5, cwn: 5, kuro: 4, fallout: 6, popcorn: 6, custom: 3 };

/**
 * Browser-side code as text (bench/ is type-checked without the DOM library), run before the page's
 * own scripts: notes the frame after the GM screen first shows the turn panel or a roster row.
 */
const WATCH = `(() => {
  const w = window;
  w.__usableAt = null;
  const shown = () => {
    const el = document.querySelector('[data-testid="now"], .combatant');
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const obs = new MutationObserver(() => {
    if (w.__usableAt !== null || !shown()) return;
    w.__usableAt = 0;
    obs.disconnect();
    requestAnimationFrame(() => { w.__usableAt = performance.now(); });
  });
  obs.observe(document, { subtree: true, childList: true, attributes: true });
})()`;

const USABLE = `new Promise((resolve, reject) => {
  const started = Date.now();
  const poll = () => {
    if (window.__usableAt) return resolve(window.__usableAt);
    if (Date.now() - started > 30000) return reject(new Error('the GM screen did not show its turn panel or roster within 30 s'));
    setTimeout(poll, 5);
  };
  poll();
})`;

/** The requests finished by `at` (ms after the navigation's start): how many, the JavaScript's bytes on the wire, when the last script arrived. */
const WIRE = (at: number) => `(() => {
  const done = performance.getEntriesByType('resource').filter((r) => r.responseEnd <= ${at});
  const js = done.filter((r) => new URL(r.name).pathname.endsWith('.js'));
  return [done.length + 1, js.reduce((n, r) => n + r.encodedBodySize, 0), Math.max(0, ...js.map((r) => r.responseEnd))];
})()`;

interface Fight {
  rules: string;
  title: string;
  options?: unknown;
  seed?: number;
  sides?: unknown[];
  combatants: unknown[];
  commands: unknown[];
}

function fight(game: string): Fight {
  const url = new URL(`../src/rules/${game}/examples/fight.json`, import.meta.url);
  const f = JSON.parse(readFileSync(url, 'utf8')) as Fight;
  return { ...f, title: `${f.title} (first load)`, commands: f.commands.slice(0, COMMANDS[game] ?? 3) };
}

async function oneLoad(server: Server, browser: Browser, game: string, link: Link): Promise<Load> {
  const enc = await createEncounter(server, { ...fight(game) });
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { ...networkConditions(link) });
    const responses: Arrived[] = [];
    page.on('response', (r) => {
      const h = r.headers();
      responses.push({ url: r.url(), encoding: h['content-encoding'], bytes: Number(h['content-length'] ?? Number.POSITIVE_INFINITY) });
    });
    await page.addInitScript(WATCH);
    await page.goto(enc.gmUrl, { waitUntil: 'commit' });
    const usableMs = await page.evaluate<number>(USABLE);
    const [requests, jsBytes, lastScriptMs] = await page.evaluate<[number, number, number]>(WIRE(usableMs));
    const plain = uncompressed(responses, PRECOMPRESS_MIN_BYTES);
    if (plain.length > 0) throw new Error(`The server sent ${plain.join(', ')} uncompressed: build the app (npm run build:web) so it has precompressed copies to send.`);
    return { usableMs, jsBytes, requests, lastScriptMs };
  } finally {
    await context.close();
  }
}

export interface FirstLoads {
  readonly link: Link;
  readonly games: Readonly<Record<string, LoadSummary>>;
}

/**
 * `loads` timed loads per game after `warmups` untimed ones (they warm the server up); `progress`
 * hears about each load as it ends.
 */
export async function firstLoads(games: readonly string[], options: { loads?: number; warmups?: number; link?: Link; progress?: (line: string) => void } = {}): Promise<FirstLoads> {
  const loads = options.loads ?? 7;
  const warmups = options.warmups ?? 2;
  const link = options.link ?? SLOW_LINK;
  if (!Number.isInteger(loads) || loads < 1) throw new Error(`The number of first loads must be a whole number of at least 1, not ${loads}.`);
  const unknown = games.filter((g) => COMMANDS[g] === undefined);
  if (unknown.length > 0) throw new Error(`No example fight for ${unknown.join(', ')}; games: ${Object.keys(COMMANDS).join(', ')}.`);
  const lots = 1_000_000;
  const server = await startServer({ limits: { readsPerSecond: lots, readBurst: lots } });
  const browser = await launch();
  try {
    const out: Record<string, LoadSummary> = {};
    for (const game of games) {
      const timed: Load[] = [];
      for (let i = 0; i < warmups + loads; i++) {
        const load = await oneLoad(server, browser, game, link);
        const warm = i < warmups;
        if (!warm) timed.push(load);
        options.progress?.(`${game} ${warm ? `warm-up ${i + 1} of ${warmups}` : `load ${i - warmups + 1} of ${loads}`}: ${(load.usableMs / 1000).toFixed(2)} s`);
      }
      out[game] = summarize(timed);
    }
    return { link, games: out };
  } finally {
    await browser.close();
    await server.close();
  }
}
