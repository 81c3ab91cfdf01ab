/**
 * Seats (issue 23, item 2): "On the player link a player picks the PC they play (a seat); the GM sees
 * who sits where (connected or not), can assign, move or free a seat, and can hand out a per-seat link
 * (QR) where the table wants seats bound to phones. Two phones in one seat are shown to the GM, not
 * silently allowed." A GM and four phones (390 × 844) in the SWN example fight.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { exampleFight, serverAndBrowser, watchErrors } from './harness.ts';
import type { Created, Server } from './harness.ts';
import { openGm, shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const PHONE = { width: 390, height: 844 };

async function phone(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, hasTouch: true, isMobile: true })).newPage();
  page.setDefaultTimeout(20_000);
  const errors = watchErrors(page);
  await page.goto(url);
  await page.locator('.pv-badge-live').waitFor();
  return { page, errors };
}

async function sit(p: Page, pc: string): Promise<void> {
  await p.getByLabel('Who do you play?').selectOption({ label: pc });
  await p.getByRole('button', { name: 'Take this seat' }).click();
}

const seatedAs = (p: Page) => p.locator('.pv-seat-name').textContent().catch(() => null);
const banner = (p: Page) => p.locator('.pv-banner:not([hidden])').textContent().catch(() => null);
const note = (p: Page) => p.locator('.pv-seat-note').textContent();
const offered = (p: Page) => p.locator('.pv-ask:not([hidden]) .pv-req:not([hidden]) button').allTextContents();
const seatRow = (gm: Page, name: string) => gm.locator('table.seats tr', { has: gm.getByRole('rowheader', { name }) });

test('phones take seats, one each; the GM sees them, hands out a seat link, sees two phones in it, frees a seat', async () => {
  const enc: Created = await exampleFight(server, 'swn', 4);
  // Ending one's own turn applies at once (the GM's choice per kind).
  await fetch(`${server.url}/api/encounters/${enc.id}/settings`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${enc.gmKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ autoAccept: { 'end-turn': true } }),
  });

  const a = await phone(enc.playerUrl);
  await sit(a.page, 'Vasquez');
  await expect.poll(() => seatedAs(a.page)).toBe('Vasquez');
  await expect.poll(() => banner(a.page)).toBe("You're up");
  // A seat is offered what its character may do now, in words: end its turn, or an Instant action.
  await expect.poll(() => offered(a.page)).toEqual(['End my turn', 'React']);

  const b = await phone(enc.playerUrl);
  await sit(b.page, 'Vasquez');
  await expect.poll(() => note(b.page)).toContain('Vasquez already has a phone in that seat');
  await sit(b.page, 'Kade');
  await expect.poll(() => seatedAs(b.page)).toBe('Kade');
  await expect.poll(() => banner(b.page)).toBe('On deck: you act next');
  // Not Kade's turn: nothing to end; only an Instant action.
  await expect.poll(() => offered(b.page)).toEqual(['React']);
  await shot(a.page, 'seats-phone-up', true);

  const { page: gm, errors: gmErrors } = await openGm(browser, enc);
  await gm.getByRole('button', { name: 'Seats' }).click();
  await expect.poll(() => seatRow(gm, 'Vasquez').locator('td').first().textContent()).toBe('Seated, 1 phone');
  await expect.poll(() => seatRow(gm, 'Kade').locator('td').first().textContent()).toBe('Seated, 1 phone');
  expect(await seatRow(gm, 'Mara').locator('td').first().textContent()).toBe('Free');

  // Mara's seat link, opened on two phones: the GM is told, not left to find out.
  await seatRow(gm, 'Mara').getByRole('button', { name: 'Seat link' }).click();
  const maraUrl = await gm.getByLabel("Mara's seat link", { exact: true }).inputValue();
  expect(maraUrl).toMatch(/\/play\/.+\?key=tks_/);
  await expect.poll(() => gm.getByRole('img', { name: "QR code of Mara's seat link" }).locator('svg').count()).toBe(1);
  const c = await phone(maraUrl);
  const d = await phone(maraUrl);
  await expect.poll(() => seatedAs(c.page)).toBe('Mara');
  await expect.poll(() => seatedAs(d.page)).toBe('Mara');
  // A seat link is the seat: no "Leave seat" that would lock the phone out.
  expect(await c.page.getByRole('button', { name: 'Leave seat' }).count()).toBe(0);
  await expect.poll(() => seatRow(gm, 'Mara').locator('td').first().textContent(), { timeout: 10_000 }).toBe('⚠ Seated, 2 phones: two phones share this seat');
  await shot(gm, 'seats-gm-dialog');

  // Vasquez ends the turn from the phone: Kade's phone is up, with "End my turn" now.
  await a.page.getByRole('button', { name: 'End my turn' }).click();
  await expect.poll(() => banner(b.page)).toBe("You're up");
  await expect.poll(() => offered(b.page)).toEqual(['End my turn', 'React']);
  await expect.poll(() => banner(a.page)).toBe('Waiting for your turn');

  // The GM frees Kade's seat: that phone goes back to choosing, and may sit again.
  await seatRow(gm, 'Kade').getByRole('button', { name: 'Free' }).click();
  await expect.poll(() => note(b.page)).toContain('The GM freed your seat');
  await expect.poll(() => b.page.getByRole('button', { name: 'Take this seat' }).count()).toBe(1);
  await expect.poll(() => seatRow(gm, 'Kade').locator('td').first().textContent()).toBe('Free');

  // A seat taken from the shared link is remembered on the phone; leaving frees it for anyone.
  await a.page.reload();
  await a.page.locator('.pv-badge-live').waitFor();
  await expect.poll(() => seatedAs(a.page)).toBe('Vasquez');
  await a.page.getByRole('button', { name: 'Leave seat' }).click();
  await expect.poll(() => a.page.getByRole('button', { name: 'Take this seat' }).count()).toBe(1);
  await sit(b.page, 'Vasquez');
  await expect.poll(() => seatedAs(b.page)).toBe('Vasquez');

  expect([...a.errors, ...b.errors, ...c.errors, ...d.errors, ...gmErrors]).toEqual([]);
  for (const p of [a.page, b.page, c.page, d.page, gm]) await p.context().close();
});
