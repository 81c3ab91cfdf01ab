/**
 * Surprise set up from the GM screen before the fight, as a GM would: in Stars Without Number an
 * ambusher's Dex/Sneak against two targets' Wis/Notice, the exact odds shown before rolling, the dice
 * rolled at the table typed in, the one who lost marked Surprised, its round 1 Instant actions only; in
 * Cities Without Number a side caught unawares and its enemies' free round.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { exampleFight, serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { axeBothSchemes } from './a11y.ts';
import { dialog, shot, submit } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function open(url: string, viewport = { width: 1440, height: 900 }): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport })).newPage();
  page.setDefaultTimeout(20_000);
  const errors = watchErrors(page);
  await page.goto(url);
  return { page, errors };
}

const logLines = (page: Page): Promise<string[]> => page.locator('.log-list li').allTextContents().then((l) => l.map((x) => x.trim()));
const row = (page: Page, name: string) => page.getByTestId(`combatant-${name}`);
const legalLabels = (page: Page): Promise<string[]> => page.getByTestId('legal-actions').locator('.action-main > span').allTextContents();

/** Shows a combatant's actions (its name in the roster) and waits until the panel is theirs. */
async function showActions(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `${name}: show actions` }).click();
  await expect.poll(() => page.locator('#actions-h').textContent()).toBe(`${name}'s actions`);
}

async function typeDice(page: Page, faces: Readonly<Record<string, string>>): Promise<void> {
  await dialog(page).getByLabel('Type in the dice rolled at the table').check();
  for (const [label, value] of Object.entries(faces)) await dialog(page).getByLabel(label, { exact: true }).fill(value);
}

test('SWN: Vasquez ambushes the pirates; the odds shown, the dice typed in, the Pirate surprised and held to Instant actions in round 1', async () => {
  // The cargo bay fight before anything is done: three PCs, two pirates and a vigilant lookout.
  const enc = await exampleFight(server, 'swn', 0);
  const { page: gm, errors } = await open(enc.gmUrl);
  const step = gm.locator('section.surprise-step');
  await step.getByText('An ambush? Before the fight starts').waitFor();
  await step.getByRole('button', { name: 'Set up surprise…' }).click();
  const d = dialog(gm);
  await d.getByLabel('Vasquez ambushes').check();
  await d.getByLabel('Pirate might be surprised', { exact: true }).check();
  await d.getByLabel('Lookout might be surprised').check();

  // The odds before rolling: Vasquez 2d6 + 3 (Dex +2, Sneak 1); the Pirate, no vigilant role, a plain
  // 2d6; the Lookout 2d6 + 2 (vigilant: Wis +1, Notice 1); the defender wins ties. Exact: 986 and 721 of
  // the 1,296 rolls.
  const odds = d.getByRole('region', { name: 'Odds of the ambush' });
  await odds.getByText("Vasquez's Dex/Sneak 2d6+3 vs Pirate's Wis/Notice 2d6 (plain: not a vigilant role), Pirate winning ties: 76%").waitFor();
  await odds.getByText("Vasquez's Dex/Sneak 2d6+3 vs Lookout's Wis/Notice 2d6+2, Lookout winning ties: 56%").waitFor();
  expect(await odds.locator('.surprise-chance').allTextContents()).toEqual(['76% Pirate is surprised', '56% Lookout is surprised']);
  await typeDice(gm, {
    "Vasquez's Dex/Sneak vs Pirate": '5, 4',
    "Pirate's Wis/Notice vs Vasquez": '6, 5',
    "Vasquez's Dex/Sneak vs Lookout": '3, 3',
    "Lookout's Wis/Notice vs Vasquez": '4, 4',
  });
  await shot(gm, 'surprise-swn-dialog');
  expect(await axeBothSchemes(gm, 'the surprise dialog (swn)')).toEqual([]);

  // The same dialog on a phone-sized GM screen (the picture only; nothing is sent from it).
  const { page: phone, errors: phoneErrors } = await open(enc.gmUrl, { width: 390, height: 844 });
  await phone.getByRole('button', { name: 'Set up surprise…' }).click();
  await dialog(phone).getByLabel('Vasquez ambushes').check();
  await dialog(phone).getByLabel('Pirate might be surprised', { exact: true }).check();
  await dialog(phone).getByRole('region', { name: 'Odds of the ambush' }).getByText('76% Pirate is surprised').waitFor();
  await shot(phone, 'surprise-swn-dialog-phone');
  await dialog(phone).getByRole('button', { name: 'Cancel' }).click();
  expect(phoneErrors).toEqual([]);
  await phone.context().close();

  await submit(gm, 'Do it');
  // What the engine did, from the screen: the log, the Surprised tag with what it means, the setup's line.
  await expect.poll(() => logLines(gm)).toContain("Surprise check: Vasquez's Dex/Sneak 12 (2d6: 5, 4 + 3) vs Pirate's Wis/Notice 11 (2d6: 6, 5): Pirate is caught off guard.");
  const lines = await logLines(gm);
  expect(lines).toContain("Surprise check: Vasquez's Dex/Sneak 9 (2d6: 3, 3 + 3) vs Lookout's Wis/Notice 10 (2d6: 4, 4 + 2): Lookout notices Vasquez.");
  expect(lines).toContain('Surprised: Pirate. No initiative and only Instant actions in round 1; it rolls at the start of round 2.');
  const tag = row(gm, 'Pirate').locator('.condition', { hasText: 'Surprised' });
  expect(await tag.getAttribute('title')).toBe('Surprised: 1 round (ends at the start of round 2) (Instant actions only; rolls initiative at the start of round 2)');
  expect(await row(gm, 'Lookout').locator('.condition').count()).toBe(0);
  await step.getByText('Surprised: Pirate. Only Instant actions in round 1, and no initiative until the start of round 2, when it rolls.').waitFor();
  await shot(gm, 'surprise-swn-setup');

  // Round 1: the Pirate has no place in the order and may take only Instant actions.
  await gm.getByRole('button', { name: 'Start the fight' }).click();
  await expect.poll(() => gm.locator('.slot').count()).toBe(5);
  await gm.locator('.turn-order').getByText('Surprised: Pirate. Only Instant actions in round 1').waitFor();
  await showActions(gm, 'Pirate');
  await expect.poll(() => legalLabels(gm)).toEqual(['Instant action', 'Instant action that costs the Main action']);
  expect(await gm.locator('.actions .illegal').textContent()).toContain('Attack with Cutlass Pirate is surprised: only Instant actions in round 1.');
  const chip = gm.locator('.actions .economy').getByText('Surprised: Instant actions only');
  expect(await chip.getAttribute('title')).toBe('Surprised: only Instant actions in round 1; no initiative until the start of round 2, when it rolls.');
  await shot(gm, 'surprise-swn-round-1');
  expect(await axeBothSchemes(gm, 'a surprised combatant in round 1 (swn)')).toEqual([]);
  expect(errors).toEqual([]);
  await gm.context().close();
});

