/**
 * Custom attacks (issue 12 item 4): a custom combatant added with a stored attack through the add form
 * offers it by name in its actions; its dialog has the combatant preset as the attacker, never lists it
 * among the targets, and asks only for the target; the result shows the stored hit and damage rolls.
 * In every game, an attack dialog opened from a combatant's actions never offers that combatant as
 * its own opponent.
 */
import { expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { createEncounter, exampleFight, serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { actions, addCombatant, dialog, headline, shot, submit } from './gm-driver.ts';
import { axeBothSchemes } from './a11y.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function gmPage(url: string): Promise<{ gm: Page; errors: string[] }> {
  // A page of its own context: axe (the add form's check) works on those only.
  const gm = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  gm.setDefaultTimeout(20_000);
  const errors = watchErrors(gm);
  await gm.goto(url);
  await gm.getByTestId('now').waitFor();
  return { gm, errors };
}

/** The names a combatant picker offers ("Pirate (defeated)" → "Pirate"). */
async function offered(select: Locator): Promise<string[]> {
  const texts = await select.locator('option').allTextContents();
  return texts.map((t) => t.replace(/ \((defeated|hidden)\)/g, '').trim()).filter((t) => t !== '—');
}

/** Fills one stored attack into the add form's "Attacks" list (under More): each item an "Attack". */
async function storeAttack(gm: Page, a: { name: string; hit: string; damage: string }): Promise<void> {
  const form = gm.getByRole('form', { name: 'Add combatants' });
  const more = form.locator('details.sf-more');
  if (!(await more.evaluate((d) => (d as HTMLDetailsElement).open))) await more.locator('summary').click();
  const list = form.locator('.sf-row', { has: gm.getByText('Attacks', { exact: true }) });
  await list.getByRole('button', { name: '+ Add attack' }).click();
  const item = list.locator('fieldset.sf-item').last();
  // Labelled in GM words (the schema's titles), each with its help line shown under it.
  await item.getByLabel('Attack name *', { exact: true }).fill(a.name);
  await item.getByLabel('Hit *', { exact: true }).fill(a.hit);
  await item.getByLabel('Damage', { exact: true }).fill(a.damage);
  expect(await item.getByLabel('Number to beat', { exact: true }).inputValue()).toBe('');
  for (const help of ['e.g. Shortsword', 'A bonus such as +4, or a roll such as 2d6+1', 'e.g. 1d6+2', "Only if not the target's defense"]) {
    expect(await item.getByText(help, { exact: true }).isVisible(), help).toBe(true);
  }
  expect(await item.getByLabel(/^(Name|vs)\b/).count()).toBe(0);
}

test('custom: a stored attack from the add form, the GM picks only the target', async () => {
  const enc = await createEncounter(server, {
    rules: 'custom',
    title: 'Ambush at the mill',
    seed: 5,
    sides: [{ name: 'Party', players: true }, { name: 'Bandits' }],
    // Defense 1: any roll of 1d20+4 hits, so the damage always shows.
    combatants: [
      { name: 'Brom', kind: 'pc', side: 'Party', hp: 30, stats: { initiative: '1', defense: 1 } },
      { name: 'Asha', kind: 'pc', side: 'Party', hp: 30, stats: { initiative: '2', defense: 1 } },
    ],
  });
  const { gm, errors } = await gmPage(enc.gmUrl);

  // The add form, in GM words: the stored attack under More, its doc said once.
  const form = gm.getByRole('form', { name: 'Add combatants' });
  await storeAttack(gm, { name: 'Shortsword', hit: 'lots', damage: '1d6+2' });
  await expect.poll(() => form.textContent()).toContain('a bonus on the d20 such as +4');
  // A hit that cannot be read: said next to the attacks, once, with the words of the labels shown
  // ("Attack 1", the item's heading; "Hit", the field's label); nothing added.
  await form.locator('#add-name').fill('Bandit');
  await form.getByRole('button', { name: /^Add/ }).click();
  const said = 'Attack 1 › Hit: "lots" is neither a bonus on the d20 (e.g. +4) nor a roll (e.g. 2d6+1)';
  await form.getByText(said).waitFor();
  expect(await form.getByText(said).count()).toBe(1);
  expect(await form.locator('fieldset.sf-item legend').first().textContent()).toMatch(/^Attack 1\b/);
  expect(await form.textContent()).not.toMatch(/attacks\.\d|Attacks \d/);
  expect(await gm.locator('.combatant').count()).toBe(2);
  // Only the box with the problem is marked, not the attack's four boxes.
  const marked = form.locator('[aria-invalid="true"]');
  await expect.poll(() => marked.count()).toBe(1);
  expect(await marked.inputValue()).toBe('lots');
  await shot(gm, 'custom-add-attack-refused');
  await form.locator('fieldset.sf-item').getByLabel('Hit *', { exact: true }).fill('+4');
  await shot(gm, 'custom-add-attack');
  // The attack's labels and help lines pass axe in both colour schemes (with the problem still said).
  expect(await axeBothSchemes(gm, 'add form with a stored attack')).toEqual([]);
  await addCombatant(gm, { name: 'Bandit', kind: 'npc', side: 'Bandits', stats: { Initiative: '20', Defense: '12', HP: '8' } });
  // The form starts afresh after the add: no stored attack carried over to the next combatant.
  expect(await form.locator('fieldset.sf-item').count()).toBe(0);

  await gm.getByRole('button', { name: /^Start the fight/ }).click();
  await expect.poll(() => headline(gm)).toBe('Bandit acts');
  const label = 'Attack with Shortsword: +4 vs defense, 1d6+2';
  await expect.poll(() => actions(gm).locator('.action-main').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining(label), expect.stringContaining('Attack (type the numbers)')]));
  await actions(gm).locator('.action-main', { hasText: label }).click();

  const d = dialog(gm);
  await d.waitFor();
  // The attacker preset (said, not asked), the stored numbers shown; no box for hit or damage.
  expect(await d.locator('.preset').textContent()).toBe('Actor: Bandit · Hit: 1d20+4 · Damage: 1d6+2');
  expect(await d.getByLabel(/^(Actor|Hit|Damage)/).count()).toBe(0);
  const target = d.getByLabel('Target *');
  expect((await offered(target)).sort()).toEqual(['Asha', 'Brom']);
  await target.selectOption({ label: 'Brom' });
  await shot(gm, 'custom-attack-dialog');
  await submit(gm, 'Roll');

  const result = gm.getByTestId('last-result');
  await result.getByText(/^Bandit: attack on Brom with Shortsword: \d+ vs 1 \(1d20\+4: \[\d+\] \+ 4 = \d+\), hit, \d+ damage \(1d6\+2: \[\d\] \+ 2 = \d+\)\.$/).waitFor();
  expect(await result.locator('.rolls').textContent()).toMatch(/Hit 1d20\+4.*Damage 1d6\+2/);
  await shot(gm, 'custom-attack-result');

  // The free-form attack too: the actor preset, not among the targets.
  await gm.getByRole('button', { name: 'Attack (type the numbers): more options' }).click();
  await d.waitFor();
  expect(await d.locator('.preset').textContent()).toBe('Actor: Bandit');
  expect((await offered(d.getByLabel('Target *'))).sort()).toEqual(['Asha', 'Brom']);
  await gm.keyboard.press('Escape');
  await d.waitFor({ state: 'detached' });
  expect(errors).toEqual([]);
  await gm.context().close();
});

