/**
 * The stream overlay (issue 23, item 8): the TV link with `&overlay` for OBS's browser source. A GM runs
 * an SWN fight; the overlay, opened at 1920 × 1080, is screenshotted with a transparent background and
 * its pixels read: everything outside its card is fully transparent (alpha 0), the card has opaque
 * pixels (its text) over a semi-opaque back. A turn ended on the GM screen moves it. Bad `corner` and
 * `size` values fall back to the defaults without a word, and a campaign's lasting TV link shows the
 * overlay too, between fights and in one.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createEncounter, exampleFight, SCREENSHOTS, serverAndBrowser, watchErrors } from './harness.ts';
import type { Created, Server } from './harness.ts';
import { openGm, shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const STREAM = { width: 1920, height: 1080 };

/** A PNG's pixels as RGBA (8-bit RGB or RGBA, not interlaced: what Chromium writes). */
interface Pixels {
  readonly width: number;
  readonly height: number;
  alpha(x: number, y: number): number;
}

function decodePng(png: Buffer): Pixels {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [depth, colour, , , interlace] = [data[8], data[9], data[10], data[11], data[12]];
      expect({ depth, interlace }).toEqual({ depth: 8, interlace: 0 });
      channels = colour === 6 ? 4 : colour === 2 ? 3 : 0;
      expect(channels, `PNG colour type ${colour}`).toBeGreaterThan(0);
    } else if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? out[y * stride + i - channels]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= channels ? out[(y - 1) * stride + i - channels]! : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const add = [0, a, b, (a + b) >> 1, paeth][filter];
      if (add === undefined) throw new Error(`PNG filter ${filter}`);
      out[y * stride + i] = (line[i]! + add) & 0xff;
    }
  }
  return { width, height, alpha: (x, y) => (channels === 4 ? out[y * stride + x * 4 + 3]! : 255) };
}

/** The page with a transparent background, its pixels read, the card's box, and what they show. */
async function transparency(page: Page, name: string) {
  const card = (await page.locator('main').boundingBox())!;
  const png = await page.screenshot({ omitBackground: true, caret: 'initial' });
  mkdirSync(SCREENSHOTS, { recursive: true });
  writeFileSync(join(SCREENSHOTS, `${name}.png`), png);
  const px = decodePng(png);
  expect({ width: px.width, height: px.height }).toEqual(STREAM);
  // Outside the card (a few pixels of slack for its rounded, anti-aliased edge): not one pixel drawn.
  const slack = 3;
  const inCard = (x: number, y: number) => x >= card.x - slack && x < card.x + card.width + slack && y >= card.y - slack && y < card.y + card.height + slack;
  let drawnOutside = 0;
  let opaqueInside = 0;
  let inside = 0;
  for (let y = 0; y < px.height; y++)
    for (let x = 0; x < px.width; x++) {
      const a = px.alpha(x, y);
      if (inCard(x, y)) {
        inside++;
        if (a === 255) opaqueInside++;
      } else if (a !== 0) drawnOutside++;
    }
  /** The highest alpha in a 100 × 100 corner of the frame. */
  const corner = (cx: number, cy: number) => {
    let max = 0;
    for (let y = cy; y < cy + 100; y++) for (let x = cx; x < cx + 100; x++) max = Math.max(max, px.alpha(x, y));
    return max;
  };
  const corners = { 'top-left': corner(0, 0), 'top-right': corner(STREAM.width - 100, 0), 'bottom-left': corner(0, STREAM.height - 100), 'bottom-right': corner(STREAM.width - 100, STREAM.height - 100) };
  // The card's own back, just inside its bottom edge: seen through, but there.
  const back = px.alpha(Math.round(card.x + card.width / 2), Math.round(card.y + card.height - 2));
  return { card, drawnOutside, opaqueInside, inside, corners, back };
}

