/**
 * A whole popcorn round from the GM's screen: side rolls typed in, a hold, a reaction from the pool,
 * a delayed spell with its segment counter, a conditional shot going off before its trigger, the
 * round's last pass choosing who starts the next, the end-of-round steps; a phone on the player link
 * follows the cards and never sees the hidden orc scout.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createEncounter, serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { action, submit, assertNoLeak, dialog, headline, playerHeadline, playerSees, shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** Opens the "…" form of an action of the combatant shown (to type a label, a roll or dice). */
async function form(gm: Page, label: string): Promise<void> {
  await gm.getByRole('button', { name: `${label}: more options` }).first().click();
  await dialog(gm).waitFor();
}

/** Types what the action does: its label is optional (issue 21), so the form folds it under "More (Label)". */
async function labelAs(gm: Page, text: string): Promise<void> {
  await dialog(gm).locator('details.sf-more > summary', { hasText: 'Label' }).click();
  await dialog(gm).getByLabel('Label', { exact: true }).fill(text);
}

async function pass(gm: Page, to: string): Promise<void> {
  await gm.getByTestId('now').getByRole('button', { name: to, exact: true }).click();
  await expect.poll(() => headline(gm)).toBe(`${to} acts`);
}

test('a whole popcorn round from the GM screen, watched on the player link', async () => {
  const enc = await createEncounter(server, {
    rules: 'popcorn',
    title: 'Ambush at the mill',
    sides: [{ name: 'Party', players: true }, { name: 'Orcs' }],
    combatants: [
      { name: 'Mira', kind: 'pc', side: 'Party', hp: 10, stats: { heroDice: 3 } },
      { name: 'Brom', kind: 'pc', side: 'Party', hp: 14, stats: { heroDice: 1 } },
      { name: 'Kit', kind: 'pc', side: 'Party', hp: 12, stats: { heroDice: 2 } },
      { name: 'Orc', side: 'Orcs', hp: 8, count: 2, stats: { heroDice: 1, group: 'Orcs' } },
      { name: 'Orc Chief', side: 'Orcs', hp: 15, stats: { heroDice: 2 } },
      { name: 'Scout', side: 'Orcs', hp: 6, hidden: true },
    ],
  });
  const gm = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  gm.setDefaultTimeout(20_000);
  const gmErrors = watchErrors(gm);
  gm.on('dialog', (d) => void d.accept());
  await gm.goto(enc.gmUrl);
  await gm.getByTestId('now').waitFor();
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const phoneErrors = watchErrors(phone);
  await phone.goto(enc.playerUrl);
  await playerSees(phone, 'Ambush at the mill');
  await assertNoLeak(phone, ['Scout']);

  // Step 1: each side rolls a d20, typed in from the table: the Party wins and picks Brom.
  await gm.getByLabel("Party's d20 rolled at the table").fill('15');
  await gm.getByLabel("Orcs's d20 rolled at the table").fill('9');
  await gm.getByRole('button', { name: 'Start the scene' }).click();
  await expect.poll(() => headline(gm)).toBe('Who takes the initiative?');
  await pass(gm, 'Brom');
  await expect.poll(() => playerHeadline(phone)).toBe('Brom');

  // Brom holds: he must pass to an opponent.
  await action(gm, 'Hold: pass the initiative to an opponent');
  await dialog(gm).getByLabel('To', { exact: true }).selectOption({ label: 'Orc' });
  await submit(gm, 'Do it');
  await expect.poll(() => headline(gm)).toBe('Orc acts');

  // The orc swings (2d6 typed in); the chart shows the distribution first.
  await form(gm, 'Take the action');
  await labelAs(gm, 'swings an axe at Brom');
  await dialog(gm).getByLabel('Roll', { exact: true }).fill('2d6');
  await dialog(gm).locator('.odds svg').waitFor();
  await dialog(gm).getByLabel('Type in the dice rolled at the table').check();
  await dialog(gm).getByLabel('Dice rolled', { exact: true }).fill('5, 4');
  await submit(gm, 'Do it');
  await playerSees(phone, /Orc: swings an axe at Brom \(2d6: \[5, 4\] = 9\)/);

  // Brom dodges with his one reaction die (out of turn: picked in the roster).
  await gm.getByRole('button', { name: 'Brom: show actions' }).click();
  await form(gm, 'React with the Reaction Pool (1 dice)');
  await dialog(gm).getByLabel('Label *').fill('dodges the axe');
  await dialog(gm).getByLabel('Type in the dice rolled at the table').check();
  await dialog(gm).getByLabel('Reaction roll', { exact: true }).fill('5');
  await submit(gm, 'Do it');
  await playerSees(phone, /Brom reacts: dodges the axe/);
  await gm.keyboard.press('Escape');

  // The orc passes to Mira, who declares a 5-segment Fireball.
  await pass(gm, 'Mira');
  await form(gm, 'Declare a delayed action');
  await dialog(gm).getByLabel('Label *').fill('Fireball');
  await dialog(gm).getByLabel('Segments', { exact: true }).fill('5');
  await submit(gm, 'Do it');
  await playerSees(phone, /Mira declares a delayed action: Fireball/);

  // Mira passes to Kit, who aims at the chief: a conditional action.
  await pass(gm, 'Kit');
  await form(gm, 'Declare a conditional action');
  await dialog(gm).getByLabel('Trigger *').fill('the Orc Chief charges Mira');
  await dialog(gm).getByLabel('Label *').fill('shoots the Chief');
  await submit(gm, 'Do it');
  await gm.locator('.game-state').getByText('shoots the Chief').waitFor();

  // Kit passes to the chief; the shot goes off before the charge.
  await pass(gm, 'Orc Chief');
  await gm.locator('.game-state').getByRole('button', { name: 'Goes off' }).click();
  await dialog(gm).getByLabel('Roll', { exact: true }).fill('2d6');
  await dialog(gm).getByLabel('Type in the dice rolled at the table').check();
  await dialog(gm).getByLabel('Dice rolled', { exact: true }).fill('3, 1');
  await submit(gm, 'Do it');
  await playerSees(phone, /Kit's conditional action goes off before its trigger/);
  await form(gm, 'Take the action');
  await labelAs(gm, 'charges Mira');
  await submit(gm, 'Do it');
  await shot(gm, 'gm-popcorn', true, true);

  // The chief passes to the second orc, which acts; then Brom, who held, finally acts.
  await pass(gm, 'Orc 2');
  await form(gm, 'Take the action');
  await labelAs(gm, 'hacks at Brom');
  await submit(gm, 'Do it');
  await pass(gm, 'Brom');
  await form(gm, 'Take the action');
  await labelAs(gm, 'cleaves Orc 2');
  await submit(gm, 'Do it');
  // The group card (two orcs) is face up now; the phone shows Brom's action.
  await playerSees(phone, /Brom: cleaves Orc 2/);
  await expect.poll(() => gm.locator('.card.face-up').count()).toBeGreaterThanOrEqual(4);

  // The hidden scout is still face down: the GM passes to it; the players see the GM deciding, as at any
  // pause of the GM's, and nothing that tells of someone unseen.
  await pass(gm, 'Scout');
  await expect.poll(() => playerHeadline(phone)).toBe('The GM decides');
  await form(gm, 'Take the action');
  await labelAs(gm, 'slips away into the trees');
  await submit(gm, 'Do it');
  await assertNoLeak(phone, ['Scout', 'slips away']);

  // The scout acted last: it chooses who goes first next round (Kit).
  await expect.poll(() => gm.getByTestId('now').getByRole('button', { name: 'Kit', exact: true }).count()).toBe(1);
  await gm.getByTestId('now').getByRole('button', { name: 'Kit', exact: true }).click();

  // Step 3: Mira's spell is uncompleted: continue it into round 2. Steps 4-5, then the next round.
  await gm.getByTestId('now').getByRole('button', { name: /continue/i }).click();
  await gm.getByTestId('now').getByRole('button', { name: /Next round/ }).click();
  await expect.poll(() => headline(gm)).toBe('Kit acts');
  await playerSees(phone, 'Round 2', '.pv-round');
  await assertNoLeak(phone, ['Scout']);
  await shot(phone, 'player-phone-popcorn', false);

  expect(gmErrors).toEqual([]);
  expect(phoneErrors).toEqual([]);
});