/** Each game mid-fight (from its example script), someone acting with attacks to make; which pickers show. */
const GAMES: readonly { rules: string; commands: number; pickers: readonly string[] }[] = [
  { rules: 'swn', commands: 4, pickers: ['Target'] },
  { rules: 'cwn', commands: 4, pickers: ['Target'] },
  // Kuro's parry and dodge: the defender preset, the attacker picked.
  { rules: 'kuro', commands: 1, pickers: ['Target', 'Actor'] },
  // Fallout: one action per foe, the target preset.
  { rules: 'fallout', commands: 1, pickers: [] },
];

for (const g of GAMES) {
  test(`${g.rules}: no attack dialog offers the combatant as its own opponent`, async () => {
    const enc = await exampleFight(server, g.rules, g.commands);
    const { gm, errors } = await gmPage(enc.gmUrl);
    await expect.poll(() => headline(gm)).toMatch(/ acts/);
    let checked = 0;
    const seen = new Set<string>();
    // The acting combatant, then each other one picked in the roster (Kuro's parry and dodge are theirs).
    const names = (await gm.locator('.roster button.name').allTextContents()).map((n) => n.trim());
    for (const who of [null, ...names]) {
      if (who) await gm.getByRole('button', { name: `${who}: show actions`, exact: true }).click();
      const more = actions(gm).getByRole('button', { name: /(attack|parry|dodge|shove|grapple).*: more options$/i });
      for (let i = 0; i < (await more.count()); i++) {
        await more.nth(i).click();
        const d = dialog(gm);
        await d.waitFor();
        const title = (await d.getByRole('heading').first().textContent()) ?? '';
        const me = title.split(':')[0]!.trim();
        // Fallout: the weapon's targets first (fallout-attack.e2e.test.ts): never the attacker; the first one's form then.
        const targets = d.locator('[data-testid="target-choices"]');
        if ((await targets.count()) > 0) {
          expect(await targets.locator('.target-name').allTextContents(), title).not.toContain(me);
          checked++;
          await targets.getByRole('button').first().click();
          await d.locator('form').waitFor();
        }
        for (const picker of ['Target', 'Actor']) {
          const select = d.getByLabel(new RegExp(`^${picker}( \\*)?$`));
          if ((await select.count()) === 0) continue;
          expect(await offered(select), `${title}: ${picker}`).not.toContain(me);
          seen.add(picker);
          checked++;
        }
        // A target preset (Fallout: one action per foe) is never the attacker either.
        const preset = (await d.locator('.preset').count()) > 0 ? ((await d.locator('.preset').textContent()) ?? '') : '';
        if (/Target: /.test(preset) && /Actor: /.test(preset)) {
          expect(/Target: ([^·]+)/.exec(preset)![1]!.trim(), title).not.toBe(/Actor: ([^·]+)/.exec(preset)![1]!.trim());
          checked++;
        }
        await gm.keyboard.press('Escape');
        await d.waitFor({ state: 'detached' });
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect([...seen].sort()).toEqual([...g.pickers].sort());
    expect(errors).toEqual([]);
    await gm.context().close();
  });
}
