/**
 * The forecast (issue 26): the GM screen's Forecast section, opened from the keyboard in a fight being
 * set up, its worker fetched only then; bars that add up, the policy in words; a PC hurt badly and the
 * forecast played again (the screen answering clicks meanwhile); the same numbers after a reload; the
 * section on a phone; and the campaign's New fight dialog saying how the party would fare. The GM's
 * marks and Fallout's AP are in forecast-marks.e2e.test.ts.
 */
import { expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeProblems } from './a11y.ts';
import { serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { dialog, shot } from './gm-driver.ts';
import { answered, openGm, pctOf, setupFight } from './forecast-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

test('the GM screen forecasts the fight in a worker, again after each change, on a desktop and a phone', async () => {
  const enc = await setupFight(server);
  const { page, errors, workers } = await openGm(browser, enc, { width: 1280, height: 800 });
  const section = page.locator('details.forecast');
  const summary = section.locator('summary');
  await summary.waitFor();
  expect(await section.getAttribute('open')).toBeNull();
  // Nothing of the forecast's engine comes before the GM asks for it.
  await page.waitForTimeout(500);
  expect(workers).toEqual([]);

  // Opened from the keyboard: its summary is a button.
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => section.getAttribute('open')).not.toBeNull();
  await expect.poll(() => page.locator('.fc-status').textContent()).toMatch(/Playing 2,000 fights…|played by the rules/);
  const before = await answered(page);
  expect(workers.length).toBe(1);
  expect(await page.locator('.fc-status').textContent()).toBe('2,000 fights played by the rules.');
  expect(before.sides.map((s) => s.label).slice(0, 2)).toEqual(['Party wins', 'Raiders wins']);
  // The sides, the undecided and the draws share the fights between them.
  expect(before.sides.reduce((n, s) => n + s.p, 0)).toBeCloseTo(1, 6);
  for (const s of before.sides) expect(s.pct).toMatch(/^(\d{1,3}|<1|>99)%$/);
  const shownSum = before.sides.reduce((n, s) => n + (Number.parseInt(s.pct.replace(/[<>]/, ''), 10) || 0), 0);
  expect(shownSum).toBeGreaterThanOrEqual(97);
  expect(shownSum).toBeLessThanOrEqual(102);
  expect(Object.keys(before.down)).toEqual(['Asha', 'Brom', 'Raider', 'Raider 2', 'Raider 3']);
  expect(await page.locator('.fc-policy').textContent()).toMatch(/^How they fight: On its turn each combatant makes the stored attack with the highest expected damage/);
  expect(await page.locator('.fc-rounds figcaption').textContent()).toMatch(/^Over in \d+\.\d rounds on average \(95%: \d+\.\d–\d+\.\d\)$/);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/gm-forecast-desktop-section.png' });
  await shot(page, 'gm-forecast-desktop', false, true);
  expect(await axeProblems(page, 'forecast (desktop)')).toEqual([]);

  // Asha hurt badly: the forecast is played again, and the screen answers clicks meanwhile (the
  // longest the page's thread was busy is measured from a timer ticking every 20 ms).
  await page.evaluate(() => {
    const w = window as unknown as { lag: number };
    w.lag = 0;
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      w.lag = Math.max(w.lag, now - last);
      last = now;
    }, 20);
  });
  await page.getByLabel('Select Asha').check();
  await page.locator('#amount').fill('12');
  await page.locator('.damage-bar button[value="damage"]').click();
  await expect.poll(() => page.locator('.roster').getByRole('meter', { name: /^Asha HP/ }).getAttribute('aria-valuenow')).toBe('2');
  const clicked = Date.now();
  await page.getByLabel('Select Brom').check();
  expect(Date.now() - clicked).toBeLessThan(1500);
  await page.locator('.fc[data-state="running"]').or(page.locator('.fc[data-state="done"]')).first().waitFor();
  const after = await answered(page);
  expect(await page.evaluate(() => (window as unknown as { lag: number }).lag)).toBeLessThan(1000);
  expect(pctOf('Party wins', after).p).toBeLessThan(pctOf('Party wins', before).p);
  expect(after.down.Asha).toBeGreaterThan(before.down.Asha!);
  expect(after.sides.reduce((n, s) => n + s.p, 0)).toBeCloseTo(1, 6);

  // Same fight, same version: the same numbers after a reload (the section stays open in this browser).
  await page.reload();
  await page.getByTestId('now').waitFor();
  expect(await answered(page)).toEqual(after);
  expect(errors).toEqual([]);
  await page.context().close();

  // On a phone: one column, the section fits the width.
  const phone = await openGm(browser, enc, { width: 390, height: 844 });
  await phone.page.locator('details.forecast summary').click();
  await answered(phone.page);
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const box = await phone.page.locator('details.forecast').boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await phone.page.locator('details.forecast').scrollIntoViewIfNeeded();
  await phone.page.screenshot({ path: 'test-results/screenshots/gm-forecast-phone.png' });
  expect(phone.errors).toEqual([]);
  await phone.page.context().close();
});

test('the New fight dialog says how the party would fare against the opponents chosen', async () => {
  const owner = async (path: string, body: object) => {
    const r = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.ownerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(r.status, `${path}: ${await r.clone().text()}`).toBeLessThan(300);
    return (await r.json()) as { id?: string; campaign?: { id: string } };
  };
  const created = await owner('/api/campaigns', { rules: 'swn', title: 'The Drowned Coast' });
  const id = created.id ?? created.campaign!.id;
  await owner(`/api/campaigns/${id}/commands`, { type: 'add-pc', name: 'Vasquez', hp: 12, stats: { ac: 14, attackBonus: 1 } });
  await owner(`/api/campaigns/${id}/commands`, { type: 'add-pc', name: 'Kade', hp: 10, stats: { ac: 13 } });
  await owner(`/api/campaigns/${id}/commands`, { type: 'add-template', name: 'Raider', hp: 7, stats: { ac: 13, attackBonus: 1 } });

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  page.setDefaultTimeout(30_000);
  const errors = watchErrors(page);
  await page.goto(`${server.url}/#owner=${server.ownerToken}`);
  // The start page keeps the owner token once it has loaded: wait for it, or the campaign page may open without it.
  await page.getByRole('form', { name: 'New campaign' }).waitFor();
  await page.goto(`${server.url}/campaign/${id}`);
  await page.getByRole('button', { name: '+ New fight' }).click();
  const d = dialog(page);
  const line = d.locator('.nf-forecast');
  await expect.poll(() => line.textContent()).toBe('Forecast: tick a character and choose opponents to see how the party is likely to fare.');
  await d.getByLabel('How many Raider').fill('3');
  await line.and(page.locator('[data-state="done"]')).waitFor({ timeout: 90_000 });
  const three = (await line.textContent())!;
  expect(three).toMatch(/^Forecast: 3 × Raider: the party wins (\d{1,3}|<1|>99)%, (Vasquez|Kade) goes down (\d{1,3}|<1|>99)%\.$/);
  await shot(page, 'campaign-new-fight-forecast');
  await d.getByLabel('How many Raider').fill('1');
  await expect.poll(() => line.textContent(), { timeout: 90_000 }).toMatch(/^Forecast: 1 × Raider: the party wins/);
  await line.and(page.locator('[data-state="done"]')).waitFor({ timeout: 90_000 });
  const one = (await line.textContent())!;
  const wins = (s: string) => Number(/wins (\d+)%/.exec(s)?.[1] ?? (s.includes('>99%') ? 100 : 0));
  expect(wins(one)).toBeGreaterThan(wins(three));
  expect(errors).toEqual([]);
  await page.context().close();
});
