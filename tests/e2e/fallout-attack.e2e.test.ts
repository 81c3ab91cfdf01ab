/**
 * Fallout's attacks on the GM screen: the rules offer one per target and per weapon; the screen shows
 * one button per weapon ("Attack with 10mm pistol"), which opens the targets with their odds to choose
 * from, by keys (↑ ↓, number keys, Enter; Escape closes, Tab stays inside) or a click; the chosen
 * target's attack then goes on as its own button did (its form, the log's lines), and each weapon's
 * key stays put for the turn.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createEncounter, serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { actions, dialog, shot, submit } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const raider = (name: string) => ({ name, side: 'Raiders', stats: { per: 5, agi: 5, str: 6, hp: 10, skills: { 'melee weapons': 2 }, weapons: [{ name: 'Machete', type: 'melee', damage: 3 }] } });

/** Nora with three weapons against four raiders, her opening turn. */
const BODY = {
  rules: 'fallout',
  title: 'Four raiders',
  seed: 5,
  sides: [{ name: 'Vault', players: true }, { name: 'Raiders' }],
  combatants: [
    {
      name: 'Nora',
      kind: 'pc',
      side: 'Vault',
      stats: {
        per: 6, agi: 7, str: 5, end: 5, int: 6, cha: 5, luc: 3, hp: 12,
        skills: { 'small guns': 3, 'melee weapons': 2, throwing: 2 },
        weapons: [
          { name: '10mm pistol', type: 'ranged', damage: 4, range: 'close', ammo: '10mm', fireRate: 2 },
          { name: 'Machete', type: 'melee', damage: 3 },
          { name: 'Frag grenade', type: 'thrown', damage: 5, range: 'medium', quantity: 2 },
        ],
        ammo: { '10mm': 8 },
      },
    },
    raider('Raider'),
    raider('Scav'),
    raider('Boss'),
    raider('Cutter'),
  ],
  commands: [{ type: 'start', initiator: 'Nora' }],
};

const WEAPONS = ['10mm pistol', 'Machete', 'Frag grenade'];
const TARGETS = ['Raider', 'Scav', 'Boss', 'Cutter'];

/** Each action's label → its key, possible or not (the keys of those not possible are listed beside them). */
async function keys(gm: Page): Promise<Record<string, string>> {
  const legal = await actions(gm).locator('.action-main').evaluateAll((bs) => bs.map((b) => [b.querySelector('span')?.textContent ?? '', b.getAttribute('data-shortcut') ?? ''] as const));
  const illegal = await gm.locator('.actions details.illegal li').evaluateAll((ls) => ls.map((l) => [l.querySelector('.illegal-label')?.textContent ?? '', l.querySelector('kbd')?.textContent?.toLowerCase() ?? ''] as const));
  return Object.fromEntries([...legal, ...illegal]);
}

const focused = (gm: Page) => gm.evaluate(() => (document.activeElement?.closest('dialog[open]') ? (document.activeElement?.querySelector('.target-name')?.textContent ?? document.activeElement?.textContent ?? '') : null));
const logLines = (gm: Page) => gm.locator('.log-list li').allTextContents();

