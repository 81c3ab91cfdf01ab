/**
 * The player view on the table's TV (1920 × 1080) and on a phone (390 × 844), measured: the TV page
 * fits the screen with the newest log line in view and has no request controls (TV mode); the phone
 * keeps them, reads conditions at 14 px or more, and its "live" badge covers no text; a defeated
 * combatant shows "Down" once. And the share dialog on 127.0.0.1: the warning, or the LAN addresses.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createEncounter, launch, startServer, watchErrors } from './harness.ts';
import type { Created, Server } from './harness.ts';
import { dialog, shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
let enc: Created;

const PHONE = { width: 390, height: 844 };
const TV = { width: 1920, height: 1080 };

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  const bandits = Array.from({ length: 5 }, (_, i) => `Bandit${i ? ` ${i + 1}` : ''}`);
  enc = await createEncounter(server, {
    rules: 'custom',
    title: 'Bandits at the ford',
    seed: 12,
    sides: [{ name: 'Party', players: true }, { name: 'Bandits' }],
    combatants: [
      { name: 'Asha', kind: 'pc', side: 'Party', hp: 14 },
      { name: 'Brom', kind: 'pc', side: 'Party', hp: 18 },
      { name: 'Bandit', side: 'Bandits', hp: 6, count: 5 },
    ],
    commands: [
      { type: 'start', dice: { Asha: 19, Brom: 17, ...Object.fromEntries(bandits.map((b, i) => [b, 12 - i])) } },
      { type: 'add-condition', combatants: ['Asha'], name: 'Hasted', duration: { rounds: 2 } },
      { type: 'add-condition', combatants: ['Brom', 'Bandit 3'], name: 'Prone' },
      // Down to 0 HP: the engine marks Bandit 2 defeated.
      { type: 'damage', combatants: ['Bandit 2'], amount: 6 },
      // About thirty lines of log before anyone opens the page.
      ...Array.from({ length: 30 }, (_, i) => ({ type: 'note', text: `Line ${i + 1}: the river rises.` })),
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function note(text: string): Promise<void> {
  const r = await fetch(`${server.url}/api/encounters/${enc.id}/commands?view=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${enc.gmKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'note', text }),
  });
  expect(r.status).toBe(200);
}

async function open(viewport: { width: number; height: number }, tv: boolean): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport, deviceScaleFactor: 1 })).newPage();
  page.setDefaultTimeout(20_000);
  const errors = watchErrors(page);
  await page.goto(`${enc.playerUrl}${tv ? '&tv' : ''}`);
  await page.locator('.pv-badge-live').waitFor();
  await expect.poll(() => page.locator('.pv-log-list').textContent()).toContain('Line 30');
  return { page, errors };
}

/** Where the newest log line is: inside the viewport and inside the log's own visible box. */
function newestLine(page: Page): Promise<{ text: string; inViewport: boolean; inLogBox: boolean; pageHeight: number }> {
  return page.evaluate(() => {
    const list = document.querySelector('.pv-log-list')!;
    const last = list.lastElementChild!;
    const r = last.getBoundingClientRect();
    const box = list.getBoundingClientRect();
    return {
      text: last.textContent ?? '',
      inViewport: r.top >= 0 && r.bottom <= window.innerHeight + 0.5 && r.height > 0,
      inLogBox: r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5,
      pageHeight: Math.max(document.documentElement.scrollHeight, document.body.scrollHeight),
    };
  });
}

function px(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluateAll((els) => els.map((e) => parseFloat(getComputedStyle(e).fontSize)));
}