/** The page's own background and the biggest box on it: nothing may cover the whole frame. */
const pageLook = (page: Page) =>
  page.evaluate(() => {
    const all = [document.documentElement, document.body, ...document.querySelectorAll('body *')];
    const opaque = all.filter((el) => {
      const r = el.getBoundingClientRect();
      const bg = getComputedStyle(el).backgroundColor;
      return r.width >= window.innerWidth * 0.5 && r.height >= window.innerHeight * 0.5 && bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent';
    });
    return { html: getComputedStyle(document.documentElement).backgroundColor, body: getComputedStyle(document.body).backgroundColor, bigBoxes: opaque.map((el) => el.tagName) };
  });

async function overlay(url: string, colorScheme: 'dark' | 'light' = 'dark'): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport: STREAM, deviceScaleFactor: 1, colorScheme })).newPage();
  page.setDefaultTimeout(20_000);
  const errors = watchErrors(page);
  await page.goto(url);
  return { page, errors };
}

const current = (p: Page) => p.locator('.ov-current .ov-name').allTextContents();
const next = (p: Page) => p.locator('.ov-next .ov-name').allTextContents();

test('the overlay: a compact order on a transparent page, in its corner, following the turn', async () => {
  // The example up to its start: Vasquez acts, Kade is next (the pirates are surprised).
  const enc = await exampleFight(server, 'swn', 4);
  const tv = await overlay(`${enc.playerUrl}&tv&overlay&corner=top-right&size=m`);
  await expect.poll(() => current(tv.page)).toEqual(['Vasquez']);
  await expect.poll(() => next(tv.page)).toEqual(['Kade']);
  expect(await tv.page.locator('.ov-round').textContent()).toBe('Round 1');
  expect(await tv.page.locator('.ov-now').textContent()).toBe('Vasquez acts now');
  // Names and HP as the player view shows them, and nothing else: no log, no QR code, no buttons, no key.
  expect(await tv.page.getByRole('meter', { name: 'Vasquez hit points' }).getAttribute('aria-valuenow')).toBe('12');
  expect(await tv.page.locator('.ov-list .ov-name').allTextContents()).toEqual(expect.arrayContaining(['Vasquez', 'Kade', 'Mara']));
  expect(await tv.page.locator('.pv-log, .pv-ask, .pv-head, button, svg, canvas, img, select, input').count()).toBe(0);
  const html = await tv.page.content();
  for (const secret of [enc.playerKey, enc.gmKey]) expect(html).not.toContain(secret);
  // The key left the address (as on the TV); the overlay's options stayed.
  const search = new URLSearchParams(await tv.page.evaluate(() => window.location.search));
  expect([...search.keys()]).toEqual(['tv', 'overlay', 'corner', 'size']);

  expect(await pageLook(tv.page)).toEqual({ html: 'rgba(0, 0, 0, 0)', body: 'rgba(0, 0, 0, 0)', bigBoxes: [] });
  const seen = await transparency(tv.page, 'overlay-top-right');
  // In the top-right corner, a compact card.
  expect(seen.card.x + seen.card.width).toBeGreaterThan(STREAM.width - 60);
  expect(seen.card.y).toBeLessThan(60);
  expect(seen.card.width).toBeLessThan(STREAM.width / 3);
  expect(seen.card.height).toBeLessThan(STREAM.height / 2);
  expect(seen.drawnOutside).toBe(0);
  expect(seen.corners).toMatchObject({ 'top-left': 0, 'bottom-left': 0, 'bottom-right': 0 });
  expect(seen.corners['top-right']).toBeGreaterThan(0);
  expect(seen.opaqueInside).toBeGreaterThan(500);
  expect(seen.back).toBeGreaterThan(120);
  expect(seen.back).toBeLessThan(255);
  // For the README: the same page over a stand-in for the stream's picture (the page itself stays transparent).
  const backdrop = (on: boolean) =>
    tv.page.evaluate((show) => {
      const html = document.documentElement.style;
      // `fixed`: the page's own box has no height (the card is positioned), the viewport has.
      if (show) html.setProperty('background', 'linear-gradient(135deg, #14233c, #3b5a7a 45%, #7a4b2a 80%, #2b1a12) fixed', 'important');
      else html.removeProperty('background');
    }, on);
  await backdrop(true);
  await shot(tv.page, 'overlay-on-stream', true);
  await backdrop(false);

  // The GM ends Vasquez's turn: the overlay follows, without a reload.
  await tv.page.evaluate(() => Object.assign(window, { overlayMark: 'same page' }));
  const gm = await openGm(browser, enc);
  await gm.page.keyboard.press('n');
  await expect.poll(() => current(tv.page)).toEqual(['Kade']);
  await expect.poll(() => next(tv.page)).toEqual(['Mara']);
  expect(await tv.page.locator('.ov-now').textContent()).toBe('Kade acts now');
  expect(await tv.page.evaluate(() => (window as unknown as { overlayMark?: string }).overlayMark)).toBe('same page');
  const after = await transparency(tv.page, 'overlay-turn-moved');
  expect(after.drawnOutside).toBe(0);

  // Another corner and size, in a light system theme (the card keeps its own colours).
  const bl = await overlay(`${enc.playerUrl}&tv&overlay&corner=bottom-left&size=l`, 'light');
  await expect.poll(() => current(bl.page)).toEqual(['Kade']);
  const big = await transparency(bl.page, 'overlay-bottom-left-large');
  expect(big.card.x).toBeLessThan(60);
  expect(big.card.y + big.card.height).toBeGreaterThan(STREAM.height - 60);
  expect(big.card.width).toBeGreaterThan(seen.card.width);
  expect(big.drawnOutside).toBe(0);
  expect(big.corners).toMatchObject({ 'top-left': 0, 'top-right': 0, 'bottom-right': 0 });
  expect(big.corners['bottom-left']).toBeGreaterThan(0);

  // Values it does not know: the defaults (top-right, medium), and nothing said on the stream.
  const odd = await overlay(`${enc.playerUrl}&tv&overlay&corner=middle&size=huge`);
  await expect.poll(() => current(odd.page)).toEqual(['Kade']);
  const fallback = (await odd.page.locator('main').boundingBox())!;
  expect(fallback.width).toBe(after.card.width);
  expect(fallback.x + fallback.width).toBeGreaterThan(STREAM.width - 60);
  expect(await odd.page.locator('main').innerText()).not.toMatch(/corner|size|invalid|error/i);

  // A link without its key says so in the same small card, the page still see-through.
  const nokey = await overlay(`${server.url}/play/${enc.id}?tv&overlay&corner=top-left`);
  await nokey.page.getByText('This link has no key: ask the GM for the player link.').waitFor();
  const notice = await transparency(nokey.page, 'overlay-no-key');
  expect(notice.card.x).toBeLessThan(60);
  expect(notice.card.height).toBeLessThan(STREAM.height / 4);
  expect(notice.drawnOutside).toBe(0);

  expect([...tv.errors, ...bl.errors, ...odd.errors, ...gm.errors, ...nokey.errors]).toEqual([]);
  for (const p of [tv.page, bl.page, odd.page, gm.page, nokey.page]) await p.context().close();
});

