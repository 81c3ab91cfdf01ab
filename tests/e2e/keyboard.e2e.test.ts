/**
 * The GM screen by keyboard (issue 12 items 1, 2, 11, 13, 14): the pick follows the turn unless pinned,
 * shortcuts right after ticking a box, initiative and the start by key, choices with Shift+digit,
 * requests accepted with Y and rejected in the page, Tab kept inside dialogs and Enter rolling an
 * attack; after End fight nothing is highlighted and the phone offers no request; Kuro's game turns.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createEncounter, exampleScript, serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { closeStory, dialog, headline, playerSees, shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function gmPage(url: string): Promise<{ gm: Page; errors: string[]; native: string[] }> {
  const gm = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  gm.setDefaultTimeout(20_000);
  const errors = watchErrors(gm);
  // No native confirm() or prompt() boxes anywhere.
  const native: string[] = [];
  gm.on('dialog', (d) => {
    native.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  await gm.goto(url);
  await gm.getByTestId('now').waitFor();
  return { gm, errors, native };
}

const actionsHead = (gm: Page) => gm.locator('#actions-h').textContent();
const focusedId = (gm: Page) => gm.evaluate(() => document.activeElement?.id ?? '');

test('SWN by keyboard: the pick follows the turn, pins, ticks, requests, dialogs, the end of the fight', async () => {
  const enc = await createEncounter(server, {
    rules: 'swn',
    title: 'Keys in the cargo bay',
    seed: 11,
    options: { initiative: 'individual' },
    sides: [{ name: 'Crew', players: true }, { name: 'Pirates' }],
    combatants: [
      { name: 'Vasquez', kind: 'pc', side: 'Crew', stats: { hp: 12, ac: 14, attackBonus: 1, dexMod: 2, weapons: [{ name: 'Laser pistol', damage: '1d6', kind: 'ranged' }] } },
      { name: 'Kade', kind: 'pc', side: 'Crew', stats: { hp: 10, ac: 13, attackBonus: 1 } },
      { name: 'Pirate', side: 'Pirates', stats: { hp: 7, ac: 13, attackBonus: 1, weapons: [{ name: 'Cutlass', damage: '1d8' }] } },
      { name: 'Thug', side: 'Pirates', stats: { hp: 6, ac: 12 } },
    ],
  });
  const { gm, errors, native } = await gmPage(enc.gmUrl);
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const phoneErrors = watchErrors(phone);
  await phone.goto(enc.playerUrl);
  await playerSees(phone, 'live', '.pv-badge');

  // I rolls initiative for everyone, N starts the fight.
  await expect.poll(() => headline(gm)).toBe('Setting up');
  await gm.keyboard.press('i');
  await expect.poll(() => gm.locator('.slot').count()).toBe(4);
  await gm.keyboard.press('n');
  await expect.poll(() => headline(gm)).toMatch(/ acts$/);
  const order = (await gm.locator('.slot .slot-label .name').allTextContents()).map((s) => s.trim());
  expect(order).toHaveLength(4);
  await expect.poll(() => headline(gm)).toBe(`${order[0]} acts`);

  // Item 1: a name clicked shows that combatant; when the turn moves on, the pick follows the turn.
  await gm.getByRole('button', { name: `${order[3]}: show actions` }).click();
  await expect.poll(() => actionsHead(gm)).toBe(`${order[3]}'s actions`);
  await gm.keyboard.press('n');
  await expect.poll(() => headline(gm)).toBe(`${order[1]} acts`);
  await expect.poll(() => actionsHead(gm)).toBe(`${order[1]}'s actions`);
  // ...unless the GM pins it, visibly (P); unpinned, it follows again.
  await gm.getByRole('button', { name: `${order[3]}: show actions` }).click();
  await gm.keyboard.press('p');
  await gm.getByRole('button', { name: /^Pinned/, pressed: true }).waitFor();
  await shot(gm, 'gm-pinned');
  await gm.keyboard.press('n');
  await expect.poll(() => headline(gm)).toBe(`${order[2]} acts`);
  expect(await actionsHead(gm)).toBe(`${order[3]}'s actions`);
  await gm.keyboard.press('p');
  await gm.getByRole('button', { name: /^Pin/, pressed: false }).waitFor();
  await gm.keyboard.press('Escape');
  await expect.poll(() => actionsHead(gm)).toBe(`${order[2]}'s actions`);

  // J picks the next combatant in the roster, X ticks it; Esc clears both.
  await gm.keyboard.press('j');
  await expect.poll(() => gm.locator('.combatant.focused').count()).toBe(1);
  const picked = ((await gm.locator('.combatant.focused .who .name').textContent()) ?? '').trim();
  expect(picked).not.toBe(order[2]);
  await expect.poll(() => actionsHead(gm)).toBe(`${picked}'s actions`);
  await gm.keyboard.press('x');
  expect(await gm.getByLabel(`Select ${picked}`).isChecked()).toBe(true);
  await gm.keyboard.press('k');
  await expect.poll(() => actionsHead(gm)).toBe(`${order[2]}'s actions`);
  await gm.keyboard.press('Escape');
  expect(await gm.getByLabel(`Select ${picked}`).isChecked()).toBe(false);

  // Item 2: right after ticking a box, D, H and C still work.
  await gm.getByLabel('Select Pirate').check();
  await gm.keyboard.press('d');
  await expect.poll(() => focusedId(gm)).toBe('amount');
  await gm.keyboard.type('2');
  await gm.keyboard.press('Enter');
  await gm.getByTestId('combatant-Pirate').getByText('HP 5/7').waitFor();
  await gm.getByLabel('Select Thug').check();
  await gm.keyboard.press('h');
  await expect.poll(() => focusedId(gm)).toBe('amount');
  await gm.keyboard.press('Escape');
  await gm.getByLabel('Select Thug').focus();
  await gm.keyboard.press('c');
  await dialog(gm).waitFor();
  await gm.keyboard.press('Escape');
  await dialog(gm).waitFor({ state: 'detached' });
  await gm.keyboard.press('Escape');

  // The help lists the new keys; Tab and Shift+Tab stay inside the dialog.
  await gm.keyboard.press('?');
  await dialog(gm).getByText('Shift+1 – 9').waitFor();
  await dialog(gm).getByText('Accept the first player').waitFor();
  for (const key of [...Array<string>(6).fill('Tab'), ...Array<string>(6).fill('Shift+Tab')]) {
    await gm.keyboard.press(key);
    expect(await gm.evaluate(() => document.activeElement?.closest('dialog[open]') !== null)).toBe(true);
  }
  await gm.keyboard.press('Escape');

  // Item 14: Enter on a choice in an attack dialog rolls it; Tab goes round inside the form.
  const attacker = order.find((n) => n === 'Vasquez' || n === 'Pirate')!;
  while ((await headline(gm)) !== `${attacker} acts`) {
    const before = await headline(gm);
    await gm.keyboard.press('n');
    await expect.poll(() => headline(gm)).not.toBe(before);
  }
  await gm.getByTestId('legal-actions').locator('.action', { hasText: /Attack with/ }).first().locator('.action-more').click();
  await dialog(gm).locator('form').waitFor();
  for (let i = 0; i < 25; i++) {
    await gm.keyboard.press('Tab');
    expect(await gm.evaluate(() => document.activeElement?.closest('dialog[open]') !== null)).toBe(true);
  }
  await dialog(gm).locator('select').first().focus();
  const logBefore = await gm.locator('.log li').count();
  await gm.keyboard.press('Enter');
  await dialog(gm).waitFor({ state: 'detached' });
  await expect.poll(() => gm.locator('.log li').count()).toBeGreaterThan(logBefore);

  // Requests: Y accepts the first; Reject asks for the reason in the page.
  const api = (body: unknown) =>
    fetch(`${server.url}/api/encounters/${enc.id}/requests`, { method: 'POST', headers: { authorization: `Bearer ${enc.playerKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const pc = async () => {
    while (!['Vasquez acts', 'Kade acts'].includes(await headline(gm))) {
      const before = await headline(gm);
      await gm.keyboard.press('n');
      await expect.poll(() => headline(gm)).not.toBe(before);
    }
    return (await headline(gm)).replace(/ acts$/, '');
  };
  let who = await pc();
  expect((await api({ kind: 'end-turn', combatant: who })).status).toBeLessThan(300);
  await gm.getByRole('region', { name: /Player requests/ }).getByText(`${who} ends the turn`).waitFor();
  await gm.keyboard.press('y');
  await expect.poll(() => headline(gm)).not.toBe(`${who} acts`);
  who = await pc();
  expect((await api({ kind: 'end-turn', combatant: who })).status).toBeLessThan(300);
  const requests = gm.getByRole('region', { name: /Player requests/ });
  await requests.getByRole('button', { name: 'Reject…' }).click();
  await requests.getByLabel(/Why not/).fill('finish the shot first');
  await shot(gm, 'gm-request-reject');
  await gm.keyboard.press('Enter');
  await requests.waitFor({ state: 'detached' });
  const listed = (await (await fetch(`${server.url}/api/encounters/${enc.id}/requests`, { headers: { authorization: `Bearer ${enc.gmKey}` } })).json()) as { requests: { status: string; result: unknown }[] };
  expect(JSON.stringify(listed.requests.at(-1))).toContain('finish the shot first');
  expect(listed.requests.at(-1)?.status).toBe('rejected');
  expect(await headline(gm)).toBe(`${who} acts`);

  // Item 11: the header's button says what it opens.
  await gm.getByRole('button', { name: 'Player settings' }).click();
  await dialog(gm).getByRole('heading', { name: 'Player view settings' }).waitFor();
  await gm.keyboard.press('Escape');

  // After End fight: nothing highlighted in the order, the phone offers no request.
  await phone.getByRole('button', { name: 'End my turn' }).waitFor();
  expect(await phone.locator('.pv-current').count()).toBe(1);
  await gm.getByRole('button', { name: 'End fight' }).click();
  await dialog(gm).getByRole('button', { name: 'End the fight' }).click();
  await closeStory(gm);
  await expect.poll(() => headline(gm)).toBe('The encounter has ended');
  expect(await gm.locator('.slot-current, [aria-current="step"]').count()).toBe(0);
  await playerSees(phone, 'Story of the fight');
  await expect.poll(() => phone.locator('.pv-current').count()).toBe(0);
  await expect.poll(() => phone.getByRole('button', { name: 'End my turn' }).isVisible()).toBe(false);
  await shot(gm, 'gm-ended');

  // Share: replacing the link asks in the dialog, not in a browser box.
  await gm.keyboard.press('s');
  await dialog(gm).getByRole('button', { name: 'Make a player link' }).click();
  await dialog(gm).getByRole('textbox', { name: 'Player link' }).waitFor();
  await dialog(gm).getByRole('button', { name: 'Replace the player link' }).click();
  await dialog(gm).getByRole('button', { name: 'Yes, replace the link' }).click();
  await dialog(gm).getByText('A new player link is ready.').waitFor();
  await gm.keyboard.press('Escape');

  expect(native).toEqual([]);
  expect(errors).toEqual([]);
  expect(phoneErrors).toEqual([]);
});

test('Kuro: game turns by that name, and N rolls the next game turn\'s initiative', async () => {
  const s = exampleScript('kuro');
  const enc = await createEncounter(server, { rules: s.rules, title: s.title, seed: s.seed, sides: s.sides, combatants: s.combatants, commands: s.commands.slice(0, 11) });
  const { gm, errors } = await gmPage(enc.gmUrl);
  await expect.poll(() => headline(gm)).toBe('Game turn 2: waiting');
  expect(await gm.locator('.now .round').textContent()).toBe('Game turn 2');
  await shot(gm, 'gm-kuro-waiting');
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto(enc.playerUrl);
  await playerSees(phone, 'Game turn 2', '.pv-round');
  await gm.keyboard.press('n');
  await expect.poll(() => headline(gm)).toMatch(/ acts?( together)?$/);
  expect(await gm.locator('.now .round').textContent()).toMatch(/^Game turn 2 · phase 1$/);
  expect(errors).toEqual([]);
  await phone.context().close();
});

test('Shift+digit: who of a side acts (CWN), the order of a tie (Fallout)', async () => {
  for (const [rules, n, before, after] of [
    ['cwn', 3, /who acts next\?$/, / acts for /],
    ['fallout', 3, /who goes first\?|The GM decides/, / acts$/],
  ] as const) {
    const s = exampleScript(rules);
    const enc = await createEncounter(server, { rules: s.rules, title: s.title, seed: s.seed, ...(s.options ? { options: s.options } : {}), sides: s.sides, combatants: s.combatants, commands: s.commands.slice(0, n) });
    const { gm, errors } = await gmPage(enc.gmUrl);
    await expect.poll(() => headline(gm)).toMatch(before);
    await gm.locator('[data-choice="1"]').waitFor();
    if (rules === 'cwn') await shot(gm, 'gm-side-choice');
    await gm.keyboard.press('Shift+Digit1');
    await expect.poll(() => headline(gm)).toMatch(after);
    expect(errors).toEqual([]);
    await gm.close();
  }
});