test('CWN: the Razors catch the Crew unawares; the odds for the side, then their free round with the Crew on Instant actions', async () => {
  // The noodle bar before the fight (the Razors' +1 initiative set): Vasquez and Jin (immune) against two Razors and the Boss.
  const enc = await exampleFight(server, 'cwn', 1);
  const { page: gm, errors } = await open(enc.gmUrl);
  const step = gm.locator('section.surprise-step');
  await step.getByRole('button', { name: 'Set up surprise…' }).click();
  const d = dialog(gm);
  await d.getByLabel('Razor ambushes').check();
  await d.getByLabel('All of the Crew might be surprised').check();
  expect(await d.getByLabel('Vasquez might be surprised').isChecked()).toBe(true);
  expect(await d.getByLabel('Jin might be surprised').isDisabled()).toBe(true);
  expect(await d.locator('tr', { hasText: 'Jin' }).textContent()).toContain('immune to surprise');

  // Razor, an NPC with no vigilant role: a plain 2d6; Vasquez: Wis +0, no Notice (-1). 721 of 1,296.
  const odds = d.getByRole('region', { name: 'Odds of the ambush' });
  await odds.getByText("Razor's Dex/Sneak 2d6 (plain: not a vigilant role) vs Vasquez's Wis/Notice 2d6-1, Vasquez winning ties: 56%").waitFor();
  expect(await odds.locator('.surprise-chance').first().textContent()).toBe('56% the Crew are caught unawares: every one ticked must lose against every ambusher.');
  await typeDice(gm, { "Razor's Dex/Sneak vs Vasquez": '6, 5', "Vasquez's Wis/Notice vs Razor": '2, 3' });
  await shot(gm, 'surprise-cwn-dialog');
  await submit(gm, 'Do it');

  await expect.poll(() => logLines(gm)).toContain("Surprise check: Razor's Dex/Sneak 11 (2d6: 6, 5) vs Vasquez's Wis/Notice 4 (2d6: 2, 3 - 1): Vasquez is caught off guard.");
  expect(await logLines(gm)).toContain('The Crew are surprised: their enemies get a full free round before initiative is rolled. Immune to surprise: Jin (acting in the free round).');
  await step
    .getByText('Surprised: the Crew. The Razors get a full free round before initiative is rolled; the Crew may take only Instant actions in it. Immune to surprise, acting in the free round: Jin.')
    .waitFor();
  expect(await row(gm, 'Vasquez').locator('.condition', { hasText: 'Surprised' }).count()).toBe(1);

  // The free round: the Razors act, then Jin; Vasquez may take only Instant actions.
  await gm.getByRole('button', { name: 'Start the fight' }).click();
  await gm.locator('.turn-order').getByText('Free round (surprise): the sides that were not surprised act.').waitFor();
  await expect.poll(() => logLines(gm)).toContain('Surprise! The Crew are caught unawares: their enemies get a free round before initiative is rolled.');
  await showActions(gm, 'Vasquez');
  await expect.poll(() => legalLabels(gm)).toEqual(['Instant action', 'Instant action that costs the Main action']);
  expect(await gm.locator('.actions .illegal').textContent()).toContain('Vasquez is surprised: only Instant actions during the free round.');
  await gm.locator('.actions .economy').getByText('Surprised: Instant actions only').waitFor();
  await shot(gm, 'surprise-cwn-free-round');
  expect(errors).toEqual([]);
  await gm.context().close();
});