test('a campaign’s lasting TV link with `&overlay`: the party between fights, then the fight, live', async () => {
  const owner = { authorization: `Bearer ${server.ownerToken}`, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${server.url}${path}`, { method: 'POST', headers: owner, body: JSON.stringify(body) });
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return (await r.json()) as Record<string, unknown>;
  };
  const { campaign } = (await post('/api/campaigns', { rules: 'swn', title: 'The Drowned Coast' })) as { campaign: { id: string } };
  const c = `/api/campaigns/${encodeURIComponent(campaign.id)}`;
  await post(`${c}/commands`, { type: 'add-pc', name: 'Vasquez', hp: 12 });
  await post(`${c}/commands`, { type: 'add-pc', name: 'Kade', hp: 10 });
  await post(`${c}/commands`, { type: 'add-template', name: 'Raider', hp: 7, side: 'Raiders' });
  const { tvUrl } = (await post(`${c}/table-links`, {})) as { tvUrl: string };

  const tv = await overlay(`${tvUrl}&overlay&corner=bottom-right&size=s`);
  await expect.poll(() => tv.page.locator('.ov-who').textContent().catch(() => null)).toBe('Waiting for the next fight');
  expect(await tv.page.locator('.ov-round').textContent()).toBe('Between fights');
  expect(await tv.page.locator('.ov-name').allTextContents()).toEqual(['Vasquez', 'Kade']);
  expect(await tv.page.getByRole('meter', { name: 'Kade hit points' }).getAttribute('aria-valuenow')).toBe('10');
  const waiting = await transparency(tv.page, 'overlay-table-waiting');
  expect(waiting.drawnOutside).toBe(0);
  expect(waiting.corners).toMatchObject({ 'top-left': 0, 'top-right': 0, 'bottom-left': 0 });
  expect(waiting.corners['bottom-right']).toBeGreaterThan(0);
  await tv.page.evaluate(() => Object.assign(window, { overlayMark: 'same page' }));

  // The GM starts a fight from the campaign: the overlay shows it without a reload, and follows its turns.
  const fight = (await post(`${c}/fights`, { title: 'Crypt ambush', templates: [{ template: 'Raider', count: 2 }], start: true })) as unknown as Created;
  await expect.poll(() => tv.page.locator('.ov-name').allTextContents()).toEqual(expect.arrayContaining(['Vasquez', 'Kade', 'Raider', 'Raider 2']));
  await expect.poll(() => tv.page.locator('.ov-round').textContent()).toBe('Round 1');
  const first = (await current(tv.page))[0];
  expect(first).toBeTruthy();
  const gm = await openGm(browser, fight);
  await gm.page.keyboard.press('n');
  await expect.poll(async () => (await current(tv.page))[0]).not.toBe(first);
  expect(await tv.page.evaluate(() => (window as unknown as { overlayMark?: string }).overlayMark)).toBe('same page');
  const inFight = await transparency(tv.page, 'overlay-table-fight');
  expect(inFight.drawnOutside).toBe(0);
  expect(inFight.corners).toMatchObject({ 'top-left': 0, 'top-right': 0, 'bottom-left': 0 });
  expect(inFight.opaqueInside).toBeGreaterThan(300);

  expect([...tv.errors, ...gm.errors]).toEqual([]);
  for (const p of [tv.page, gm.page]) await p.context().close();
});

test('a long order stays compact: ten slots around the current one and how many more', async () => {
  const enc = await createEncounter(server, {
    rules: 'swn',
    title: 'The cult',
    sides: [{ name: 'PCs', players: true }, { name: 'Cult' }],
    combatants: [
      { name: 'Vasquez', kind: 'pc', side: 'PCs', stats: { hp: 12, ac: 14 } },
      { name: 'Cultist of the Long and Winding Name', side: 'Cult', count: 30, stats: { hp: 7, ac: 12 } },
    ],
    commands: [{ type: 'roll-initiative' }, { type: 'start' }, ...Array.from({ length: 20 }, () => ({ type: 'end-turn' }))],
  });
  const tv = await overlay(`${enc.playerUrl}&tv&overlay&corner=bottom-right`);
  await tv.page.locator('.ov-current').waitFor();
  await expect.poll(() => tv.page.locator('.ov-slot').count()).toBe(10);
  expect(await tv.page.locator('.ov-more').textContent()).toBe('+21 more');
  await tv.page.locator('.ov-next').waitFor();
  const seen = await transparency(tv.page, 'overlay-long-order');
  expect(seen.card.height).toBeLessThan(STREAM.height / 2);
  expect(seen.drawnOutside).toBe(0);
  expect(tv.errors).toEqual([]);
  await tv.page.context().close();
});
