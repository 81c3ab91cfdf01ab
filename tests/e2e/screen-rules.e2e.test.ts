/**
 * What the rules allow, done from the screens: a Fallout readied attack readied and set off from the GM
 * screen; a defeated combatant healed back into the fight (and put down again by undo); a campaign's
 * new fight refusing a count below 1 next to its box; quick add's Enter adding the bestiary hit the
 * screen highlights ("3 x raid" → 3 × Raider); a PC's maximum HP of 0 refused next to the HP stat.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createEncounter, exampleFight, serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { action, dialog, headline, shot, submit } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function open(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  page.setDefaultTimeout(20_000);
  const errors = watchErrors(page);
  await page.goto(url);
  return { page, errors };
}

async function owner(path: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as Record<string, unknown>;
}

const logLines = (page: Page): Promise<string[]> => page.locator('.log-list li').allTextContents().then((l) => l.map((x) => x.trim()));
const row = (page: Page, name: string) => page.locator('.combatant', { has: page.getByText(name, { exact: true }) });

test('Fallout: an attack readied on the GM screen goes off when the GM marks its trigger', async () => {
  // The example fight up to Nora's attack: her turn, one major action taken.
  const enc = await exampleFight(server, 'fallout', 5);
  const { page: gm, errors } = await open(enc.gmUrl);
  await gm.getByTestId('now').waitFor();
  await expect.poll(() => headline(gm)).toBe('Nora acts');
  await action(gm, /Ready a major action/);
  const d = dialog(gm);
  await d.waitFor();
  await d.getByLabel(/^Trigger/).fill('the ghoul charges');
  await d.getByLabel(/^Action/).selectOption('attack');
  await submit(gm, 'Do it');
  await expect.poll(async () => (await logLines(gm)).some((l) => l.startsWith('Nora readies an attack for when "the ghoul charges"'))).toBe(true);
  await gm.getByRole('button', { name: /End Nora's turn/ }).click();
  await expect.poll(() => headline(gm)).not.toBe('Nora acts');
  // Out of turn: the readied attack. One click marks its trigger: no form asking for it again.
  const readied = gm.locator('.interrupts').getByRole('button', { name: /^Nora: Readied attack when "the ghoul charges"/ });
  await readied.click();
  await expect.poll(() => logLines(gm)).toContain('"the ghoul charges" happens: Nora acts now.');
  expect(await gm.locator('dialog[open]').count()).toBe(0);
  await expect.poll(() => headline(gm)).toBe('Nora acts');
  // Her attack on the ghoul: the pistol's button, then the Ghoul among its targets (fallout-attack.e2e.test.ts).
  await gm.getByTestId('legal-actions').locator('.action-main', { hasText: /Attack with 10mm pistol/ }).first().click();
  await dialog(gm).getByRole('list', { name: 'Targets' }).getByRole('button', { name: /^Ghoul / }).waitFor();
  await gm.keyboard.press('Escape');
  await dialog(gm).waitFor({ state: 'detached' });
  await shot(gm, 'gm-fallout-readied-fired');
  expect(errors).toEqual([]);
  await gm.context().close();
});

test('a defeated combatant healed above 0 HP is back in the fight and takes its turn; undo puts it down again', async () => {
  const enc = await createEncounter(server, {
    rules: 'custom',
    title: 'Docks',
    combatants: [
      { name: 'Vasquez', kind: 'pc', side: 'Crew', hp: 12 },
      { name: 'Goblin', hp: 10 },
      { name: 'Grunt', hp: 10 },
    ],
    commands: [{ type: 'start', dice: { Vasquez: 15, Goblin: 12, Grunt: 4 } }, { type: 'damage', combatants: ['Goblin'], amount: 10 }],
  });
  const { page: gm, errors } = await open(enc.gmUrl);
  await gm.getByTestId('now').waitFor();
  await row(gm, 'Goblin').locator('.tag.bad', { hasText: 'defeated' }).waitFor();
  await gm.getByLabel('Select Goblin').check();
  await gm.locator('#amount').fill('10');
  await gm.locator('.damage-bar button[value="heal"]').click();
  await expect.poll(() => logLines(gm)).toContain('Goblin is back in the fight.');
  await expect.poll(() => row(gm, 'Goblin').locator('.tag.bad', { hasText: 'defeated' }).count()).toBe(0);
  expect(await row(gm, 'Goblin').textContent()).toContain('10/10');
  await gm.getByLabel('Select Goblin').uncheck();
  // Vasquez's turn ends: Goblin (12) acts, not skipped for Grunt (4).
  await gm.getByRole('button', { name: /End Vasquez's turn/ }).click();
  await expect.poll(() => headline(gm)).toBe('Goblin acts');
  // Undo the end of the turn and the heal: Goblin is down again and skipped.
  await gm.locator('body').click({ position: { x: 5, y: 5 } });
  await gm.keyboard.press('u');
  await expect.poll(() => headline(gm)).toBe('Vasquez acts');
  await gm.keyboard.press('u');
  await row(gm, 'Goblin').locator('.tag.bad', { hasText: 'defeated' }).waitFor();
  await gm.getByRole('button', { name: /End Vasquez's turn/ }).click();
  await expect.poll(() => headline(gm)).toBe('Grunt acts');
  expect(errors).toEqual([]);
  await gm.context().close();
});

test('a campaign: a count below 1 refused next to its box; quick add Enter adds the highlighted Raider; HP 0 refused next to HP', async () => {
  const made = (await owner('/api/campaigns', { rules: 'swn', title: 'The Drowned Coast' })) as { campaign: { id: string } };
  const id = made.campaign.id;
  await owner(`/api/campaigns/${id}/commands`, { type: 'add-pc', name: 'Vasquez', stats: { hp: 12, ac: 15 } });
  await owner(`/api/campaigns/${id}/commands`, { type: 'add-template', name: 'Raider', tags: ['raider', 'human'], stats: { hp: 7, ac: 13 } });
  const { page, errors } = await open(`${server.url}/#owner=${server.ownerToken}`);
  await page.locator('#title').waitFor();
  await page.goto(`${server.url}/campaign/${id}`);
  await page.locator('.pc', { hasText: 'Vasquez' }).waitFor();

  // A PC with a maximum HP of 0: refused, next to the HP stat, in words.
  await page.getByRole('button', { name: '+ Add a character' }).click();
  let d = dialog(page);
  await d.locator('#pc-name').fill('Kade');
  await d.getByLabel('HP', { exact: true }).fill('0');
  await d.getByRole('button', { name: 'Add to the party' }).click();
  const said = () => d.locator('.sf-invalid').evaluateAll((rows) => rows.map((r) => `${r.querySelector('label')?.textContent ?? ''} | ${r.querySelector('.sf-error')?.textContent ?? ''}`));
  await expect.poll(said).toEqual(['HP | HP: at least 1 (a character at 0 HP is defeated before the fight starts).']);
  expect(await d.locator('p.error').count()).toBe(0);
  await d.getByLabel('HP', { exact: true }).fill('10');
  await d.getByRole('button', { name: 'Add to the party' }).click();
  await d.waitFor({ state: 'detached' });
  await page.getByRole('meter', { name: 'Kade HP 10 of 10' }).waitFor();

  // A new fight with "-2" raiders: refused next to the box, nothing created.
  await page.getByRole('button', { name: '+ New fight' }).click();
  d = dialog(page);
  const count = d.getByLabel('How many Raider', { exact: true });
  await count.fill('-2');
  await d.getByRole('button', { name: 'Create and open the GM screen' }).click();
  await expect.poll(() => d.locator('.count-error').textContent()).toBe('“-2” is not a number of Raider: type 1 to 50, or leave it empty for none.');
  expect(await count.getAttribute('aria-invalid')).toBe('true');
  expect(await count.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(page.url()).toContain('/campaign/');
  await shot(page, 'campaign-new-fight-count-refused');
  await count.fill('2');
  expect(await d.locator('.count-error').count()).toBe(0);
  await d.getByRole('button', { name: 'Create and open the GM screen' }).click();
  await page.waitForURL(/\/gm\//);
  await page.getByTestId('now').waitFor();
  await expect.poll(() => page.locator('.combatant').count()).toBe(4);

  // Quick add: "3 x raid" offers "+ 3 × Raider", highlighted; Enter adds three Raiders from the bestiary.
  await page.locator('#add-name').fill('3 x raid');
  const hits = page.getByRole('group', { name: 'From the bestiary' });
  await hits.locator('button.picked', { hasText: '3 × Raider' }).waitFor();
  expect(await page.getByRole('form', { name: 'Add combatants' }).getByRole('button', { name: 'Add 3 × Raider', exact: true }).count()).toBe(1);
  await shot(page, 'gm-quick-add-bestiary-picked');
  await page.locator('#add-name').press('Enter');
  await expect.poll(() => page.locator('.combatant').count()).toBe(7);
  expect(await row(page, 'Raider 5').locator('.hp-text').textContent()).toBe('HP 7/7');
  expect(await page.locator('.combatant', { hasText: /^raid/ }).count()).toBe(0);
  // ↓ moves the highlight to the name as typed: Enter then adds it as typed.
  await page.locator('#add-name').fill('raid');
  await hits.locator('button.picked', { hasText: 'Raider' }).waitFor();
  await page.locator('#add-name').press('ArrowDown');
  await hits.locator('button.picked', { hasText: 'raid, as typed' }).waitFor();
  await page.locator('#add-name').press('Enter');
  await expect.poll(() => page.locator('.combatant').count()).toBe(8);
  await row(page, 'raid').waitFor();
  expect(errors).toEqual([]);
  await page.context().close();
});
