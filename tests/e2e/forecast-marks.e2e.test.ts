/**
 * The forecast's marks (issue 26): the GM marking who flees or holds back (kept in this browser, a
 * refusal leaving the marks to change); the rounds as a small chart; in a Fallout fight, AP spent on
 * extra damage (a checkbox kept in this browser, no other game having it).
 */
import { expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeProblems } from './a11y.ts';
import { exampleFight, serverAndBrowser } from './harness.ts';
import type { Server } from './harness.ts';
import { answered, answeredWhen, meanRounds, openGm, pctOf, ROUNDS_LABEL, setupFight, showPanel } from './forecast-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

test('the GM marks who flees or holds back, the forecast follows and the marks stay; the rounds as a chart', async () => {
  const enc = await setupFight(server);
  const { page, errors } = await openGm(browser, enc, { width: 1280, height: 800 });
  const section = page.locator('details.forecast');
  await section.locator('summary').click();
  const before = await answered(page);
  // The rounds: a bar per number of rounds, said in words.
  const chart = section.locator('.fc-rounds').getByRole('img');
  expect(await chart.getAttribute('aria-label')).toMatch(ROUNDS_LABEL);
  expect(await chart.locator('.fc-rbar').count()).toBeGreaterThan(0);
  expect(await section.locator('.fc-marks').count()).toBe(0);

  // Raider 2 flees (picked with the mouse): never a target, so never down; the party's chances rise.
  await section.getByLabel('Stance of Raider 2', { exact: true }).selectOption('flee');
  const fled = await answeredWhen(page, (s) => s.down['Raider 2'] === 0);
  expect(Object.keys(fled.down)).toEqual(['Asha', 'Brom', 'Raider', 'Raider 2', 'Raider 3']);
  expect(pctOf('Party wins', fled).p).toBeGreaterThan(pctOf('Party wins', before).p);
  expect(await section.locator('.fc-marks span').textContent()).toBe('Marked: Raider 2 flees');

  // Raider 3 holds back (from the keyboard): still hurt, never hurting; the party does better still.
  const raider3 = section.getByLabel('Stance of Raider 3', { exact: true });
  await raider3.focus();
  await page.keyboard.press('ArrowDown');
  expect(await raider3.inputValue()).toBe('hold');
  const held = await answeredWhen(page, (s) => pctOf('Party wins', s).p > pctOf('Party wins', fled).p);
  expect(held.down['Raider 3']).toBeGreaterThan(0);
  expect(held.down['Raider 2']).toBe(0);
  expect(await section.locator('.fc-marks span').textContent()).toBe('Marked: Raider 2 flees, Raider 3 holds back');
  expect(await chart.getAttribute('aria-label')).toMatch(ROUNDS_LABEL);
  await section.screenshot({ path: 'test-results/screenshots/gm-forecast-marks-desktop.png' });
  await showPanel(section);
  await page.screenshot({ path: 'test-results/screenshots/gm-forecast-marks-desktop-page.png' });
  expect(await axeProblems(page, 'forecast with marks (desktop)')).toEqual([]);

  // The marks are this browser's, for this fight: the same after a reload, and the same numbers.
  await page.reload();
  await page.getByTestId('now').waitFor();
  expect(await answered(page)).toEqual(held);
  expect(await section.getByLabel('Stance of Raider 2', { exact: true }).inputValue()).toBe('flee');
  expect(await section.getByLabel('Stance of Raider 3', { exact: true }).inputValue()).toBe('hold');

  // Every raider out of the fight: the forecast refuses, and the marks stay to be changed.
  await section.getByLabel('Stance of Raider', { exact: true }).selectOption('flee');
  await section.getByLabel('Stance of Raider 3', { exact: true }).selectOption('flee');
  await page.locator('.fc[data-state="refused"]').waitFor({ timeout: 90_000 });
  expect(await section.locator('.fc-status').textContent()).toMatch(/^Only one side is in the fight/);
  expect(await section.locator('.fc-marks span').textContent()).toBe('Marked: Raider flees, Raider 2 flees, Raider 3 flees');
  expect(await section.locator('.fc-stance').count()).toBe(5);
  await section.screenshot({ path: 'test-results/screenshots/gm-forecast-marks-refused.png' });
  // Cleared: everyone fights, and the numbers are those of the fight unmarked.
  await section.getByRole('button', { name: 'Clear marks' }).click();
  expect(await answeredWhen(page, (s) => s.down['Raider 2']! > 0)).toEqual(before);
  expect(await section.locator('.fc-marks').count()).toBe(0);
  expect(errors).toEqual([]);
  await page.context().close();

  // On a phone: the stances fit the width, with no scrolling sideways.
  const phone = await openGm(browser, enc, { width: 390, height: 844 });
  const small = phone.page.locator('details.forecast');
  await small.locator('summary').click();
  await answered(phone.page);
  await small.getByLabel('Stance of Asha', { exact: true }).selectOption('hold');
  await small.getByLabel('Stance of Raider 2', { exact: true }).selectOption('flee');
  await answeredWhen(phone.page, (s) => s.down['Raider 2'] === 0);
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const select of await small.locator('.fc-stance').all()) {
    const b = (await select.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(390);
  }
  await small.screenshot({ path: 'test-results/screenshots/gm-forecast-marks-phone.png' });
  await showPanel(small.locator('.fc-rounds'));
  await phone.page.screenshot({ path: 'test-results/screenshots/gm-forecast-marks-phone-page.png' });
  expect(phone.errors).toEqual([]);
  await phone.page.context().close();
});

