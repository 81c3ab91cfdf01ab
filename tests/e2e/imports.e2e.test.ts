/**
 * Importing into a campaign: a Foundry VTT actor file (a Stars Without Number character) and pasted
 * statblock lines read together, a line that is no statblock refused by its number with nothing
 * stored, the review (what was mapped, what was left out) on a desktop and on a phone, confirmed with
 * the keyboard, then a fight started from the campaign with them, holding the mapped stats.
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeProblems, ownProblems } from './a11y.ts';
import { serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { dialog, shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const FOUNDRY_FILE = fileURLToPath(new URL('../../src/imports/fixtures/swnr-character.json', import.meta.url));
const LINES = 'Name\tHD\tAC\tAtk.\tDmg.\tMove\tML\tSkills\tSaves\nDock Rat\t1\t12\t+1\t1d4\t10m\t7\t+1\t15+\nPatrol Captain  3  16 (med)  +4 x2  1d8+1  10m  10  +2  13+';

async function openImport(page: Page) {
  await page.getByRole('button', { name: /^Import statblocks/ }).click();
  const d = dialog(page);
  await d.getByRole('heading', { name: 'Import characters and statblocks' }).waitFor();
  return d;
}

/** The combatants the fight was created with (its events, read with the owner token). */
async function combatants(fight: string): Promise<Record<string, { stats: Record<string, unknown>; tracks: Record<string, { value: number; max?: number }> }>> {
  const r = await fetch(`${server.url}/api/encounters/${encodeURIComponent(fight)}/events?after=0`, { headers: { authorization: `Bearer ${server.ownerToken}` } });
  const body = (await r.json()) as { events: { event: { type: string; combatant?: { name: string; stats: Record<string, unknown>; tracks: Record<string, { value: number; max?: number }> } } }[] };
  const out: Record<string, { stats: Record<string, unknown>; tracks: Record<string, { value: number; max?: number }> }> = {};
  for (const { event } of body.events) if (event.type === 'combatant-added' && event.combatant) out[event.combatant.name] = event.combatant;
  return out;
}

test('import a Foundry actor and pasted statblocks, review, confirm, and fight with them', async () => {
  // A context of its own: the accessibility check (axe) needs one.
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors = watchErrors(page);

  await page.goto(`${server.url}/#owner=${server.ownerToken}`);
  const newCampaign = page.getByRole('form', { name: 'New campaign' });
  await newCampaign.getByLabel('Game').selectOption('swn');
  await newCampaign.getByLabel('Campaign name').fill('Harbour Lights');
  await newCampaign.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/campaign\//);
  await page.getByRole('heading', { name: /Harbour Lights/ }).waitFor();

  // A pasted line that is no statblock: refused by its line, in words, and nothing is stored.
  let d = await openImport(page);
  await d.getByLabel(/Or paste statblock lines/).fill('Dock Rat 1 12 +1 1d4 10m 7 +1 15+\nA gull, probably');
  await d.getByRole('button', { name: 'Review' }).click();
  await expect.poll(() => d.getByRole('alert').textContent()).toBe(
    'Pasted text, line 2: “A gull, probably” is not a statblock line (e.g. “Raider 1 13 +1 1d6 10m 8 +1 15+”: name, HD, AC, attack, damage, move, morale, skills, saves).',
  );
  await d.getByRole('button', { name: 'Cancel' }).click();
  await d.waitFor({ state: 'detached' });
  expect(await page.locator('.template').count()).toBe(0);

  // The Foundry file and the pasted lines together.
  d = await openImport(page);
  await d.getByLabel(/A file \(JSON\)/).setInputFiles(FOUNDRY_FILE);
  await d.getByLabel(/Or paste statblock lines/).fill(LINES);
  await d.getByRole('button', { name: 'Review' }).click();
  await d.getByRole('heading', { name: 'Review the import: 1 PC and 2 templates' }).waitFor();
  const items = d.getByRole('list', { name: 'What will be added' });
  expect(await items.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Tamsin Rook PC HP 11', 'Dock Rat template HP 4', 'Patrol Captain template HP 13']);
  const tamsin = d.getByRole('region', { name: 'Tamsin Rook: mapped' });
  await expect.poll(() => tamsin.textContent()).toContain('AC 14: Padded vest 13, Dex +1');
  expect(await d.getByRole('region', { name: 'Tamsin Rook: left out' }).textContent()).toContain('Expert level 2: levels and classes are not kept');
  expect(await d.getByRole('region', { name: 'Patrol Captain: left out' }).textContent()).toContain('×2 attacks: one attack a Main Action here');
  expect(await axeProblems(page, 'import review')).toEqual([]);
  expect(await ownProblems(page, 'import review')).toEqual([]);
  await shot(page, 'import-review');

  // On a phone: the review reads in one column, nothing wider than the screen, the buttons reachable.
  await page.setViewportSize({ width: 390, height: 844 });
  const add = d.getByRole('button', { name: 'Add 1 PC and 2 templates' });
  await add.scrollIntoViewIfNeeded();
  expect(await d.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await shot(page, 'import-review-phone');
  await page.setViewportSize({ width: 1400, height: 1000 });

  // Confirmed with the keyboard: all of it is added at once.
  await add.focus();
  await page.keyboard.press('Enter');
  await d.waitFor({ state: 'detached' });
  await expect.poll(() => page.locator('.pc', { hasText: 'Tamsin Rook' }).locator('.meter-hp .meter-text').textContent()).toBe('7/11');
  await expect.poll(() => page.locator('.template').allTextContents()).toEqual([expect.stringContaining('Dock Rat'), expect.stringContaining('Patrol Captain')]);
  expect(await page.locator('.template', { hasText: 'Dock Rat' }).textContent()).toContain('HP 4');
  expect(await page.locator('.template', { hasText: 'Dock Rat' }).textContent()).toContain('GM: HD 1 · Morale 7 · Save 15+ · Move 10m');

  // A fight from the campaign: the PC and two Dock Rats, with the stats the import mapped.
  await page.getByRole('button', { name: '+ New fight' }).click();
  d = dialog(page);
  await d.getByLabel('Title').fill('Pier nine');
  await d.getByLabel('How many Dock Rat', { exact: true }).fill('2');
  await d.getByRole('button', { name: 'Create and open the GM screen' }).click();
  await page.waitForURL(/\/gm\//);
  await page.getByTestId('now').waitFor();
  await expect.poll(() => page.locator('.combatant').count()).toBe(3);
  const hp = (name: string) => page.locator('.combatant', { has: page.getByText(name, { exact: true }) }).locator('.hp-text').textContent();
  expect(await hp('Tamsin Rook')).toBe('HP 7/11');
  expect(await hp('Dock Rat')).toBe('HP 4/4');
  expect(await hp('Dock Rat 2')).toBe('HP 4/4');
  const fight = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
  const added = await combatants(fight);
  expect(added['Tamsin Rook']!.stats).toMatchObject({ ac: 14, attackBonus: 1, dexMod: 1, skills: { shoot: 1 }, weapons: [{ name: 'Needle pistol', damage: '1d6', kind: 'ranged' }, { name: 'Galley cleaver', damage: '1d6+1' }] });
  expect(added['Dock Rat']!.stats).toMatchObject({ hp: 4, ac: 12, attackBonus: 1, skills: { notice: 1, sneak: 1 }, weapons: [{ name: 'Attack', damage: '1d4' }] });
  expect(errors).toEqual([]);
  await context.close();
});
