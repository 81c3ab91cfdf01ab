/**
 * The GM screen's forms as a new GM meets them: problems said on submit, next to the field, in a GM's
 * words and once (no toast); typed-in dice with their formula and what to type; the add form starting
 * afresh after each add; no command names or notation as labels; a Fallout attack's number key opening
 * its form as in SWN.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createEncounter, exampleFight, serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { actions, addCombatant, dialog, shot, submit } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function example(rules: string, commands: number): Promise<{ gm: Page; errors: string[] }> {
  const enc = await exampleFight(server, rules, commands);
  const gm = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  gm.setDefaultTimeout(20_000);
  const errors = watchErrors(gm);
  await gm.goto(enc.gmUrl);
  await gm.getByTestId('now').waitFor();
  return { gm, errors };
}

const JARGON = /Invalid input|expected string|received undefined|stats\.\w|\([a-z]+-[a-z-]+\)|\{initiator\}/;

test('a required field: nothing said before typing, then once, next to it, in GM words', async () => {
  const enc = await createEncounter(server, {
    rules: 'popcorn',
    title: 'Mill',
    sides: [{ name: 'Party', players: true }, { name: 'Orcs' }],
    combatants: [
      { name: 'Mira', kind: 'pc', side: 'Party', hp: 10 },
      { name: 'Orc', side: 'Orcs', hp: 8 },
    ],
    commands: [{ type: 'start', combatant: 'Orc' }],
  });
  const gm = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  gm.setDefaultTimeout(20_000);
  const errors = watchErrors(gm);
  await gm.goto(enc.gmUrl);
  await gm.getByTestId('now').waitFor();
  // (A delayed action's label: "Take the action" needs none, issue 21.)
  await gm.getByRole('button', { name: 'Declare a delayed action: more options' }).first().click();
  const d = dialog(gm);
  await d.waitFor();
  // Before anything is typed: no problem shown at all.
  await expect.poll(() => d.textContent()).not.toMatch(JARGON);
  expect(await d.locator('.sf-error, .warn, .error').count()).toBe(0);
  // Submitted empty: said next to the Label field, in words; nothing sent, no toast.
  await d.getByRole('button', { name: /^(Roll|Do it)$/ }).click();
  const row = d.locator('.sf-invalid', { has: gm.getByLabel('Label *') });
  await expect.poll(() => row.locator('.sf-error').textContent()).toBe('Type the label.');
  expect(await d.textContent()).not.toMatch(JARGON);
  expect(await gm.locator('.notice-error').count()).toBe(0);
  await expect.poll(() => gm.evaluate(() => document.activeElement?.getAttribute('id') ?? '')).toBe((await gm.getByLabel('Label *').getAttribute('id')) ?? 'x');
  await shot(gm, 'gm-form-required');
  // Filled in: the problem goes, the command goes through.
  await d.getByLabel('Label *').fill('swings an axe');
  expect(await d.locator('.sf-error').count()).toBe(0);
  await d.getByLabel('Segments', { exact: true }).fill('2');
  await submit(gm, 'Do it');
  expect(errors).toEqual([]);
  await gm.close();
});

test('the add form starts afresh after each add: no stats, HP or "hidden" carried to the next', async () => {
  const enc = await createEncounter(server, { rules: 'swn', title: 'Docks' });
  const gm = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  gm.setDefaultTimeout(20_000);
  const errors = watchErrors(gm);
  await gm.goto(enc.gmUrl);
  await gm.getByTestId('now').waitFor();
  const form = gm.getByRole('form', { name: 'Add combatants' });
  await addCombatant(gm, { name: 'Vasquez', kind: 'pc', hidden: true, stats: { HP: '12', AC: '15' }, weapons: [{ name: 'Laser pistol', damage: '1d6' }] });
  expect(await form.getByLabel('HP', { exact: true }).inputValue()).toBe('');
  expect(await form.getByLabel('AC', { exact: true }).inputValue()).toBe('10');
  expect(await form.getByLabel('hidden').isChecked()).toBe(false);
  expect(await form.locator('fieldset.sf-item').count()).toBe(0);
  // "4 x Thug" gets the defaults, not the PC's HP 12 and AC 15.
  await form.locator('#add-name').fill('4 x Thug');
  await form.getByText('NPC', { exact: true }).click();
  await form.getByRole('button', { name: 'Add 4' }).click();
  await gm.waitForFunction(() => document.querySelectorAll('.combatant').length === 5);
  const file = JSON.stringify(await (await fetch(`${server.url}/api/encounters/${enc.id}/export`, { headers: { authorization: `Bearer ${enc.gmKey}` } })).json());
  const added: { name: string; hidden: boolean; stats: Record<string, unknown> }[] = [];
  JSON.parse(file, (k, v: unknown) => {
    const e = v as { type?: string; combatant?: (typeof added)[number] };
    if (e && typeof e === 'object' && e.type === 'combatant-added' && e.combatant) added.push(e.combatant);
    return v;
  });
  const thugs = added.filter((c) => c.name.startsWith('Thug'));
  expect(thugs).toHaveLength(4);
  for (const t of thugs) {
    expect(t.hidden).toBe(false);
    expect(t.stats.ac).toBe(10);
    expect(t.stats.weapons ?? []).toEqual([]);
  }
  // A stat out of range: said under the form and next to the stat, in words, once (no toast).
  await form.locator('#add-name').fill('Brute');
  await form.getByLabel('AC', { exact: true }).fill('500');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect.poll(() => form.locator('.sf-invalid .sf-error').textContent()).toMatch(/AC should be at most 100/);
  expect(((await form.textContent()) ?? '').split('at most 100').length - 1).toBe(1);
  expect(await form.textContent()).not.toMatch(JARGON);
  expect(await gm.locator('.notice-error').count()).toBe(0);
  await shot(gm, 'gm-add-stat-problem');
  expect(errors).toEqual([]);
  await gm.close();
});

test('Kuro: typed-in dice say the formula and how to read a Kuro die', async () => {
  const { gm, errors } = await example('kuro', 1);
  await actions(gm).locator('.action-main', { hasText: /Normal Attack/ }).first().click();
  const d = dialog(gm);
  await d.waitFor();
  await d.getByText('Type in the dice rolled at the table').click();
  const attack = d.locator('.dice-key', { hasText: 'Attack' });
  await expect.poll(() => attack.textContent()).toMatch(/3dK\+?\d*: type each die as it shows \(a 4 counts 0\), and after each 6 the extra die it rolls/);
  expect(await d.textContent()).not.toMatch(/faces, e\.g\./);
  await shot(gm, 'gm-kuro-typed-dice');
  expect(errors).toEqual([]);
  await gm.close();
});

test('Fallout: the attack key opens its form; combat dice typed as read; the result in words', async () => {
  const { gm, errors } = await example('fallout', 4);
  // The headline and the actions name no commands.
  expect(await gm.getByTestId('now').textContent()).not.toMatch(JARGON);
  // The attack's number key opens the form (odds, dice at the table) instead of firing at once: the
  // weapon's key, then the target (Raider, by its number and Enter; fallout-attack.e2e.test.ts).
  const attack = actions(gm).locator('.action', { hasText: /Attack with 10mm pistol/ }).first();
  const key = (await attack.locator('kbd').first().textContent())?.trim() ?? '';
  expect(key).toMatch(/^[1-9]$/);
  const before = await gm.locator('.log-list li').count();
  await gm.locator('body').click({ position: { x: 5, y: 5 } });
  await gm.keyboard.press(key);
  const targets = gm.getByRole('dialog', { name: 'Nora: Attack with 10mm pistol' });
  await targets.getByRole('button', { name: /^Raider / }).waitFor();
  const raider = await targets.locator('.target-name').evaluateAll((ns) => ns.findIndex((n) => n.textContent === 'Raider') + 1);
  await gm.keyboard.press(String(raider));
  await gm.keyboard.press('Enter');
  const d = gm.getByRole('dialog', { name: /^Nora: Attack Raider with 10mm pistol/ });
  await d.waitFor();
  expect(await gm.locator('.log-list li').count()).toBe(before);
  expect(await d.locator('.preset').textContent()).not.toMatch(/[a-z]+-[a-z]+/);
  await d.getByText('Type in the dice rolled at the table').click();
  const damage = d.locator('.dice-key', { hasText: 'Damage' });
  await expect.poll(() => damage.textContent()).toMatch(/dC: type what each combat die shows: 1, 2, 0 for a blank, E for an Effect/);
  await d.locator('.dice-key', { hasText: 'Test' }).locator('input').fill('1, 2');
  await d.locator('.dice-key', { hasText: 'Location' }).locator('input').fill('3');
  await damage.locator('input').fill('2 E 0 1');
  await shot(gm, 'gm-fallout-typed-dice');
  await submit(gm, 'Do it');
  const card = gm.getByTestId('last-result');
  await expect.poll(() => card.textContent()).toMatch(/Test 2d20, \d+ or less/);
  expect(await card.textContent()).not.toMatch(/<=|cs<|cf>/);
  await shot(gm, 'gm-fallout-result');
  // A stat out of range: named as its label shows it ("PER", not "Per" or "stats.per"), next to it;
  // the missing AGI next to AGI.
  const stats = gm.getByRole('form', { name: 'Add combatants' });
  await stats.locator('#add-name').fill('Brute');
  await stats.getByLabel('PER', { exact: true }).fill('30');
  await stats.getByRole('button', { name: 'Add', exact: true }).click();
  const said = () => stats.locator('.sf-invalid').evaluateAll((rows) => rows.map((r) => `${r.querySelector('label')?.textContent ?? ''} | ${r.querySelector('.sf-error')?.textContent ?? ''}`));
  await expect.poll(said).toEqual(['PER | PER should be at most 20.', "AGI | AGI: a character's initiative needs PER and AGI."]);
  expect(await stats.textContent()).not.toMatch(/\bPer\b|stats\./);
  await stats.getByLabel('PER', { exact: true }).fill('');
  // Fallout's hit locations: a choice, not a JSON box.
  await stats.locator('details.sf-more > summary').click();
  expect(await stats.locator('textarea.sf-json').count()).toBe(0);
  await stats.getByLabel('Hit locations', { exact: true }).selectOption({ label: 'Your own…' });
  expect(await stats.getByRole('button', { name: '+ Add hit location' }).count()).toBe(1);
  await stats.getByLabel('Hit locations', { exact: true }).scrollIntoViewIfNeeded();
  await gm.screenshot({ path: 'test-results/screenshots/gm-fallout-hit-locations.png' });
  expect(errors).toEqual([]);
  await gm.close();
});

test('SWN: options in words ("Half cover", not "half-cover")', async () => {
  const { gm, errors } = await example('swn', 4);
  await actions(gm).locator('.action-main', { hasText: 'Attack with Laser pistol' }).first().click();
  const d = dialog(gm);
  await d.waitFor();
  const text = (await d.textContent()) ?? '';
  expect(text).toMatch(/Half cover/);
  expect(text).not.toMatch(/half-cover|prepared-position/);
  await shot(gm, 'gm-swn-attack-words');
  expect(errors).toEqual([]);
  await gm.close();
});
