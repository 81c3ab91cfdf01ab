/**
 * The campaign page's load in Chromium, with the real server (SQLite) and the built app: a campaign of
 * 10 PCs and 200 templates, and the time from the navigation's start until the bestiary shows all 200
 * (the frame after the 200th template is in the page). Each load is a fresh browser context (nothing
 * cached, as a first visit); the first loads warm the server up. Medians.
 */
import { launch, startServer } from '../tests/e2e/harness.ts';
import type { Server } from '../tests/e2e/harness.ts';
import { median } from './harness.ts';

export interface CampaignLoad {
  /** Navigation start → all 200 templates shown, ms: median, and the fastest and slowest load. */
  readonly shown: number;
  readonly min: number;
  readonly max: number;
  /** Navigation start → the campaign's answer (GET /api/campaigns/:id) received, ms, median. */
  readonly read: number;
  /** That request alone, as the browser saw it (sent → answer received), ms, median. */
  readonly readTook: number;
  /** The campaign's answer, bytes on the wire (median). */
  readonly readBytes: number;
  readonly loads: number;
}

const TEMPLATES = 200;

/**
 * Browser-side code as text (bench/ is type-checked without the DOM library): notes when the bestiary
 * lists every template, then waits for the next frame.
 */
const WATCH = `(() => {
  const w = window;
  w.__shownAt = null;
  const obs = new MutationObserver(() => {
    if (w.__shownAt !== null || document.querySelectorAll('.bestiary .template').length < ${TEMPLATES}) return;
    w.__shownAt = 0;
    obs.disconnect();
    requestAnimationFrame(() => { w.__shownAt = performance.now(); });
  });
  obs.observe(document, { subtree: true, childList: true });
})()`;

const SHOWN = `new Promise((resolve, reject) => {
  const started = Date.now();
  const poll = () => {
    if (window.__shownAt) return resolve(window.__shownAt);
    if (Date.now() - started > 20000) return reject(new Error('the bestiary did not show all its templates'));
    setTimeout(poll, 5);
  };
  poll();
})`;

const READ = (id: string) => `(() => {
  const e = performance.getEntriesByType('resource').find((r) => new URL(r.name).pathname === '/api/campaigns/${id}');
  return e ? [e.responseEnd, e.responseEnd - e.startTime, e.encodedBodySize] : [0, 0, 0];
})()`;

async function owner<T>(server: Server, method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.ownerToken}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/** Sets up the campaign (as bench/campaign.ts does: SWN, 10 PCs, 200 tagged templates with notes), then loads its page `loads` times. */
export async function campaignLoad(loads: number, warmups = 2): Promise<CampaignLoad> {
  const lots = 1_000_000;
  const server = await startServer({ limits: { readsPerSecond: lots, readBurst: lots, commandsPerSecond: lots, commandBurst: lots } });
  const browser = await launch();
  try {
    const { campaign } = await owner<{ campaign: { id: string } }>(server, 'POST', '/api/campaigns', { rules: 'swn', title: 'Bench campaign' });
    const path = `/api/campaigns/${campaign.id}/commands`;
    for (let i = 0; i < 10; i++) await owner(server, 'POST', path, { type: 'add-pc', name: `Hero ${i + 1}`, stats: { hp: 12, ac: 14, dexMod: 1 } });
    for (let i = 0; i < TEMPLATES; i++) {
      await owner(server, 'POST', path, { type: 'add-template', name: `Foe ${i + 1}`, stats: { hp: 7, ac: 12 }, tags: [`tier-${i % 5}`, i % 2 ? 'human' : 'beast'], notes: 'Lurks in the ruins.' });
    }
    const shown: number[] = [];
    const read: number[] = [];
    const took: number[] = [];
    const bytes: number[] = [];
    for (let i = 0; i < loads + warmups; i++) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      await context.addInitScript(`localStorage.setItem('turnkeeper.owner.v1', ${JSON.stringify(server.ownerToken)});`);
      await context.addInitScript(WATCH);
      const page = await context.newPage();
      await page.goto(`${server.url}/campaign/${campaign.id}`);
      const t = await page.evaluate<number>(SHOWN);
      const [r, d, b] = await page.evaluate<[number, number, number]>(READ(campaign.id));
      await context.close();
      if (i < warmups) continue;
      shown.push(t);
      read.push(r);
      took.push(d);
      bytes.push(b);
    }
    return { shown: median(shown), min: Math.min(...shown), max: Math.max(...shown), read: median(read), readTook: median(took), readBytes: median(bytes), loads };
  } finally {
    await browser.close();
    await server.close();
  }
}