test('in a Fallout fight the GM has AP spent on extra damage: the forecast follows, the tick stays; no other game has it', async () => {
  // Fallout's example fight being set up: Nora and Piper against a raider with a machete and a ghoul.
  const enc = await exampleFight(server, 'fallout', 0);
  const { page, errors } = await openGm(browser, enc, { width: 390, height: 844 });
  const section = page.locator('details.forecast');
  await section.locator('summary').click();
  const box = section.getByRole('checkbox', { name: 'Spend AP on extra damage' });
  const before = await answered(page);
  const roundsBefore = await meanRounds(page);
  expect(await box.isChecked()).toBe(false);
  expect(await box.getAttribute('aria-describedby')).toBeTruthy();
  expect(await section.locator('.fc-choice .fc-hint').textContent()).toMatch(/^melee, unarmed and thrown hits, up to 3 AP from the pool/);

  // Ticked: melee and thrown hits cost the pools AP for more damage, and the fights end sooner.
  await box.check();
  const spent = await answeredWhen(page, (s) => JSON.stringify(s) !== JSON.stringify(before));
  expect(await meanRounds(page)).toBeLessThan(roundsBefore);
  expect(spent.sides.reduce((n, s) => n + s.p, 0)).toBeCloseTo(1, 6);
  expect(await page.locator('.fc-policy').textContent()).toContain('spendAp');
  expect(await page.evaluate((id) => localStorage.getItem(`turnkeeper.forecast-policy.v1:${id}`), enc.id)).toBe('{"spendAp":true}');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The chart, the list and the box, clear of the sticky header.
  await showPanel(section.locator('.fc-rounds'));
  await page.screenshot({ path: 'test-results/screenshots/gm-forecast-spend-ap-phone.png' });
  expect(await axeProblems(page, 'forecast with AP spent (phone)')).toEqual([]);

  // Not a mark: clearing the marks leaves it ticked.
  await section.getByLabel('Stance of Ghoul', { exact: true }).selectOption('hold');
  await expect.poll(() => section.locator('.fc-marks span').textContent()).toBe('Marked: Ghoul holds back');
  await section.getByRole('button', { name: 'Clear marks' }).click();
  expect(await section.locator('.fc-marks').count()).toBe(0);
  expect(await box.isChecked()).toBe(true);
  expect(await answeredWhen(page, (s) => JSON.stringify(s) === JSON.stringify(spent))).toEqual(spent);

  // This browser's, for this fight: still ticked after a reload, with the same numbers.
  await page.reload();
  await page.getByTestId('now').waitFor();
  expect(await answered(page)).toEqual(spent);
  expect(await box.isChecked()).toBe(true);

  // Unticked: the fight as first forecast, and nothing kept.
  await box.uncheck();
  expect(await answeredWhen(page, (s) => JSON.stringify(s) === JSON.stringify(before))).toEqual(before);
  expect(await meanRounds(page)).toBe(roundsBefore);
  expect(await page.evaluate((id) => localStorage.getItem(`turnkeeper.forecast-policy.v1:${id}`), enc.id)).toBeNull();
  expect(errors).toEqual([]);
  await page.context().close();

  // Another game's fight: no such box (its policy would refuse the option).
  const other = await openGm(browser, await setupFight(server), { width: 390, height: 844 });
  await other.page.locator('details.forecast summary').click();
  await answered(other.page);
  expect(await other.page.locator('details.forecast').getByRole('checkbox').count()).toBe(0);
  expect(await other.page.locator('.fc-choice').count()).toBe(0);
  expect(other.errors).toEqual([]);
  await other.page.context().close();
}, 180_000);
