/**
 * A whole Stars Without Number fight run from the GM's screen, with a second browser (a phone) on the
 * player link watching every change and never seeing the hidden lookout or the GM's notes.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { action, addCombatant, assertNoLeak, closeStory, dialog, headline, panelBoxes, playerHeadline, playerSees, shot, submit } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const SECRETS = ['Lookout', 'bribed by the captain'];

test('a whole SWN fight from the GM screen, watched on the player link', async () => {
  const gm = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  gm.setDefaultTimeout(20_000);
  const gmErrors = watchErrors(gm);
  gm.on('dialog', (d) => void d.accept());

  // Start page: the owner token from the address `npm start` prints, then a new SWN encounter.
  await gm.goto(`${server.url}/#owner=${server.ownerToken}`);
  await gm.getByRole('radio', { name: /Stars Without Number/ }).check();
  await gm.getByLabel('Title').fill('Ambush in the cargo bay');
  await gm.getByLabel("Players' side").fill('Crew');
  await gm.getByLabel("Opponents' side").fill('Pirates');
  await gm.getByLabel('Initiative', { exact: true }).selectOption('individual');
  await expect.poll(() => gm.getByText('everyone rolls 1d8 + Dex modifier').count()).toBeGreaterThan(0);
  await shot(gm, 'start', true);
  await gm.getByRole('button', { name: 'Create and open the GM screen' }).click();
  await gm.waitForURL(/\/gm\//);
  await gm.getByTestId('now').waitFor();
  expect(gm.url()).not.toContain('key=');

  // Share: the player link and its QR code; a phone opens it.
  await gm.keyboard.press('s');
  const link = await dialog(gm).getByRole('textbox', { name: 'Player link' }).inputValue();
  await dialog(gm).locator('.qr svg').waitFor();
  await shot(gm, 'gm-share', true);
  await dialog(gm).getByRole('button', { name: 'Done' }).click();
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 })).newPage();
  const phoneErrors = watchErrors(phone);
  await phone.goto(link);
  await playerSees(phone, 'Ambush in the cargo bay');
  await playerSees(phone, 'live', '.pv-badge');

  // Combatants: two PCs, two pirates at once, a hidden lookout with a GM note.
  await addCombatant(gm, { name: 'Vasquez', kind: 'pc', stats: { HP: '12', AC: '14', 'Attack bonus': '1', 'Dex mod': '2' }, weapons: [{ name: 'Laser pistol', damage: '1d6', kind: 'ranged' }] });
  await addCombatant(gm, { name: 'Kade', kind: 'pc', stats: { HP: '10', AC: '13', 'Attack bonus': '1', 'Dex mod': '0' } });
  await addCombatant(gm, { name: '2 x Pirate', kind: 'npc', stats: { HP: '7', AC: '13', 'Attack bonus': '1' } });
  await addCombatant(gm, { name: 'Lookout', kind: 'npc', hidden: true, stats: { HP: '5', AC: '12' } });
  await expect.poll(() => gm.locator('.combatant').count()).toBe(5);
  await gm.getByRole('button', { name: 'Edit Lookout' }).click();
  await dialog(gm).getByLabel('GM notes (never shown to players)').fill('bribed by the captain');
  await submit(gm, 'Save');
  await playerSees(phone, 'Pirate 2');
  await assertNoLeak(phone, SECRETS);

  // Initiative: faces typed in from the table (Vasquez 6+2, Kade 5, Lookout 4, Pirate 3, Pirate 2 2).
  for (const [who, face] of [['Vasquez', '6'], ['Kade', '5'], ['Pirate', '3'], ['Pirate 2', '2'], ['Lookout', '4']] as const) {
    await gm.getByLabel(`Faces rolled for ${who}`, { exact: true }).fill(face);
  }
  await gm.getByRole('button', { name: 'Use the typed rolls' }).click();
  await expect.poll(() => gm.locator('.slot').count()).toBe(5);
  await shot(gm, 'gm-setup', true);
  await gm.getByRole('button', { name: 'Start the fight' }).click();
  await expect.poll(() => headline(gm)).toBe('Vasquez acts');
  await expect.poll(() => playerHeadline(phone)).toBe('Vasquez');
  await assertNoLeak(phone, SECRETS);
  await shot(phone, 'player-phone', true);

  // Vasquez shoots the first pirate: the dialog shows the exact odds before the dice, then the dice.
  await action(gm, 'Attack with Laser pistol');
  await dialog(gm).locator('.odds svg').waitFor();
  expect(await dialog(gm).locator('.odds-p').textContent()).toBe('45%');
  await dialog(gm).getByLabel('Type in the dice rolled at the table').check();
  await dialog(gm).getByLabel('Hit roll', { exact: true }).fill('15');
  await dialog(gm).getByLabel('Damage roll', { exact: true }).fill('5');
  await shot(gm, 'gm-attack', true);
  await submit(gm, 'Do it');
  await gm.getByTestId('last-result').getByText('Pirate is defeated').waitFor();
  await playerSees(phone, /Pirate is defeated/);

  // The table's TV on the same link.
  const tv = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  await tv.goto(link);
  await playerSees(tv, /Pirate is defeated/);
  await assertNoLeak(tv, SECRETS);
  await shot(tv, 'player-tv', true);
  await tv.context().close();

  // Next (N): Kade. Nothing moves on either screen when the turn does (no layout shift).
  const GM_PANELS = ['.now', '.actions', '.result', '.turn-order', '.damage-bar', '.roster'];
  const PLAYER_PANELS = ['.pv-now', '.pv-order', '.pv-ask'];
  await gm.evaluate(() => window.scrollTo(0, 0));
  const gmBefore = await panelBoxes(gm, GM_PANELS);
  const phoneBefore = await panelBoxes(phone, PLAYER_PANELS);
  await gm.keyboard.press('n');
  await expect.poll(() => headline(gm)).toBe('Kade acts');
  await expect.poll(() => playerHeadline(phone)).toBe('Kade');
  expect(await panelBoxes(gm, GM_PANELS)).toBe(gmBefore);
  expect(await panelBoxes(phone, PLAYER_PANELS)).toBe(phoneBefore);

  // A refused command is shown in plain words, and the form stays as typed.
  await gm.getByRole('button', { name: 'Vasquez: show actions' }).click();
  await gm.getByTestId('legal-actions').locator('.action-main', { hasText: 'Instant action' }).first().waitFor();
  await gm.getByRole('button', { name: 'back to who acts now' }).click();
  await action(gm, 'Attack with Unarmed');
  await dialog(gm).getByLabel('Target *').selectOption({ label: 'Pirate (defeated)' });
  await dialog(gm).getByText('Not possible as it stands: Pirate is already defeated.').waitFor();
  // Pressing Roll anyway sends nothing: the refusal stays said once, in the dialog, and no toast repeats it.
  await dialog(gm).getByRole('button', { name: 'Roll' }).click();
  await gm.waitForTimeout(300);
  expect(await dialog(gm).getByText(/Pirate is already defeated/).count()).toBe(1);
  expect(await gm.locator('.notice-error').count()).toBe(0);
  await dialog(gm).getByLabel('Target *').selectOption({ label: 'Pirate 2' });
  await dialog(gm).getByLabel('Type in the dice rolled at the table').check();
  await dialog(gm).getByLabel('Hit roll', { exact: true }).fill('20');
  await dialog(gm).getByLabel('Damage roll', { exact: true }).fill('2');
  await submit(gm, 'Do it');
  // NPC HP shows as bands on the player link (the default): the phone reads the band, not the number.
  await playerSees(phone, /Pirate 2 takes damage \(Hurt\)/);

  // Kade's player asks to end the turn from the phone; the GM accepts the notification.
  await phone.getByLabel('My character').selectOption({ label: 'Kade' });
  await phone.getByRole('button', { name: 'End my turn' }).click();
  await phone.getByText('Sent: waiting for the GM.').waitFor();
  await gm.getByRole('region', { name: /Player requests/ }).getByText('Kade ends the turn').waitFor();
  await shot(gm, 'gm-request', false);
  await gm.getByRole('region', { name: /Player requests/ }).getByRole('button', { name: 'Accept' }).click();
  await phone.getByText('The GM accepted: End my turn.').waitFor();

  // The hidden lookout's turn: the players see the GM deciding, as at any pause of the GM's, never who.
  await expect.poll(() => headline(gm)).toBe('Lookout acts');
  await expect.poll(() => playerHeadline(phone)).toBe('The GM decides');
  await assertNoLeak(phone, SECRETS);
  await gm.keyboard.press('n');

  // Pirate is down, so Pirate 2 acts: it misses Vasquez.
  await expect.poll(() => headline(gm)).toBe('Pirate 2 acts');
  await action(gm, 'Attack with Unarmed');
  await dialog(gm).getByLabel('Target *').selectOption({ label: 'Vasquez' });
  await dialog(gm).getByLabel('Type in the dice rolled at the table').check();
  await dialog(gm).getByLabel('Hit roll', { exact: true }).fill('3');
  await submit(gm, 'Do it');
  await playerSees(phone, /Pirate 2: Main action, attack on Vasquez .* miss/);
  await gm.keyboard.press('n');
  await expect.poll(() => headline(gm)).toBe('Vasquez acts');
  await playerSees(phone, 'Round 2', '.pv-round');

  // A condition for one round on Kade, undone with Ctrl+Z and redone with Ctrl+Shift+Z.
  await gm.getByRole('button', { name: 'Add a condition to Kade' }).click();
  await dialog(gm).getByLabel('Condition', { exact: true }).fill('Prone');
  await submit(gm, 'Add condition');
  await playerSees(phone, 'Prone', '.pv-cond');
  await gm.keyboard.press('Control+z');
  await expect.poll(() => phone.locator('.pv-cond').count()).toBe(0);
  // The GM page learns of the undo over its own socket: redo is offered once it has.
  await expect.poll(() => gm.getByRole('button', { name: /Redo/ }).isEnabled(), { timeout: 20_000 }).toBe(true);
  await gm.keyboard.press('Control+Shift+z');
  await playerSees(phone, 'Prone', '.pv-cond');

  // Quick damage on several at once: tick Pirate 2 and Vasquez, D, 3, Enter.
  await gm.getByLabel('Select Pirate 2').check();
  await gm.getByLabel('Select Vasquez').check();
  await gm.locator('body').click({ position: { x: 5, y: 5 } });
  await gm.keyboard.press('d');
  await gm.keyboard.type('3');
  await gm.keyboard.press('Enter');
  await playerSees(phone, /Vasquez takes 3 damage/);
  await expect.poll(() => phone.locator('[data-name="Vasquez"] .pv-hp-text').textContent()).toBe('9/12');
  await shot(gm, 'gm-turn', true);

  // The same screen on a phone.
  await gm.setViewportSize({ width: 390, height: 844 });
  await shot(gm, 'gm-phone', true);
  await gm.setViewportSize({ width: 1400, height: 1000 });

  // The help overlay (?).
  await gm.keyboard.press('?');
  await dialog(gm).getByText('Keyboard shortcuts').waitFor();
  await shot(gm, 'gm-help', false);
  await gm.keyboard.press('Escape');

  // The GM reveals the lookout: now the players see it.
  await gm.getByRole('button', { name: 'Show Lookout to players' }).click();
  await playerSees(phone, 'Lookout');
  await assertNoLeak(phone, ['bribed by the captain']);

  // The lookout and the last pirate go down; the GM ends the fight.
  await gm.getByRole('button', { name: 'Mark Lookout defeated' }).click();
  await gm.getByRole('button', { name: 'Mark Pirate 2 defeated' }).click();
  await gm.getByRole('button', { name: 'End fight' }).click();
  await dialog(gm).getByRole('button', { name: 'End the fight', exact: true }).click();
  await closeStory(gm);
  await expect.poll(() => headline(gm)).toBe('The encounter has ended');
  // The players read the story of the fight in place of the order.
  await expect.poll(() => playerHeadline(phone)).toBe('Story of the fight');

  expect(gmErrors).toEqual([]);
  expect(phoneErrors).toEqual([]);
});

test('the player view recovers after a dropped connection', async () => {
  const gm = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await gm.goto(`${server.url}/#owner=${server.ownerToken}`);
  await gm.getByRole('radio', { name: /Stars Without Number/ }).check();
  await gm.getByLabel('Title').fill('Dropped');
  await gm.getByRole('button', { name: 'Create and open the GM screen' }).click();
  await gm.getByTestId('now').waitFor();
  await gm.keyboard.press('s');
  const link = await dialog(gm).getByRole('textbox', { name: 'Player link' }).inputValue();
  await gm.keyboard.press('Escape');
  const tv: Page = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  await tv.goto(link);
  await playerSees(tv, 'live', '.pv-badge');
  await addCombatant(gm, { name: 'Mara', kind: 'pc', stats: { HP: '8' } });
  await playerSees(tv, 'Mara');
  // Drop every socket; the GM adds someone while the TV is away; both come back and catch up.
  server.dropSockets();
  await addCombatant(gm, { name: 'Brute', kind: 'npc', stats: { HP: '9' } });
  await playerSees(tv, 'Brute');
  await playerSees(tv, 'live', '.pv-badge');
});
