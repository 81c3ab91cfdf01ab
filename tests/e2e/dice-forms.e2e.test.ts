/**
 * Dice in the GM's forms (issue 21, items 9 and 10): the damage box takes "2d6" and shows the roll;
 * with "Type in the dice" ticked a blank faces box is refused, nothing sent, and "6, 5" applies 11;
 * three initiative typos are all said at once, each next to its own box; a Kuro skill's level is a
 * number box in the add form, not a JSON text box.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createEncounter, docksFight, serverAndBrowser, watchErrors } from './harness.ts';
import type { Created, Server } from './harness.ts';
import { shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function open(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  page.setDefaultTimeout(20_000);
  const errors = watchErrors(page);
  await page.goto(url);
  await page.getByTestId('now').waitFor();
  return { page, errors };
}

/** The encounter as the server has it (its version counts the commands accepted). */
async function stored(enc: Created): Promise<{ encounter: { version: number }; view: { combatants: { name: string; stats: Record<string, unknown> }[] } }> {
  const r = await fetch(`${server.url}/api/encounters/${enc.id}`, { headers: { authorization: `Bearer ${enc.gmKey}` } });
  if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
  return (await r.json()) as Awaited<ReturnType<typeof stored>>;
}

/** Whether an input's placeholder is shown whole (not cut off by the box's width). */
const placeholderFits = (page: Page, selector: string): Promise<boolean> =>
  page.locator(selector).evaluate((el) => {
    const input = el as HTMLInputElement;
    const cs = getComputedStyle(input);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    return ctx.measureText(input.placeholder).width <= input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  });

const logLines = (page: Page): Promise<string[]> => page.locator('.log-list li').allTextContents().then((l) => l.map((x) => x.trim()));

test('damage: "2d6" is rolled and shown; typed in, a blank faces box is refused and nothing sent; "6, 5" applies 11', async () => {
  const enc = await docksFight(server);
  const { page: gm, errors } = await open(enc.gmUrl);
  const bar = gm.getByRole('form', { name: 'Damage and heal' });
  await gm.getByLabel('Select Goblin').check();
  // The box says it takes dice, and says it whole.
  expect(await gm.locator('#amount').getAttribute('placeholder')).toContain('2d6');
  expect(await placeholderFits(gm, '#amount')).toBe(true);

  // The app rolls 2d6: the roll is in the log and on the result card.
  await gm.locator('#amount').fill('2d6');
  await bar.getByRole('button', { name: /^Damage/ }).click();
  let rolled = '';
  await expect
    .poll(async () => {
      rolled = (await logLines(gm)).find((l) => l.startsWith('Goblin takes')) ?? '';
      return rolled;
    })
    .toMatch(/^Goblin takes \d+ damage \(2d6: \[\d, \d\] = \d+; HP 40 → \d+\)\.$/);
  const [, total, a, b, sum, left] = /^Goblin takes (\d+) damage \(2d6: \[(\d), (\d)\] = (\d+); HP 40 → (\d+)\)/.exec(rolled)!;
  expect(Number(a) + Number(b)).toBe(Number(total));
  expect(sum).toBe(total);
  expect(Number(left)).toBe(40 - Number(total));
  const card = gm.getByTestId('last-result');
  await expect.poll(() => card.textContent()).toContain(rolled);
  expect(await card.locator('ul.rolls li').first().textContent()).toMatch(new RegExp(`2d6\\s*${a}\\s*${b}\\s*= ${total}`));
  expect(await gm.locator('#amount').inputValue()).toBe('');
  const hpAfterRoll = Number(left);

  // "Type in the dice" ticked, the faces box blank: refused with a message, nothing sent.
  await gm.locator('#amount').fill('2d6');
  await bar.getByLabel('Type in the dice').check();
  const faces = bar.getByLabel('Dice rolled (2d6)');
  await faces.waitFor();
  expect(await placeholderFits(gm, '.damage-bar .bar-faces')).toBe(true);
  const before = (await stored(enc)).encounter.version;
  await bar.getByRole('button', { name: /^Damage/ }).click();
  const alert = bar.getByRole('alert');
  await expect.poll(() => alert.textContent()).toMatch(/2d6 rolled at the table.*untick "Type in the dice"/);
  expect((await stored(enc)).encounter.version).toBe(before);
  expect((await logLines(gm)).filter((l) => l.startsWith('Goblin takes'))).toHaveLength(1);
  expect(await gm.locator('#amount').inputValue()).toBe('2d6');

  // The faces rolled at the table: 6 and 5, 11 damage, said as typed in.
  await faces.fill('6, 5');
  await shot(gm, 'dice-forms-damage-typed');
  await bar.getByRole('button', { name: /^Damage/ }).click();
  await expect.poll(() => logLines(gm)).toContain(`Goblin takes 11 damage (2d6: [6, 5] = 11; HP ${hpAfterRoll} → ${hpAfterRoll - 11}).`);
  await expect.poll(() => alert.count()).toBe(0);
  await expect.poll(() => card.textContent()).toContain('typed in');
  expect((await stored(enc)).encounter.version).toBeGreaterThan(before);
  await shot(gm, 'dice-forms-damage-applied');
  expect(errors).toEqual([]);
  await gm.context().close();
});

