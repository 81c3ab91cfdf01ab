/**
 * A campaign's lasting table links: the GM makes them on the campaign page; a phone opens the player
 * link and a TV the TV link. Both wait for the next fight with the party as it stands, show each fight
 * the GM starts from the campaign page without a reload, go back to waiting when it ends, and follow the
 * next one; when the GM replaces the player link, the phone says so and the TV keeps working.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { addPc, closeStory, dialog, shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const WAITING = 'Waiting for the next fight';
const REPLACED = 'This link was replaced: ask the GM for the new one.';

async function addTemplate(page: Page, name: string, stats: Readonly<Record<string, string>>): Promise<void> {
  await page.getByRole('button', { name: '+ New template' }).click();
  const d = dialog(page);
  await d.locator('#tp-name').fill(name);
  for (const [label, value] of Object.entries(stats)) await d.getByLabel(label, { exact: true }).fill(value);
  await d.getByRole('button', { name: 'Add to the bestiary' }).click();
  await d.waitFor({ state: 'detached' });
  await page.locator('.template', { hasText: name }).first().waitFor();
}

/** A fight from the campaign page, started at once: the GM lands on its GM screen. */
async function startFight(page: Page, title: string, raiders: number): Promise<string> {
  await page.getByRole('button', { name: '+ New fight' }).click();
  const d = dialog(page);
  await d.getByLabel('Title').fill(title);
  await d.getByLabel('How many Raider', { exact: true }).fill(String(raiders));
  await d.getByLabel('Start it at once').check();
  await d.getByRole('button', { name: 'Create and open the GM screen' }).click();
  await page.waitForURL(/\/gm\//);
  await page.getByTestId('now').waitFor();
  return page.url();
}

async function endFight(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'End fight' }).click();
  await dialog(page).getByRole('button', { name: 'End the fight' }).click();
  await closeStory(page);
  await expect.poll(() => page.locator('.now-head').textContent()).toMatch(/ended/i);
}

/** What the table screen shows: its headline, or the fight's title once one is shown. */
const headline = (p: Page) => p.locator('.pv-now-who').textContent().catch(() => null);
const title = (p: Page) => p.locator('.pv-title').textContent().catch(() => null);
const partyNames = (p: Page) => p.locator('.pv-order-list .pv-name').allTextContents();

