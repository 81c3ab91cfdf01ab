/**
 * The GM page's first data (src/server/pages/page-data.ts): a GM address with its key comes with the
 * game's rules announced and the first page of events inside it, so the screen shows without asking
 * for them; an address whose key stays in the fragment asks as before; the player link never carries
 * any of it. No Content-Security-Policy violation either way.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { GAMES, readSizes } from '../../bench/web-sizes.ts';
import { WEB_BUILD, exampleFight, serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const BLOCK = 'turnkeeper-early-events';

/** Opens `url` and collects the paths the page asked the server for, and any CSP violation. */
async function open(url: string, viewport = { width: 1400, height: 1000 }): Promise<{ page: Page; asked: string[]; html: string; violations: string[]; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors = watchErrors(page);
  const asked: string[] = [];
  const violations: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const answer = await page.goto(url);
  const html = (await answer?.text()) ?? '';
  return { page, asked, html, violations, errors, close: () => context.close() };
}

test('the GM link shows the fight from the events in its page, without asking for them', async () => {
  const enc = await exampleFight(server, 'fallout', 6);
  const gm = await open(enc.gmUrl);
  expect(gm.html).toContain(BLOCK);
  // The game's rules are announced (their fold half): a library chunk, run as soon as it arrives.
  expect(gm.html).toMatch(/<script type="module" async crossorigin src="\/assets\/fold-[^"]+\.js"><\/script>/);
  // zod and the deciding half of the rules are not: they come after the screen shows.
  expect(gm.html).not.toMatch(/assets\/(zod|decide|fallout)-/);
  await gm.page.locator('[data-testid="now"]').waitFor();
  await expect.poll(() => gm.page.locator('.log-list li').count()).toBeGreaterThan(0);
  // The screen took the block out of the page once it had read it.
  expect(await gm.page.locator(`#${BLOCK}`).count()).toBe(0);
  expect(gm.asked.filter((p) => p.endsWith('/events'))).toEqual([]);
  // It keeps working live: a note sent meanwhile shows, once.
  const r = await fetch(`${server.url}/api/encounters/${enc.id}/commands`, {
    method: 'POST',
    headers: { authorization: `Bearer ${enc.gmKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'note', text: 'Reinforcements at the door' }),
  });
  expect(r.status).toBe(200);
  await expect.poll(() => gm.page.locator('.log-list li', { hasText: 'Reinforcements at the door' }).count()).toBe(1);
  // Every event folded once: as many lines as the server's log has.
  const log = (await (await fetch(`${server.url}/api/encounters/${enc.id}/log`, { headers: { authorization: `Bearer ${enc.gmKey}` } })).json()) as { log: unknown[] };
  await expect.poll(() => gm.page.locator('.log-list li').count()).toBe(log.log.length);
  expect(gm.violations).toEqual([]);
  expect(gm.errors).toEqual([]);
  await gm.close();
});

test('the GM screen shows the fight before zod and the deciding rules have come; an action clicked meanwhile waits for them', async () => {
  const enc = await exampleFight(server, 'swn', 5);
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors = watchErrors(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked: string[] = [];
  await context.route(/\/assets\/zod-[^/]+\.js$/, async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  await page.goto(enc.gmUrl);
  // The fight shows, with its actions, while zod is held back.
  const now = page.locator('[data-testid="now"]');
  await now.getByText('Vasquez acts').waitFor();
  await page.locator('.combatant').first().waitFor();
  const endTurn = page.getByTestId('legal-actions').locator('.action', { hasText: 'End the turn' }).first();
  await endTurn.waitFor();
  // The add panel says its form is coming (its stats need the whole rules).
  expect(await page.locator('.quick-add').getByRole('status').textContent()).toBe('Loading the rules…');
  await page.screenshot({ path: 'test-results/first-load-before-zod.png' });
  // The screen asks for the rest of the rules once it shows.
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  const dialog = page.getByRole('dialog');
  // Its form ("…"), opened now, says it waits for them; cancelled, nothing is sent.
  await endTurn.locator('.action-more').click();
  await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Loading the rules…');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  // The action itself, clicked now, waits too; once they are here it is sent as a click sends it then
  // (End the turn needs nothing more) and the waiting dialog closes.
  await endTurn.locator('.action-main').click();
  await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Loading the rules…');
  await page.screenshot({ path: 'test-results/first-load-rules-loading.png' });
  release();
  await expect.poll(() => dialog.count()).toBe(0);
  await now.getByText('Kade acts').waitFor();
  // A form opened now is the form at once.
  await page.getByTestId('legal-actions').locator('.action-more').first().click();
  await dialog.locator('button[type=submit]').waitFor();
  expect(await dialog.getByText('Loading the rules…').count()).toBe(0);
  await page.screenshot({ path: 'test-results/first-load-form.png' });
  expect(errors).toEqual([]);
  await context.close();
});

test('a GM address whose key stays in the fragment asks for the events itself; the player link never holds them', async () => {
  const enc = await exampleFight(server, 'swn', 5);
  const gm = await open(`${server.url}/gm/${enc.id}#key=${enc.gmKey}`);
  expect(gm.html).not.toContain(BLOCK);
  await gm.page.locator('[data-testid="now"]').waitFor();
  expect(gm.asked.filter((p) => p.endsWith('/events'))).toEqual([`/api/encounters/${enc.id}/events`]);
  expect(gm.errors).toEqual([]);
  await gm.close();

  for (const viewport of [{ width: 390, height: 844 }, { width: 1920, height: 1080 }]) {
    const player = await open(enc.playerUrl, viewport);
    expect(player.html).not.toContain(BLOCK);
    await player.page.locator('.pv-badge-live').waitFor();
    expect(player.violations).toEqual([]);
    expect(player.errors).toEqual([]);
    await player.close();
  }
});

test("the web bench reads this build: each game's GM screen, as it first shows, is under 150 kB gzipped and loads more right after", () => {
  const sizes = readSizes(WEB_BUILD);
  expect(sizes.development).toBe(false);
  for (const g of GAMES) {
    expect(sizes.gm[g], g).toBeLessThan(150 * 1024);
    // The whole rules with zod, the dialogs and the setup tools: fetched after the screen shows.
    expect(sizes.gmPrefetch[g], g).toBeGreaterThan(20 * 1024);
  }
});