test('initiative: three typed mistakes are said at once, each next to its own box, and nothing is sent', async () => {
  const enc = await createEncounter(server, {
    rules: 'swn',
    title: 'Pier 9',
    combatants: [
      { name: 'Vasquez', kind: 'pc', side: 'Crew', hp: 12 },
      { name: 'Raider', hp: 8 },
      { name: 'Drone', hp: 5 },
    ],
  });
  const { page: gm, errors } = await open(enc.gmUrl);
  const table = gm.locator('table.init-table');
  const box = (name: string) => gm.getByLabel(`Faces rolled for ${name}`, { exact: true });
  await box('Vasquez').fill('6x');
  await box('Raider').fill('9');
  await box('Drone').fill('0');
  const before = (await stored(enc)).encounter.version;
  await gm.getByRole('button', { name: 'Use the typed rolls' }).click();
  await expect.poll(() => table.locator('.sf-error').count()).toBe(3);
  // Each problem in its box's row, the box pointing at it, naming what was typed there.
  for (const [name, typed] of [
    ['Vasquez', '6x'],
    ['Raider', '9'],
    ['Drone', '0'],
  ] as const) {
    const row = table.locator('tbody tr', { has: box(name) });
    const said = row.locator('.sf-error');
    expect(await said.count()).toBe(1);
    expect(await said.textContent()).toContain(typed);
    expect(await box(name).getAttribute('aria-invalid')).toBe('true');
    expect(await box(name).getAttribute('aria-describedby')).toBe(await said.getAttribute('id'));
    // Next to it: the message sits under its box, inside the same cell.
    const [b, s] = await Promise.all([box(name).boundingBox(), said.boundingBox()]);
    expect(s!.y).toBeGreaterThanOrEqual(b!.y + b!.height - 1);
    expect(s!.y).toBeLessThan(b!.y + b!.height + 40);
  }
  expect((await stored(enc)).encounter.version).toBe(before);
  await shot(gm, 'dice-forms-initiative-errors');

  // Corrected, the typed rolls go in.
  await box('Vasquez').fill('6');
  await box('Raider').fill('8');
  await box('Drone').fill('1');
  await gm.getByRole('button', { name: 'Use the typed rolls' }).click();
  await expect.poll(() => table.locator('.sf-error').count()).toBe(0);
  await expect.poll(async () => (await stored(enc)).encounter.version).toBeGreaterThan(before);
  expect(errors).toEqual([]);
  await gm.context().close();
});

test("Kuro: a skill's level is typed into a number box in the add form, and saved", async () => {
  const enc = await createEncounter(server, { rules: 'kuro', title: 'Shinjuku', combatants: [{ name: 'Kenji', kind: 'pc', side: 'Crew' }] });
  const { page: gm, errors } = await open(enc.gmUrl);
  const form = gm.getByRole('form', { name: 'Add combatants' });
  await form.locator('#add-name').fill('Yakuza');
  const more = form.locator('details.sf-more');
  if (!(await more.evaluate((d) => (d as HTMLDetailsElement).open))) await more.locator('summary').click();
  const skills = form.locator('.sf-row', { has: gm.getByText('Skills', { exact: true }) });
  await skills.getByRole('button', { name: '+ Skills' }).click();
  await skills.getByLabel('Skills: name 1').fill('Kenjutsu');
  const level = skills.getByLabel('Level *', { exact: true });
  expect(await level.evaluate((e) => `${e.tagName} ${e.getAttribute('type')} ${e.getAttribute('inputmode')}`)).toBe('INPUT text numeric');
  expect(await skills.locator('textarea').count()).toBe(0);
  await level.fill('3');
  await shot(gm, 'dice-forms-kuro-skill');
  await form.getByRole('button', { name: /^Add/ }).click();
  await gm.locator('.combatant', { has: gm.getByText('Yakuza', { exact: true }) }).waitFor();
  const yakuza = (await stored(enc)).view.combatants.find((c) => c.name === 'Yakuza');
  expect(yakuza?.stats.skills).toEqual({ Kenjutsu: { level: 3, specialisations: {} } });
  expect(errors).toEqual([]);
  await gm.context().close();
});