test('the TV fits 1080 px with the newest log line in view, and TV mode has no request controls', async () => {
  const { page: tv, errors } = await open(TV, true);
  expect(await tv.locator('main.pv').getAttribute('class')).toContain('pv-tv');
  expect(await tv.getByRole('button', { name: 'TV' }).getAttribute('aria-pressed')).toBe('true');
  expect(await tv.locator('.pv-ask').count()).toBe(0);
  expect(await tv.getByRole('button', { name: 'End my turn' }).count()).toBe(0);
  expect(await tv.locator('main select, main input').count()).toBe(0);

  const first = await newestLine(tv);
  expect(first.text).toBe('Line 30: the river rises.');
  expect(first.pageHeight).toBeLessThanOrEqual(TV.height);
  expect(first).toMatchObject({ inViewport: true, inLogBox: true });

  // Live lines keep arriving: the newest stays in view and the page does not grow.
  for (let i = 31; i <= 36; i++) await note(`Line ${i}: the river rises.`);
  await expect.poll(async () => (await newestLine(tv)).text).toBe('Line 36: the river rises.');
  await expect.poll(() => newestLine(tv)).toMatchObject({ inViewport: true, inLogBox: true });
  expect((await newestLine(tv)).pageHeight).toBeLessThanOrEqual(TV.height);

  // Larger than on a phone, and sized from the viewport.
  const conditions = await px(tv, '.pv-cond, .pv-cond small, .pv-status');
  expect(Math.min(...conditions)).toBeGreaterThanOrEqual(18);
  await shot(tv, 'player-tv-mode', true);
  expect(errors).toEqual([]);
  await tv.context().close();

  // The same link without ?tv on a wide screen keeps the requests, and still fits.
  const { page: wide } = await open(TV, false);
  await wide.getByRole('button', { name: 'End my turn' }).waitFor();
  expect((await newestLine(wide)).pageHeight).toBeLessThanOrEqual(TV.height);
  expect(await newestLine(wide)).toMatchObject({ inViewport: true, inLogBox: true });
  await wide.context().close();
});

test('the phone keeps the requests, reads conditions at 14 px or more, and its badge covers no text', async () => {
  const { page: phone, errors } = await open(PHONE, false);
  await phone.getByRole('button', { name: 'End my turn' }).waitFor();
  expect(await phone.getByLabel('My character').count()).toBe(1);

  const sizes = await px(phone, '.pv-cond, .pv-cond small, .pv-status, .pv-track, .pv-health, .pv-side, .pv-game, .pv-badge');
  expect(sizes.length).toBeGreaterThan(4);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(14);

  // "Down" once: a word beside the name, no strike-through, no HP band saying it again.
  const down = phone.locator('.pv-c[data-name="Bandit 2"]');
  expect((await down.textContent())?.match(/down/gi)).toHaveLength(1);
  expect(await down.locator('.pv-status').textContent()).toBe('Down');
  const struck = await down.evaluate((row) => [row, ...row.querySelectorAll('*')].some((e) => getComputedStyle(e).textDecorationLine.includes('line-through')));
  expect(struck).toBe(false);
  await expect.poll(() => phone.locator('.pv-c[data-name="Bandit 3"] .pv-health').textContent()).toBe('Unhurt');

  // The badge sits in the header's flow: no text under it, at the top or scrolled to the bottom.
  const overlaps = () =>
    phone.evaluate(() => {
      const badge = document.querySelector('.pv-badge')!.getBoundingClientRect();
      const hit: string[] = [];
      const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.trim() || n.parentElement?.closest('.pv-badge')) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) {
          if (r.width && r.height && r.left < badge.right && r.right > badge.left && r.top < badge.bottom && r.bottom > badge.top) hit.push(n.textContent.trim());
        }
      }
      return hit;
    });
  expect(await overlaps()).toEqual([]);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await phone.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await overlaps()).toEqual([]);
  await shot(phone, 'player-phone-view', false, true);

  // The TV button switches to TV mode and back, keeping it in the address.
  await phone.getByRole('button', { name: 'TV' }).click();
  await expect.poll(() => phone.getByRole('button', { name: 'End my turn' }).count()).toBe(0);
  expect(new URL(phone.url()).searchParams.has('tv')).toBe(true);
  expect(new URL(phone.url()).searchParams.has('key')).toBe(false);
  await phone.getByRole('button', { name: 'TV' }).click();
  await phone.getByRole('button', { name: 'End my turn' }).waitFor();
  expect(new URL(phone.url()).searchParams.has('tv')).toBe(false);
  expect(errors).toEqual([]);
  await phone.context().close();
});

