/**
 * Ordering the initiative from the GM screen (issue 12, items 16 and 9): dragging a combatant to a new
 * place and the keyboard's way to do it, the turn staying with whoever acts; a refusal in the GM's
 * words; late joiners with the initiative rolled at the table typed in (SWN and Kuro); and four tied
 * Fallout raiders put in order with the keyboard only.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createEncounter, serverAndBrowser, watchErrors } from './harness.ts';
import type { Created, Server } from './harness.ts';
import { headline, shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** A command through the API, as another GM tab would send it (the screen follows the live socket). */
async function command(server: Server, enc: Created, body: Record<string, unknown>): Promise<void> {
  const r = await fetch(`${server.url}/api/encounters/${enc.id}/commands`, {
    method: 'POST',
    headers: { authorization: `Bearer ${enc.gmKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${body.type as string}: ${r.status} ${await r.text()}`);
}

async function open(enc: Created, width = 1400, height = 1000): Promise<{ gm: Page; errors: string[] }> {
  const gm = await browser.newPage({ viewport: { width, height } });
  gm.setDefaultTimeout(20_000);
  const errors = watchErrors(gm);
  await gm.goto(enc.gmUrl);
  await gm.getByTestId('now').waitFor();
  return { gm, errors };
}

/** The initiative order as shown, top first ("Ana", or "Aiko & Ronin" for a shared row). */
function order(gm: Page): Promise<string[]> {
  return gm.evaluate(() => {
    const slots = [...document.querySelectorAll('.order > li')];
    const rows = slots.length > 0 ? slots : [...document.querySelectorAll('.kuro-grid tbody tr')];
    return rows.map((r) => [...r.querySelectorAll('.name')].map((b) => b.textContent?.trim()).join(' & ') || (r.querySelector('.slot-label')?.textContent?.trim() ?? ''));
  });
}

const row = (gm: Page, name: string) => gm.locator('.order > li').filter({ has: gm.getByRole('button', { name, exact: true }) });

const SWN = { hp: 8, ac: 12 };

test('SWN: drag a combatant, or move it by keys; the turn stays with whoever acts', async () => {
  const enc = await createEncounter(server, {
    rules: 'swn',
    title: 'Order by hand',
    seed: 3,
    options: { initiative: 'individual' },
    sides: [{ name: 'Crew', players: true }, { name: 'Pirates' }],
    combatants: [
      { name: 'Ana', kind: 'pc', side: 'Crew', stats: SWN },
      { name: 'Bo', kind: 'pc', side: 'Crew', stats: SWN },
      { name: 'Orc', side: 'Pirates', count: 2, stats: SWN },
    ],
  });
  await command(server, enc, { type: 'roll-initiative', dice: { Ana: 8, Bo: 6, Orc: 4, 'Orc 2': 2 } });
  await command(server, enc, { type: 'start' });
  const { gm, errors } = await open(enc);
  await expect.poll(() => order(gm)).toEqual(['Ana', 'Bo', 'Orc', 'Orc 2']);
  expect(await headline(gm)).toBe('Ana acts');

  // Drag the last pirate to the top, then the one acting to the bottom: the turn stays with Ana.
  await row(gm, 'Orc 2').dragTo(row(gm, 'Ana'));
  await expect.poll(() => order(gm)).toEqual(['Orc 2', 'Ana', 'Bo', 'Orc']);
  expect(await headline(gm)).toBe('Ana acts');
  await row(gm, 'Ana').dragTo(row(gm, 'Orc'));
  await expect.poll(() => order(gm)).toEqual(['Orc 2', 'Bo', 'Orc', 'Ana']);
  expect(await headline(gm)).toBe('Ana acts');
  await expect.poll(() => gm.locator('.order > li[aria-current="step"] .name').textContent()).toBe('Ana');
  await shot(gm, 'gm-order-moved', true);

  // The keyboard: Esc clears the pick, K picks the one before Ana in the roster (the moves reordered
  // the roster too: Bo, Ana), Alt+ArrowUp moves the combatant shown.
  await gm.locator('body').click({ position: { x: 5, y: 5 } });
  await gm.keyboard.press('Escape');
  await expect.poll(() => gm.locator('.combatant.focused').count()).toBe(0);
  await gm.keyboard.press('k');
  await expect.poll(() => gm.locator('.combatant.focused .name').first().textContent()).toBe('Bo');
  await gm.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => order(gm)).toEqual(['Bo', 'Orc 2', 'Orc', 'Ana']);
  // The move buttons, pressed with Enter: the focus stays on the button, so it can be pressed again.
  await gm.getByRole('button', { name: 'Move Orc 2 down' }).focus();
  await gm.keyboard.press('Enter');
  await expect.poll(() => order(gm)).toEqual(['Bo', 'Orc', 'Orc 2', 'Ana']);
  await expect.poll(() => gm.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Orc 2 down');
  await gm.keyboard.press('Enter');
  await expect.poll(() => order(gm)).toEqual(['Bo', 'Orc', 'Ana', 'Orc 2']);
  // Alt+ArrowDown on a name with the keyboard focus moves that row.
  await row(gm, 'Bo').getByRole('button', { name: 'Bo', exact: true }).focus();
  await gm.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => order(gm)).toEqual(['Orc', 'Bo', 'Ana', 'Orc 2']);
  expect(await headline(gm)).toBe('Ana acts');

  // The turn goes on down the order as arranged: after Ana, Orc 2.
  await gm.keyboard.press('Escape');
  await gm.keyboard.press('n');
  await expect.poll(() => headline(gm)).toBe('Orc 2 acts');
  expect(errors).toEqual([]);
  await gm.close();
});

test('SWN: a late joiner with the die rolled at the table lands at its place', async () => {
  const enc = await createEncounter(server, {
    rules: 'swn',
    title: 'Late joiner',
    seed: 4,
    options: { initiative: 'individual' },
    sides: [{ name: 'Crew', players: true }, { name: 'Pirates' }],
    combatants: [
      { name: 'Ana', kind: 'pc', side: 'Crew', stats: SWN },
      { name: 'Orc', side: 'Pirates', stats: SWN },
      { name: 'Bo', kind: 'pc', side: 'Crew', stats: SWN },
    ],
  });
  await command(server, enc, { type: 'roll-initiative', dice: { Ana: 8, Orc: 4, Bo: 2 } });
  await command(server, enc, { type: 'start' });
  const { gm, errors } = await open(enc);
  await expect.poll(() => order(gm)).toEqual(['Ana', 'Orc', 'Bo']);
  const form = gm.getByRole('form', { name: 'Add combatants' });
  await form.locator('#add-name').fill('Sniper');
  await form.locator('#add-side').fill('Pirates');
  await form.getByRole('radio', { name: 'Rolled at the table' }).check();
  const die = form.getByLabel('Sniper (1d8)');
  // A face the die does not have is refused next to the field, in words; nothing is added.
  await die.fill('9');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect.poll(() => form.locator('.late-roll .error').textContent()).toMatch(/Sniper.*1d8/);
  expect(await gm.locator('.combatant').count()).toBe(3);
  await die.fill('5');
  await expect.poll(() => form.locator('.late-roll .error').count()).toBe(0);
  await shot(gm, 'gm-late-joiner', true);
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect.poll(() => order(gm)).toEqual(['Ana', 'Sniper', 'Orc', 'Bo']);
  await expect.poll(() => row(gm, 'Sniper').locator('.slot-init').textContent()).toBe('5');
  // The form starts afresh: rolling is the choice again.
  await form.locator('#add-name').fill('Lookout');
  await expect.poll(() => form.getByRole('radio', { name: 'Roll it' }).isChecked()).toBe(true);
  await form.locator('#add-name').fill('');
  expect(await headline(gm)).toBe('Ana acts');
  expect(errors).toEqual([]);
  await gm.close();
});

test('Kuro: a late joiner typed in, a name moved out of a shared row, a refusal in words', async () => {
  const kuro = (REA: number) => ({ REA, REF: 2, DEX: 2, STR: 2, hp: 12, defence: 8 });
  const enc = await createEncounter(server, {
    rules: 'kuro',
    title: 'Kuro order',
    seed: 7,
    sides: [{ name: 'Party', players: true }, { name: 'Bandits' }],
    combatants: [
      { name: 'Kenji', kind: 'pc', side: 'Party', stats: kuro(3) },
      { name: 'Aiko', kind: 'pc', side: 'Party', stats: kuro(2) },
      { name: 'Goro', side: 'Bandits', stats: kuro(2) },
      { name: 'Ronin', side: 'Bandits', stats: kuro(2) },
    ],
  });
  await command(server, enc, { type: 'start', dice: { Kenji: [5, 3, 2], Aiko: [5, 1], Goro: [2, 1], Ronin: [3, 3] } });
  const { gm, errors } = await open(enc);
  await expect.poll(() => order(gm)).toEqual(['Kenji', 'Aiko & Ronin', 'Goro']);
  expect(await headline(gm)).toBe('Kenji acts');

  // Archer joins with 2 Kuro dice rolled at the table (5 and 5): 10 + 2 × REA 2 = 14.
  const form = gm.getByRole('form', { name: 'Add combatants' });
  await form.locator('#add-name').fill('Archer');
  await form.locator('#add-side').fill('Bandits');
  await form.getByLabel('REA', { exact: true }).fill('2');
  await form.getByRole('radio', { name: 'Rolled at the table' }).check();
  await form.getByLabel(/^Archer \(2dK/).fill('5, 5');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect.poll(() => order(gm)).toEqual(['Kenji', 'Archer', 'Aiko & Ronin', 'Goro']);
  await expect.poll(() => gm.locator('.kuro-grid tbody tr').nth(1).locator('.slot-init').textContent()).toBe('14');

  // Ronin leaves the shared row, above Aiko, with its move button; then is dragged under Goro.
  await gm.getByRole('button', { name: 'Move Ronin up' }).click();
  await expect.poll(() => order(gm)).toEqual(['Kenji', 'Archer', 'Ronin', 'Aiko', 'Goro']);
  await gm.locator('.kuro-who').filter({ hasText: 'Ronin' }).dragTo(gm.locator('.kuro-grid tbody tr').filter({ hasText: 'Goro' }));
  await expect.poll(() => order(gm)).toEqual(['Kenji', 'Archer', 'Aiko', 'Goro', 'Ronin']);
  expect(await headline(gm)).toBe('Kenji acts');
  await shot(gm, 'gm-order-kuro');

  // Kenji is acting: the rules refuse to move him, and the screen says so in words.
  await gm.locator('body').click({ position: { x: 5, y: 5 } });
  await gm.keyboard.press('Alt+ArrowDown');
  const notice = gm.locator('.notice-error');
  await expect.poll(() => notice.textContent()).toContain('Kenji is acting now');
  expect(await notice.textContent()).not.toMatch(/\(reorder\)|reorder\//);
  expect(await order(gm)).toEqual(['Kenji', 'Archer', 'Aiko', 'Goro', 'Ronin']);
  expect(errors).toEqual([]);
  await gm.close();
});

test('Fallout: four tied raiders put in order with the keyboard only', async () => {
  const raider = { per: 5, agi: 5, str: 6, hp: 10, skills: { 'melee weapons': 2 }, weapons: [{ name: 'Machete', type: 'melee', damage: 3 }] };
  const enc = await createEncounter(server, {
    rules: 'fallout',
    title: 'Four raiders',
    seed: 2077,
    sides: [{ name: 'Vault', players: true }, { name: 'Raiders' }],
    combatants: [
      { name: 'Nora', kind: 'pc', side: 'Vault', stats: { per: 6, agi: 7, str: 5, end: 5, int: 6, cha: 5, luc: 3, hp: 12 } },
      { name: 'Raider', side: 'Raiders', count: 4, stats: raider },
    ],
  });
  const { gm, errors } = await open(enc);
  const tie = gm.getByRole('group', { name: /Tied at 10/ });
  await tie.waitFor();
  // The tied raiders are put in order in the tie's box, not moved one by one in the order below.
  expect(await gm.getByRole('button', { name: 'Move Raider 2 up', exact: true }).count()).toBe(0);
  expect(await gm.getByRole('button', { name: 'Move Nora down', exact: true }).count()).toBe(1);
  await shot(gm, 'gm-fallout-tie', false, true);

  // T goes to the tie; 3, 1, 4 pick Raider 3, Raider, Raider 4 (Raider 2 is left last); Enter sets it.
  await gm.locator('body').click({ position: { x: 5, y: 5 } });
  await gm.keyboard.press('t');
  await expect.poll(() => gm.evaluate(() => document.activeElement?.closest('.tie-order') !== null)).toBe(true);
  for (const k of ['3', '1', '4']) await gm.keyboard.press(k);
  await expect.poll(() => tie.locator('.tie-name').allTextContents()).toEqual(['3 Raider 31st', '1 Raider2nd', '4 Raider 43rd', '2 Raider 24th']);
  await shot(gm, 'gm-fallout-tie-picked', true, true);
  await gm.keyboard.press('Enter');
  await tie.waitFor({ state: 'detached' });
  await expect.poll(() => order(gm)).toEqual(['Nora', 'Raider 3', 'Raider', 'Raider 4', 'Raider 2']);
  expect(await gm.getByRole('button', { name: 'Move Raider 2 up', exact: true }).count()).toBe(1);

  // Undo the last answer: Raider 2 and Raider 4 are tied again; Alt+ArrowDown / Alt+ArrowUp move the
  // one with the focus; Enter sets Raider 2 before Raider 4 this time.
  await gm.keyboard.press('u');
  await expect.poll(() => gm.getByRole('group', { name: /Tied at 10 \(after Raider 3, Raider\)/ }).count()).toBe(1);
  await gm.keyboard.press('t');
  await expect.poll(() => gm.evaluate(() => document.activeElement?.textContent)).toContain('Raider 2');
  await gm.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => tie.locator('.tie-name').allTextContents()).toEqual(['2 Raider 41st', '1 Raider 22nd']);
  await expect.poll(() => gm.evaluate(() => document.activeElement?.textContent)).toContain('Raider 2');
  await gm.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => tie.locator('.tie-name').allTextContents()).toEqual(['1 Raider 21st', '2 Raider 42nd']);
  await gm.keyboard.press('Enter');
  await tie.waitFor({ state: 'detached' });
  await expect.poll(() => order(gm)).toEqual(['Nora', 'Raider 3', 'Raider', 'Raider 2', 'Raider 4']);
  expect(await gm.locator('.notice-error').count()).toBe(0);
  expect(errors).toEqual([]);
  await gm.close();
});
