/**
 * The web app's figures for `npm run bench`: gzipped JavaScript per screen (targets: GM screen under
 * 150 kB, player view under 60 kB), the GM screen's first load on a slow link (target under 1.5 s,
 * `web-first-load.ts`), the time from a click on the GM screen to the player view showing the change
 * (p50 and p99 over 100 commands), with the real server and two Chromium pages, and the campaign
 * page's load for a 10-PC, 200-template campaign (`web-campaign.ts`).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { CHROMIUM, WEB_BUILD, createEncounter, launch, startServer } from '../tests/e2e/harness.ts';
import { campaignLoad } from './web-campaign.ts';
import type { CampaignLoad } from './web-campaign.ts';
import { firstLoads } from './web-first-load.ts';
import type { FirstLoads } from './web-first-load.ts';
import { GAMES, kb, readSizes } from './web-sizes.ts';
import { FIRST_LOAD_TARGET_MS, SLOW_LINK, describeLink, describeSummary } from './web-throttle.ts';

const GM_TARGET = 150 * 1024;
const PLAYER_TARGET = 60 * 1024;

export interface WebFigures {
  readonly gmMax: number;
  readonly player: number;
  readonly firstLoad?: FirstLoads;
  readonly latency?: { readonly p50: number; readonly p99: number; readonly n: number };
  readonly campaign?: CampaignLoad;
}

/** The parts of the web figures that need Chromium; all by default. */
export const BROWSER_PARTS = ['first-load', 'latency', 'campaign'] as const;
export type BrowserPart = (typeof BROWSER_PARTS)[number];

export interface WebOptions {
  readonly commands?: number;
  readonly campaignLoads?: number;
  /** Timed throttled first loads per game, and the games (SWN and Fallout by default). */
  readonly firstLoads?: number;
  readonly firstLoadGames?: readonly string[];
  readonly build?: boolean;
  readonly parts?: readonly BrowserPart[];
}

