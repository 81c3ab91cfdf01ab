/**
 * The forecast (issue 26): the GM screen's Forecast section, opened from the keyboard in a fight being
 * set up, its worker fetched only then; bars that add up, the policy in words; a PC hurt badly and the
 * forecast played again (the screen answering clicks meanwhile); the same numbers after a reload; the
 * section on a phone; the GM marking who flees or holds back (kept in this browser, a refusal leaving the
 * marks to change); the rounds as a small chart; and the campaign's New fight dialog saying how the party
 * would fare.
 */
import { expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { axeProblems } from './a11y.ts';
import { createEncounter, serverAndBrowser, watchErrors } from './harness.ts';
import type { Created, Server } from './harness.ts';
import { dialog, shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const attack = (name: string, hit: string, damage: string) => ({ name, hit, damage });
const raider = (name: string) => ({ name, side: 'Raiders', hp: 9, stats: { defense: 11, attacks: [attack('Club', '+2', '1d6')] } });

/** A custom fight being set up: two PCs against three raiders. */
function setupFight(): Promise<Created> {
  return createEncounter(server, {
    rules: 'custom',
    title: 'The toll bridge',
    sides: [{ name: 'Party', players: true }, { name: 'Raiders' }],
    combatants: [
      { name: 'Asha', kind: 'pc', side: 'Party', hp: 14, stats: { defense: 13, attacks: [attack('Sword', '+4', '1d8+2')] } },
      { name: 'Brom', kind: 'pc', side: 'Party', hp: 12, stats: { defense: 12, attacks: [attack('Axe', '+3', '1d10')] } },
      raider('Raider'),
      raider('Raider 2'),
      raider('Raider 3'),
    ],
  });
}

async function openGm(enc: Created, viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[]; workers: string[] }> {
  const page = await (await browser.newContext({ viewport })).newPage();
  page.setDefaultTimeout(30_000);
  await page.addInitScript(([id, gmKey, playerKey]) => localStorage.setItem('turnkeeper.keys.v1', JSON.stringify({ [id!]: { gmKey, playerKey } })), [enc.id, enc.gmKey, enc.playerKey]);
  const errors = watchErrors(page);
  const workers: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('forecast-worker')) workers.push(r.url());
  });
  await page.goto(enc.gmUrl);
  await page.getByTestId('now').waitFor();
  return { page, errors, workers };
}

interface Shown {
  readonly sides: readonly { label: string; p: number; pct: string }[];
  readonly down: Readonly<Record<string, number>>;
}

/** The forecast once it has answered: each side's row and each combatant's chance to go down. */
async function answered(page: Page): Promise<Shown> {
  await page.locator('.fc[data-state="done"]').waitFor({ timeout: 90_000 });
  const sides = await page.locator('.fc-sides .fc-row').evaluateAll((rows) =>
    rows.map((r) => ({ label: r.querySelector('.fc-label')!.textContent!, p: Number(r.getAttribute('data-p')), pct: r.querySelector('.fc-pct')!.textContent! })),
  );
  const down = await page.locator('.fc-down .fc-row').evaluateAll((rows) => Object.fromEntries(rows.map((r) => [r.querySelector('.fc-label')!.firstChild!.textContent!, Number(r.getAttribute('data-p'))])));
  return { sides, down };
}

const pctOf = (label: string, s: Shown) => s.sides.find((x) => x.label === label)!;

test('the GM screen forecasts the fight in a worker, again after each change, on a desktop and a phone', async () => {
  const enc = await setupFight();
  const { page, errors, workers } = await openGm(enc, { width: 1280, height: 800 });
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
  const phone = await openGm(enc, { width: 390, height: 844 });
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

const ROUNDS_LABEL = /^Rounds: \d+\+? rounds? (\d{1,3}|<1|>99)%(, \d+\+? rounds? (\d{1,3}|<1|>99)%)*$/;

/** Scrolls `what` to the top of the window, clear of the sticky header, for a screenshot. */
async function showPanel(what: Locator): Promise<void> {
  await what.evaluate((e) => {
    e.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -(document.querySelector('header')?.getBoundingClientRect().height ?? 0) - 8);
  });
}

/** The forecast once it has answered with `ready` true of it (a mark's forecast comes a moment after the mark). */
async function answeredWhen(page: Page, ready: (s: Shown) => boolean): Promise<Shown> {
  let last: Shown | null = null;
  await expect
    .poll(
      async () => {
        last = await answered(page);
        return ready(last);
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  return last!;
}

test('the GM marks who flees or holds back, the forecast follows and the marks stay; the rounds as a chart', async () => {
  const enc = await setupFight();
  const { page, errors } = await openGm(enc, { width: 1280, height: 800 });
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
  const phone = await openGm(enc, { width: 390, height: 844 });
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
