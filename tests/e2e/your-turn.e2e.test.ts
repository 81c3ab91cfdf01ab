/**
 * "You're up" and "on deck" on the phones (issue 23, item 3, before seats): a GM and two phones
 * (390 × 844) in an SWN fight, each phone playing a different PC (chosen at the top of the page). Only
 * the acting PC's phone says "You're up", the next one's "On deck"; when the GM ends the turn they move
 * on; the phone that opted in to vibration buzzes once, on its turn coming, the other never; and the TV
 * marks the slot after the current one "Next up".
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

/** A phone whose navigator.vibrate only records its calls (window.vibrations). */
async function phone(enc: Created, pc: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, hasTouch: true, isMobile: true })).newPage();
  page.setDefaultTimeout(20_000);
  await page.addInitScript(() => {
    const w = window as unknown as { vibrations: unknown[] };
    w.vibrations = [];
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: (p: unknown) => (w.vibrations.push(p), true) });
  });
  const errors = watchErrors(page);
  await page.goto(enc.playerUrl);
  await page.locator('.pv-badge-live').waitFor();
  await page.getByLabel('Who do you play?').selectOption({ label: pc });
  return { page, errors };
}

const banner = (p: Page) => p.locator('.pv-banner:not([hidden])').textContent().catch(() => null);
const vibrations = (p: Page) => p.evaluate(() => (window as unknown as { vibrations: unknown[] }).vibrations.length);
const nextUp = (p: Page) => p.locator('.pv-next').textContent();

test('only the acting PC’s phone is up, the next one on deck; they move on with the turn; one buzz', async () => {
  // The example up to its start: Vasquez, Kade, Mara, then the lookout (the pirates are surprised).
  const enc = await exampleFight(server, 'swn', 4);
  const a = await phone(enc, 'Vasquez');
  const b = await phone(enc, 'Kade');
  await b.page.getByRole('button', { name: 'Vibrate' }).click();
  expect(await b.page.getByRole('button', { name: 'Vibrate' }).getAttribute('aria-pressed')).toBe('true');

  await expect.poll(() => banner(a.page)).toBe("You're up");
  await expect.poll(() => banner(b.page)).toBe('On deck: you act next');
  expect(await a.page.locator('.pv-banner').getAttribute('aria-live')).toBe('polite');
  await shot(a.page, 'your-turn-phone-up');

  // The banner sits above the order, in the page's flow: it covers none of it.
  const boxes = await a.page.evaluate(() => {
    const r = (s: string) => document.querySelector(s)!.getBoundingClientRect();
    return { banner: r('.pv-banner'), order: r('.pv-order'), width: document.documentElement.scrollWidth };
  });
  expect(boxes.banner.bottom).toBeLessThanOrEqual(boxes.order.top);
  expect(boxes.banner.top).toBeGreaterThanOrEqual(0);
  expect(boxes.width).toBeLessThanOrEqual(PHONE.width);

  const tv = await (await browser.newContext({ viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 })).newPage();
  tv.setDefaultTimeout(20_000);
  const tvErrors = watchErrors(tv);
  await tv.goto(`${enc.playerUrl}&tv`);
  await tv.locator('.pv-badge-live').waitFor();
  await expect.poll(() => nextUp(tv)).toContain('Kade');
  expect(await tv.locator('.pv-next .pv-next-tag').textContent()).toBe('Next up');
  expect(await tv.locator('.pv-banner, #pv-who').count()).toBe(0);
  await shot(tv, 'your-turn-tv-next-up');

  // Nothing buzzed yet: neither the page opening nor the choice is a turn coming.
  expect(await vibrations(a.page)).toBe(0);
  expect(await vibrations(b.page)).toBe(0);

  // The GM ends Vasquez's turn (the GM screen's N).
  const { page: gm, errors: gmErrors } = await openGm(browser, enc);
  await gm.keyboard.press('n');

  await expect.poll(() => banner(b.page)).toBe("You're up");
  await expect.poll(() => banner(a.page)).toBe('Waiting for your turn');
  await expect.poll(() => nextUp(tv)).toContain('Mara');
  await expect.poll(() => vibrations(b.page)).toBe(1);
  // Later views of the same turn (a note from the GM) do not buzz again; the other phone never did.
  await fetch(`${server.url}/api/encounters/${enc.id}/commands?view=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${enc.gmKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'note', text: 'Kade looks around.' }),
  });
  await b.page.locator('.pv-log-list').getByText('Kade looks around.').waitFor();
  expect(await vibrations(b.page)).toBe(1);
  expect(await vibrations(a.page)).toBe(0);
  await shot(b.page, 'your-turn-phone-up-kade');

  // The choice and the opt-in are remembered on the phone.
  await b.page.reload();
  await b.page.locator('.pv-badge-live').waitFor();
  await expect.poll(() => b.page.getByLabel('Who do you play?').evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('Kade');
  expect(await b.page.getByRole('button', { name: 'Vibrate' }).getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => banner(b.page)).toBe("You're up");
  // A reload is no turn coming: no buzz.
  expect(await vibrations(b.page)).toBe(0);

  expect([...a.errors, ...b.errors, ...tvErrors, ...gmErrors]).toEqual([]);
  for (const p of [a.page, b.page, tv, gm]) await p.context().close();
});