function quantile(sorted: readonly number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

/**
 * Browser-side code as text: bench/ is type-checked without the DOM library, and tsx would wrap
 * functions handed to the page in helpers the page does not have.
 */
const CLICK = (kind: string) => `(() => {
  const button = document.querySelector('.damage-bar button[value="${kind}"]');
  const t = performance.timeOrigin + performance.now();
  button.click();
  return t;
})()`;

/** Installs a watcher on the player page that notes when the HP text becomes `want`. */
const WATCH = (want: string) => `(() => {
  const w = window;
  w.__seenAt = null;
  const read = () => document.querySelector('[data-name="Vasquez"] .pv-hp-text')?.textContent;
  const obs = new MutationObserver(() => {
    if (w.__seenAt === null && read() === ${JSON.stringify(want)}) {
      w.__seenAt = performance.timeOrigin + performance.now();
      obs.disconnect();
    }
  });
  obs.observe(document.body, { subtree: true, childList: true, characterData: true });
  return true;
})()`;

const SEEN = `new Promise((resolve, reject) => {
  const started = Date.now();
  const poll = () => {
    if (window.__seenAt !== null) return resolve(window.__seenAt);
    if (Date.now() - started > 10000) return reject(new Error('the player view did not update'));
    setTimeout(poll, 1);
  };
  poll();
})`;

/** Clicks Damage or Heal on the GM page and waits for the player page to show the new HP: the delay, in ms. */
async function oneCommand(gm: Page, player: Page, kind: 'damage' | 'heal', expected: string): Promise<number> {
  await gm.locator('#amount').fill('1');
  await player.evaluate(WATCH(expected));
  const t0 = await gm.evaluate<number>(CLICK(kind));
  const t1 = await player.evaluate<number>(SEEN);
  return t1 - t0;
}

async function latency(n: number): Promise<{ p50: number; p99: number; n: number }> {
  const server = await startServer();
  const browser = await launch();
  try {
    const enc = await createEncounter(server, {
      rules: 'swn',
      title: 'Latency',
      sides: [{ name: 'Crew', players: true }, { name: 'Pirates' }],
      combatants: [
        { name: 'Vasquez', kind: 'pc', side: 'Crew', stats: { hp: 12 } },
        { name: 'Pirate', side: 'Pirates', count: 2, stats: { hp: 7 } },
      ],
      commands: [{ type: 'roll-initiative' }, { type: 'start' }],
    });
    const gm = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const player = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await gm.goto(enc.gmUrl);
    await player.goto(enc.playerUrl);
    await gm.getByLabel('Select Vasquez').check();
    await player.locator('[data-name="Vasquez"] .pv-hp-text').waitFor();
    const samples: number[] = [];
    for (let i = 0; i < n + 5; i++) {
      const damage = i % 2 === 0;
      const ms = await oneCommand(gm, player, damage ? 'damage' : 'heal', damage ? '11/12' : '12/12');
      if (i >= 5) samples.push(ms); // the first few warm the pages up
    }
    samples.sort((a, b) => a - b);
    return { p50: quantile(samples, 0.5), p99: quantile(samples, 0.99), n: samples.length };
  } finally {
    await browser.close();
    await server.close();
  }
}

export async function benchWeb(log: (line: string) => void, options: WebOptions = {}): Promise<WebFigures> {
  const parts = new Set(options.parts ?? BROWSER_PARTS);
  if (options.build !== false || !existsSync(`${WEB_BUILD}/.vite/manifest.json`)) {
    await build({ configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)), logLevel: 'warn' });
  }
  const sizes = readSizes(WEB_BUILD);
  if (sizes.development) throw new Error(`${WEB_BUILD} holds a development build (the browser tests build one): run the bench without --no-build.`);
  const gmMax = Math.max(...GAMES.map((g) => sizes.gm[g] ?? 0));
  const mark = (ok: boolean) => (ok ? 'under' : 'OVER');
  log(`player view: ${kb(sizes.player)} gzipped JS (target under 60 kB: ${mark(sizes.player < PLAYER_TARGET)})`);
  log(`GM screen, as it first shows: ${GAMES.map((g) => `${g} ${kb(sizes.gm[g] ?? 0)}`).join(', ')} (largest ${kb(gmMax)}; target under 150 kB: ${mark(gmMax < GM_TARGET)})`);
  log(`GM screen, as it first shows, brotli (what the server sends): ${GAMES.map((g) => `${g} ${kb(sizes.gmBrotli[g] ?? 0)}`).join(', ')}`);
  log(`GM screen, fetched right after it shows (the whole rules with zod, the dialogs, the setup tools): ${GAMES.map((g) => `${g} ${kb(sizes.gmPrefetch[g]!)}`).join(', ')}; start page: ${kb(sizes.start)}; campaign page (before the game's rules): ${kb(sizes.campaign)}`);
  if (!existsSync(CHROMIUM)) {
    log(`throttled first load, click-to-player-update latency and campaign page load: skipped (no Chromium at ${CHROMIUM})`);
    return { gmMax, player: sizes.player };
  }
  let firstLoad: FirstLoads | undefined;
  if (parts.has('first-load')) {
    const games = options.firstLoadGames ?? ['swn', 'fallout'];
    const loads = options.firstLoads ?? 7;
    log(
      `GM screen's first load on a slow link (${describeLink(SLOW_LINK)}; cache off; each load a fresh encounter in a fresh Chromium context; ` +
        `navigation → turn panel or roster shown; median of ${loads} loads after 2 warm-ups; target under ${FIRST_LOAD_TARGET_MS / 1000} s):`,
    );
    firstLoad = await firstLoads(games, { loads, link: SLOW_LINK, progress: (line) => process.stderr.write(`  … ${line}\n`) });
    for (const g of games) log(`  ${describeSummary(g, firstLoad.games[g]!)}`);
  }
  let l: WebFigures['latency'];
  if (parts.has('latency')) {
    l = await latency(options.commands ?? 100);
    log(`click on the GM screen → player view updated: p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms over ${l.n} commands (real server, SQLite, two Chromium pages)`);
  }
  let c: CampaignLoad | undefined;
  if (parts.has('campaign')) {
    c = await campaignLoad(options.campaignLoads ?? 11);
    log(
      `campaign page, 10 PCs and 200 templates: navigation → all 200 templates shown ${c.shown.toFixed(0)} ms (median of ${c.loads} loads, each a fresh Chromium context; ${c.min.toFixed(0)}–${c.max.toFixed(0)} ms); ` +
        `the campaign's answer (${kb(c.readBytes)} on the wire, ${c.readTook.toFixed(0)} ms from request to answer) had arrived at ${c.read.toFixed(0)} ms`,
    );
  }
  return { gmMax, player: sizes.player, ...(firstLoad ? { firstLoad } : {}), ...(l ? { latency: l } : {}), ...(c ? { campaign: c } : {}) };
}
