/**
 * Conditions from the GM screen (issue 21): in Stars Without Number the condition dialog offers SWN's own
 * conditions (from its text: Surprised, Prone, cover...) and none of D&D's (Frightened, Hasted); a
 * condition of the GM's own, saved with its duration, is offered again the next time, after a reload;
 * a condition on a roster row says its rounds left in words.
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

const row = (page: Page, name: string) => page.getByTestId(`combatant-${name}`);
const offered = (page: Page, group: string) => dialog(page).getByRole('group', { name: group }).locator('.cond-offer').allTextContents();
const datalist = (page: Page) => dialog(page).locator('#conditions option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));

async function openConditionDialog(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Add a condition to ${name}` }).click();
  await dialog(page).getByRole('heading', { name: 'Add a condition' }).waitFor();
}

test("SWN: the dialog offers SWN's conditions, not D&D's; a saved one comes back after a reload; the chip says its rounds left", async () => {
  // The cargo bay fight, started: round 1, Vasquez acting.
  const enc = await exampleFight(server, 'swn', 4);
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  page.setDefaultTimeout(20_000);
  const errors = watchErrors(page);
  await page.goto(enc.gmUrl);
  await row(page, 'Vasquez').waitFor();

  await openConditionDialog(page, 'Vasquez');
  expect(await offered(page, "Stars Without Number's conditions")).toEqual(['Surprised', 'Prone', 'Half cover', 'Almost complete cover', 'Prepared firing position']);
  const names = await datalist(page);
  expect(names).toContain('Surprised');
  for (const dnd of ['Frightened', 'Hasted', 'Blinded', 'Restrained', 'Poisoned', 'Slowed']) expect(names).not.toContain(dnd);
  expect(await dialog(page).getByText('Frightened').count()).toBe(0);
  expect(await dialog(page).getByText('Hasted').count()).toBe(0);
  // Nothing saved yet: no list of the GM's own.
  expect(await dialog(page).getByRole('group', { name: 'Your saved conditions' }).count()).toBe(0);

  // Picking one of the game's says what it does, in the text's words, and sets its duration.
  await dialog(page).getByRole('button', { name: 'Surprised', exact: true }).click();
  expect(await dialog(page).getByLabel('Condition', { exact: true }).inputValue()).toBe('Surprised');
  await dialog(page).getByText('Surprised: Rolls no initiative until the second round; only Instant actions while surprised.').waitFor();

  // A condition of the GM's own, for 2 rounds, saved for next time.
  await dialog(page).getByLabel('Condition', { exact: true }).fill('Pinned down');
  await dialog(page).getByLabel('rounds', { exact: true }).fill('2');
  await dialog(page).getByLabel('Save it to my conditions for next time, with this duration').check();
  await submit(page, 'Add condition');

  // The chip reads the rounds left in words (it was "2r").
  const chip = row(page, 'Vasquez').locator('.condition', { hasText: 'Pinned down' });
  await chip.waitFor();
  expect((await chip.textContent())?.replace('×', '').trim()).toBe('Pinned down, 2 rounds left');
  await shot(page, 'condition-chip-swn');

  // Next time (the page reloaded): the saved condition is offered, and picking it brings its 2 rounds back.
  await page.reload();
  await row(page, 'Mara').waitFor();
  await openConditionDialog(page, 'Mara');
  expect(await offered(page, 'Your saved conditions')).toEqual(['Pinned down 2 rounds']);
  expect(await datalist(page)).toContain('Pinned down');
  await dialog(page).getByRole('button', { name: 'Pinned down', exact: false }).first().click();
  expect(await dialog(page).getByLabel('Condition', { exact: true }).inputValue()).toBe('Pinned down');
  expect(await dialog(page).getByLabel('rounds', { exact: true }).inputValue()).toBe('2');
  await dialog(page).getByText('Pinned down: one of your saved conditions.').waitFor();
  await shot(page, 'condition-dialog-swn', true);
  expect(await axeBothSchemes(page, 'the condition dialog with saved conditions (swn)')).toEqual([]);

  // Forgotten, it is no longer offered.
  await dialog(page).getByRole('button', { name: 'Forget Pinned down' }).click();
  expect(await dialog(page).getByRole('group', { name: 'Your saved conditions' }).count()).toBe(0);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  expect(errors).toEqual([]);
});

test('Fallout offers its own conditions: Prone and Defending, nothing of SWN\'s or D&D\'s', async () => {
  const enc = await exampleFight(server, 'fallout', 0);
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  page.setDefaultTimeout(20_000);
  const errors = watchErrors(page);
  await page.goto(enc.gmUrl);
  const first = (await page.locator('[data-testid^="combatant-"]').first().getAttribute('data-testid'))!.slice('combatant-'.length);
  await openConditionDialog(page, first);
  expect(await offered(page, "Fallout 2d20's conditions")).toEqual(['Prone', 'Defending +1', 'Defending +2']);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  expect(errors).toEqual([]);
});