test('the table links follow the campaign from fight to fight, and a replaced one says so', { timeout: 240_000 }, async () => {
  const gm = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  gm.setDefaultTimeout(20_000);
  const gmErrors = watchErrors(gm);

  await gm.goto(`${server.url}/#owner=${server.ownerToken}`);
  const newCampaign = gm.getByRole('form', { name: 'New campaign' });
  await newCampaign.getByLabel('Game').selectOption('swn');
  await newCampaign.getByLabel('Campaign name').fill('The Drowned Coast');
  await newCampaign.getByRole('button', { name: 'Create' }).click();
  await gm.waitForURL(/\/campaign\//);
  const campaignUrl = gm.url();
  const campaignId = decodeURIComponent(new URL(campaignUrl).pathname.split('/')[2]!);
  await gm.getByRole('heading', { name: /The Drowned Coast/ }).waitFor();
  await addPc(gm, 'Vasquez', { HP: '12', AC: '14' });
  await addPc(gm, 'Kade', { HP: '10', AC: '13' });
  await addTemplate(gm, 'Raider', { HP: '7', AC: '13' });

  // The table links: none in this browser yet, so the dialog offers new ones.
  await gm.getByRole('button', { name: 'Table links' }).click();
  let d = dialog(gm);
  await d.getByText("This browser does not have this campaign's table links").waitFor();
  await d.getByRole('button', { name: 'Make new links' }).click();
  await d.locator('#table-player').waitFor();
  const playerUrl = await d.locator('#table-player').inputValue();
  const tvUrl = await d.locator('#table-tv').inputValue();
  expect(playerUrl).toMatch(new RegExp(`^${server.url}/table/${campaignId}\\?key=[^&]+$`));
  expect(tvUrl).toMatch(new RegExp(`^${server.url}/table/${campaignId}\\?key=[^&]+&tv=1$`));
  expect(new URL(playerUrl).searchParams.get('key')).not.toBe(new URL(tvUrl).searchParams.get('key'));
  await expect.poll(() => d.locator('.qr svg').count()).toBe(2);
  await shot(gm, 'campaign-table-links');
  await d.getByRole('button', { name: 'Done' }).click();
  await d.waitFor({ state: 'detached' });

  // A phone on the player link, a TV on the TV link: both wait, with the party as it stands.
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const tv = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  const errors = [...[phone, tv].map((p) => watchErrors(p))];
  for (const [p, url] of [[phone, playerUrl], [tv, tvUrl]] as const) {
    p.setDefaultTimeout(20_000);
    await p.goto(url);
    await expect.poll(() => headline(p)).toBe(WAITING);
    await expect.poll(() => title(p)).toBe('The Drowned Coast');
    expect(await partyNames(p)).toEqual(['Vasquez', 'Kade']);
    expect(await p.getByRole('meter', { name: 'Vasquez hit points' }).getAttribute('aria-valuenow')).toBe('12');
    // The key left the address bar at once; the TV's mode stayed.
    expect(await p.evaluate(() => window.location.search)).toBe(p === tv ? '?tv=1' : '');
    // A mark that a reload would wipe: the screens must follow the campaign without one.
    await p.evaluate(() => Object.assign(window, { tableMark: 'same page' }));
  }
  expect(await tv.locator('main.pv-tv').count()).toBe(1);
  expect(await phone.locator('main.pv-tv').count()).toBe(0);
  await shot(phone, 'table-phone-waiting');
  await shot(tv, 'table-tv-waiting');

  // The GM starts a fight from the campaign page: both show it, without a reload.
  const firstFight = await startFight(gm, 'Crypt ambush', 2);
  for (const p of [phone, tv]) {
    await expect.poll(() => title(p)).toBe('Crypt ambush');
    await p.locator('.pv-badge-live').waitFor();
    await expect.poll(() => p.locator('.pv-order-list .pv-name').allTextContents()).toEqual(expect.arrayContaining(['Vasquez', 'Kade', 'Raider', 'Raider 2']));
    expect(await p.evaluate(() => (window as unknown as { tableMark?: string }).tableMark)).toBe('same page');
  }
  // The phone can ask the GM (its requests), the TV has no buttons.
  await phone.locator('.pv-ask').waitFor();
  expect(await tv.locator('.pv-ask').count()).toBe(0);
  await shot(phone, 'table-phone-fight');
  await shot(tv, 'table-tv-fight');

  // The GM ends it: both show its story until the next fight (a new page between fights waits).
  await endFight(gm);
  for (const p of [phone, tv]) await expect.poll(() => headline(p)).toBe('Story of the fight');
  const between = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await between.goto(playerUrl);
  await expect.poll(() => headline(between)).toBe(WAITING);
  await between.context().close();

  // A second fight: both follow it.
  await gm.goto(campaignUrl);
  await gm.getByRole('heading', { name: /The Drowned Coast/ }).waitFor();
  const secondFight = await startFight(gm, 'Second wave', 1);
  expect(secondFight).not.toBe(firstFight);
  for (const p of [phone, tv]) {
    await expect.poll(() => title(p)).toBe('Second wave');
    await p.locator('.pv-badge-live').waitFor();
    expect(await p.evaluate(() => (window as unknown as { tableMark?: string }).tableMark)).toBe('same page');
  }

  // The GM replaces the player link: the phone says so at once, the TV keeps working.
  await gm.goto(campaignUrl);
  await gm.getByRole('button', { name: 'Table links' }).click();
  d = dialog(gm);
  expect(await d.locator('#table-player').inputValue()).toBe(playerUrl);
  await d.getByRole('button', { name: 'Replace the player link' }).click();
  await d.getByRole('button', { name: 'Yes, replace the player link' }).click();
  await expect.poll(() => d.locator('#table-player').inputValue()).not.toBe(playerUrl);
  const newPlayerUrl = await d.locator('#table-player').inputValue();
  expect(await d.locator('#table-tv').inputValue()).toBe(tvUrl);
  await d.getByRole('button', { name: 'Done' }).click();
  await phone.getByText(REPLACED).waitFor();
  await shot(phone, 'table-phone-replaced');
  await tv.locator('.pv-badge-live').waitFor();
  expect(await title(tv)).toBe('Second wave');

  // The TV still follows: the fight ends, it shows the story. The new player link opens the campaign.
  await gm.goto(secondFight);
  await gm.getByTestId('now').waitFor();
  await endFight(gm);
  await expect.poll(() => headline(tv)).toBe('Story of the fight');
  await phone.goto(newPlayerUrl);
  await expect.poll(() => headline(phone)).toBe(WAITING);

  expect(gmErrors).toEqual([]);
  // The replaced key's refusals are the point of the test; anything else is an error.
  expect(errors.flat().filter((e) => !/status of 40[14]/.test(e))).toEqual([]);
});