test('Share on 127.0.0.1: says phones cannot open it, or offers the LAN addresses', async () => {
  const gm = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  gm.setDefaultTimeout(20_000);
  // The browser that created the encounter keeps both keys (the start page saves them): so does this one.
  await gm.addInitScript(([id, gmKey, playerKey]) => localStorage.setItem('turnkeeper.keys.v1', JSON.stringify({ [id!]: { gmKey, playerKey } })), [enc.id, enc.gmKey, enc.playerKey]);
  const errors = watchErrors(gm);
  await gm.goto(enc.gmUrl);
  await gm.getByTestId('now').waitFor();

  // The test server listens on 127.0.0.1 only: the dialog says so and how to fix it.
  await gm.keyboard.press('s');
  const warning = dialog(gm).getByRole('alert');
  await warning.getByText('Phones cannot open this link.').waitFor();
  expect(await warning.textContent()).toContain('HOST=0.0.0.0 npm start');
  const link = await dialog(gm).getByRole('textbox', { name: 'Player link' }).inputValue();
  expect(link).toBe(`${server.url}/play/${enc.id}?key=${enc.playerKey}`);
  expect(await dialog(gm).getByRole('textbox', { name: 'TV link' }).inputValue()).toBe(`${link}&tv`);
  await dialog(gm).locator('.qr svg').waitFor();
  await shot(gm, 'gm-share-loopback');
  await dialog(gm).getByRole('button', { name: 'Done' }).click();
  // Closed before the next key: a key pressed while it is still open goes to the dialog, not the screen.
  await dialog(gm).waitFor({ state: 'detached' });

  // A server on 0.0.0.0 (its answer stood in for here): a choice of its addresses, the QR following it.
  const port = Number(new URL(server.url).port);
  await gm.route('**/api/encounters/*/network', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ host: '0.0.0.0', port, reach: 'network', addresses: [`http://192.168.1.20:${port}`, `http://10.0.0.5:${port}`] }) }),
  );
  // Opened with its button this time (the key opened it above): in the full suite on a busy machine the
  // second key press sometimes never reached the screen.
  await gm.getByRole('button', { name: 'Share', exact: true }).click();
  const where = dialog(gm).getByLabel(/Address for the phones/);
  await where.waitFor();
  expect(await dialog(gm).getByRole('alert').count()).toBe(0);
  expect(await where.locator('option').allTextContents()).toEqual([`192.168.1.20:${port}`, `10.0.0.5:${port}`, `127.0.0.1:${port} (this computer only)`]);
  const player = dialog(gm).getByRole('textbox', { name: 'Player link' });
  expect(await player.inputValue()).toBe(`http://192.168.1.20:${port}/play/${enc.id}?key=${enc.playerKey}`);
  await dialog(gm).locator('.qr svg').waitFor();
  const qr = await dialog(gm).locator('.qr').innerHTML();
  await shot(gm, 'gm-share-lan');
  await where.selectOption({ index: 1 });
  expect(await player.inputValue()).toBe(`http://10.0.0.5:${port}/play/${enc.id}?key=${enc.playerKey}`);
  expect(await dialog(gm).getByRole('textbox', { name: 'TV link' }).inputValue()).toBe(`http://10.0.0.5:${port}/play/${enc.id}?key=${enc.playerKey}&tv`);
  await expect.poll(() => dialog(gm).locator('.qr').innerHTML()).not.toBe(qr);
  expect(errors).toEqual([]);
  await gm.context().close();
});