test('Fallout, four enemies: one attack button per weapon, the weapon then the target; the attack as before; keys kept', { timeout: 120_000 }, async () => {
  const enc = await createEncounter(server, BODY);
  const gm = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  gm.setDefaultTimeout(20_000);
  const errors = watchErrors(gm);
  await gm.goto(enc.gmUrl);
  await gm.getByTestId('now').waitFor();
  await actions(gm).locator('.action-main', { hasText: 'Attack with 10mm pistol' }).waitFor();

  // One button per weapon, none per target (the rules offer 3 × 4 = 12).
  const labels = () => actions(gm).locator('.action-main span:not(.cost)').allTextContents();
  await expect.poll(async () => (await labels()).filter((l) => l.startsWith('Attack'))).toEqual(WEAPONS.map((w) => `Attack with ${w}`));
  expect((await labels()).filter((l) => /^Attack \S+ with /.test(l))).toEqual([]);
  const start = await keys(gm);
  for (const w of WEAPONS) expect(start[`Attack with ${w}`]).toMatch(/^[0-9a-z]$/);
  await gm.locator('.actions').screenshot({ path: 'test-results/screenshots/gm-fallout-attack-actions.png' });

  // The pistol's key opens its targets: named for screen readers, each target with its odds and number key.
  const pistol = start['Attack with 10mm pistol']!;
  await gm.locator('body').click({ position: { x: 5, y: 5 } });
  await gm.keyboard.press(pistol);
  const chooser = gm.getByRole('dialog', { name: 'Nora: Attack with 10mm pistol' });
  await chooser.waitFor();
  const targets = chooser.getByRole('list', { name: 'Targets' }).getByRole('button');
  expect(await targets.count()).toBe(4);
  expect(await chooser.locator('.target-name').allTextContents()).toEqual(TARGETS);
  for (let i = 0; i < 4; i++) {
    expect(await targets.nth(i).getAttribute('aria-keyshortcuts')).toBe(String(i + 1));
    // Its name as read out: the target and the rules' odds ("difficulty 2 (AGI 7 + Small Guns 3, …), 2 successes needed: 92%").
    expect(await targets.nth(i).evaluate((b) => b.textContent)).toMatch(new RegExp(`^${i + 1}${TARGETS[i]} difficulty \\d+ \\(.+\\), .*\\d+%$`));
  }
  expect(await gm.locator('.log-list li').count()).toBeGreaterThan(0);
  const before = await logLines(gm);
  await gm.screenshot({ path: 'test-results/screenshots/gm-fallout-attack-chooser.png' });

  // ↓ ↑ and the number keys move between the targets; Tab stays inside; Escape closes, focus back on the button.
  await expect.poll(() => focused(gm)).toBe('Raider');
  await gm.keyboard.press('ArrowDown');
  expect(await focused(gm)).toBe('Scav');
  await gm.keyboard.press('4');
  expect(await focused(gm)).toBe('Cutter');
  await gm.keyboard.press('ArrowDown');
  expect(await focused(gm)).toBe('Raider');
  await gm.keyboard.press('ArrowUp');
  expect(await focused(gm)).toBe('Cutter');
  for (let i = 0; i < 7; i++) {
    await gm.keyboard.press('Tab');
    expect(await gm.evaluate(() => document.activeElement?.closest('dialog[open]') !== null)).toBe(true);
  }
  await gm.keyboard.press('Escape');
  await dialog(gm).waitFor({ state: 'detached' });
  expect(await logLines(gm)).toEqual(before);

  // By clicks: the Machete, then Cutter: its form (never sent without it); closed, the focus is back on the Machete.
  const machete = actions(gm).locator('.action-main', { hasText: 'Attack with Machete' });
  await machete.click();
  await gm.getByRole('dialog', { name: 'Nora: Attack with Machete' }).getByRole('button', { name: /^Cutter difficulty \d+/ }).click();
  await gm.getByRole('dialog', { name: /^Nora: Attack Cutter with Machete: difficulty \d+/ }).waitFor();
  await gm.keyboard.press('Escape');
  await dialog(gm).waitFor({ state: 'detached' });
  await expect.poll(() => gm.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/Attack with Machete/);
  expect(await logLines(gm)).toEqual(before);

  // The key again, the second target by its number, Enter: Scav's attack form, as its own button opened it.
  await gm.locator('body').click({ position: { x: 5, y: 5 } });
  await gm.keyboard.press(pistol);
  await chooser.waitFor();
  await expect.poll(() => focused(gm)).toBe('Raider');
  await gm.keyboard.press('2');
  await gm.keyboard.press('Enter');
  const form = gm.getByRole('dialog', { name: /^Nora: Attack Scav with 10mm pistol: difficulty \d+/ });
  await form.waitFor();
  expect(await chooser.count()).toBe(0);
  expect(await logLines(gm)).toEqual(before);
  // Nora is the attacker, Scav the target: the form sends exactly that attack.
  await form.getByText('Type in the dice rolled at the table').click();
  await form.locator('.dice-key', { hasText: 'Test' }).locator('input').fill('1, 2');
  await form.locator('.dice-key', { hasText: 'Location' }).locator('input').fill('3');
  await form.locator('.dice-key', { hasText: 'Damage' }).locator('input').fill('2 E 0 1');
  await submit(gm, 'Do it');
  await expect.poll(async () => (await logLines(gm)).slice(before.length).join('\n')).toMatch(/Nora attacks Scav with 10mm pistol[\s\S]*Nora's attack on Scav: difficulty \d+/);

  // After the attack each weapon keeps its key (possible or not), the rest too.
  await expect.poll(async () => (await keys(gm))['Attack with 10mm pistol']).toBe(pistol);
  const after = await keys(gm);
  for (const w of WEAPONS) expect(after[`Attack with ${w}`], w).toBe(start[`Attack with ${w}`]);

  await shot(gm, 'gm-fallout-attack-done');
  expect(errors).toEqual([]);
  await gm.context().close();
});
