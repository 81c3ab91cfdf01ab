/**
 * The turn timer (issue 23, item 5): the GM sets a 30-second countdown in the settings (after a 0 is
 * refused in words), starts the fight, and the GM screen, a phone and the TV all count down the same
 * turn; Pause (the "." key) freezes it on all three; a turn change resets it to 30; the log says how long
 * the turn took, on the GM screen and on the phone.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { exampleFight, serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { openGm, shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const seconds = (text: string | null): number => {
  const m = /^(\+?)(\d+):(\d\d)$/.exec((text ?? '').trim());
  if (!m) return Number.NaN;
  const s = Number(m[2]) * 60 + Number(m[3]);
  return m[1] ? -s : s;
};
const gmTimer = (p: Page) => p.locator('[data-testid="turn-timer"] .timer-time').textContent();
const pvTimer = (p: Page) => p.locator('.pv-timer:not([hidden]) .pv-timer-time').textContent();
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a 30 s countdown on the GM screen, a phone and the TV: pause freezes it, a new turn resets it, the log keeps the time', async () => {
  // The example up to its initiative (surprise, surprise, roll-initiative): Vasquez acts first once started.
  const enc = await exampleFight(server, 'swn', 3);
  const { page: gm, errors: gmErrors } = await openGm(browser, enc);

  // The setting: a 0 is refused in words and changes nothing; 30 is taken.
  await gm.getByRole('button', { name: 'Player settings' }).click();
  // On a slow link the choice shows at once, before the server's answer (here held back 1.5 s).
  await gm.route(
    '**/api/encounters/*/settings',
    async (route) => {
      await pause(1500);
      await route.continue();
    },
    { times: 1 },
  );
  const answered = gm.waitForResponse('**/api/encounters/*/settings');
  await gm.getByLabel('Count down').check({ timeout: 1000 });
  expect(await gm.getByLabel('Count down').isChecked()).toBe(true);
  expect((await answered).ok()).toBe(true);
  // A choice the server refuses goes back, and the refusal is said.
  await gm.route('**/api/encounters/*/settings', (route) => route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ code: 'settings/invalid', message: 'Refused here for the test.' }) }), { times: 1 });
  await gm.getByLabel('Count up').click();
  await expect.poll(() => gm.getByRole('alert').textContent()).toMatch(/Refused here for the test/);
  expect(await gm.getByLabel('Count down').isChecked()).toBe(true);
  expect(await gm.getByLabel('Count up').isChecked()).toBe(false);
  const field = gm.getByLabel('Seconds per turn');
  await field.fill('0');
  await field.press('Enter');
  await expect.poll(() => gm.getByRole('alert').textContent()).toMatch(/0 seconds cannot run/);
  await shot(gm, 'turn-timer-settings-refused');
  await field.fill('30');
  await field.press('Enter');
  await expect.poll(() => gm.getByRole('alert').count()).toBe(0);
  await gm.getByRole('button', { name: 'Done' }).click();

  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true })).newPage();
  const tv = await (await browser.newContext({ viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 })).newPage();
  const errors = [...[phone, tv].map((p) => watchErrors(p))];
  for (const [p, url] of [[phone, enc.playerUrl], [tv, `${enc.playerUrl}&tv`]] as const) {
    p.setDefaultTimeout(20_000);
    await p.goto(url);
    await p.locator('.pv-badge-live').waitFor();
  }

  // N starts the fight: Vasquez's turn, timed from now.
  await gm.keyboard.press('n');
  for (const read of [() => gmTimer(gm), () => pvTimer(phone), () => pvTimer(tv)]) {
    await expect.poll(async () => seconds(await read())).toBeLessThanOrEqual(30);
    expect(seconds(await read())).toBeGreaterThanOrEqual(25);
  }
  const first = seconds(await pvTimer(phone));
  await expect.poll(async () => seconds(await pvTimer(phone)), { timeout: 5000 }).toBeLessThan(first);
  await expect.poll(async () => seconds(await pvTimer(tv)), { timeout: 5000 }).toBeLessThan(first);
  await expect.poll(async () => seconds(await gmTimer(gm)), { timeout: 5000 }).toBeLessThan(first);
  await shot(gm, 'turn-timer-gm-running');
  await shot(phone, 'turn-timer-phone-running');

  // Pause (the "." key): frozen on all three, at the same time, and marked paused.
  await gm.keyboard.press('.');
  await phone.locator('.pv-timer-paused').waitFor();
  await tv.locator('.pv-timer-paused').waitFor();
  await gm.locator('.timer-paused').waitFor();
  const frozen = [seconds(await gmTimer(gm)), seconds(await pvTimer(phone)), seconds(await pvTimer(tv))];
  expect(Math.max(...frozen) - Math.min(...frozen)).toBeLessThanOrEqual(1);
  await pause(2200);
  expect([seconds(await gmTimer(gm)), seconds(await pvTimer(phone)), seconds(await pvTimer(tv))]).toEqual(frozen);
  expect(await phone.locator('.pv-timer-state').textContent()).toBe('paused');
  expect(await gm.getByRole('button', { name: /Resume/ }).count()).toBe(1);
  await shot(tv, 'turn-timer-tv-paused');
  await shot(phone, 'turn-timer-phone-paused');

  // Resume, let a second or two run, then end the turn: the next turn starts again from 30.
  await gm.getByRole('button', { name: /Resume/ }).click();
  await phone.locator('.pv-timer:not(.pv-timer-paused)').waitFor();
  await pause(1500);
  await gm.keyboard.press('n');
  await expect.poll(() => gm.locator('.log-list').textContent()).toMatch(/Vasquez's turn: 0:0\d\./);
  for (const read of [() => gmTimer(gm), () => pvTimer(phone), () => pvTimer(tv)]) {
    await expect.poll(async () => seconds(await read())).toBeGreaterThanOrEqual(28);
  }
  // The log, on the phone too: the turn's time without the paused two seconds and more.
  await expect.poll(() => phone.locator('.pv-log-list').textContent()).toMatch(/Vasquez's turn: 0:0\d\./);
  await expect.poll(() => phone.locator('.pv-log-list').textContent()).toMatch(/The clock is paused\..*The clock is resumed\./s);
  await shot(gm, 'turn-timer-gm-next-turn');
  await shot(phone, 'turn-timer-phone-next-turn');

  // The refused 0 is the one failed request (a 400, answered in words above).
  expect([...errors.flat(), ...gmErrors.filter((e) => !/status of 400/.test(e))]).toEqual([]);
  expect(gmErrors.filter((e) => /status of 400/.test(e))).toHaveLength(1);
  for (const p of [gm, phone, tv]) await p.context().close();
}, 90_000);
