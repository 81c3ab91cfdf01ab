/**
 * Accessibility (issue 12, item 15): axe-core finds no serious or critical violation — labels, names,
 * contrast of 4.5:1 — on the start page, each game's GM screen mid-fight (a defeated combatant, a ticked
 * one, an action's form open), the campaign page and the player view on a phone and a TV, in the dark
 * and the light colour scheme alike.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { exampleFight, serverAndBrowser, watchErrors } from './harness.ts';
import type { Created, Server } from './harness.ts';
import { dialog, shot } from './gm-driver.ts';
import { axeBothSchemes } from './a11y.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** A game's example fight, the first `commands` of its script played: started, some blows exchanged. */
function fight(rules: string, commands: number, more: readonly unknown[] = []): Promise<Created> {
  return exampleFight(server, rules, commands, more);
}

async function owner(path: string, body?: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${server.ownerToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as Record<string, unknown>;
}

async function newPage(width: number, height: number): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
  page.setDefaultTimeout(20_000);
  return { page, errors: watchErrors(page) };
}

test('the start page: the owner token form, then campaigns, encounters and the new encounter form', async () => {
  await fight('swn', 4);
  await owner('/api/campaigns', { rules: 'kuro', title: 'Neo Tokyo nights' });
  const { page, errors } = await newPage(1400, 1000);
  await page.goto(server.url);
  await page.locator('#owner').waitFor();
  const problems = await axeBothSchemes(page, 'start page, owner token');
  await page.locator('#owner').fill(server.ownerToken);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Neo Tokyo nights').first().waitFor();
  await page.locator('#title').waitFor();
  problems.push(...(await axeBothSchemes(page, 'start page')));
  await page.emulateMedia({ colorScheme: 'light' });
  await shot(page, 'a11y-start-light');
  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
  await page.context().close();
});

/** How far into each game's example fight the GM screen is checked. */
const GAMES: { rules: string; commands: number }[] = [
  { rules: 'swn', commands: 4 },
  { rules: 'cwn', commands: 5 },
  { rules: 'kuro', commands: 4 },
  { rules: 'fallout', commands: 6 },
  { rules: 'popcorn', commands: 6 },
  { rules: 'custom', commands: 3 },
];

for (const g of GAMES) {
  test(`${g.rules}: the GM screen mid-fight, then with an action's form open`, async () => {
    const enc = await fight(g.rules, g.commands);
    const { page, errors } = await newPage(1400, 1000);
    await page.goto(enc.gmUrl);
    await page.locator('.combatant').first().waitFor();
    await page.getByTestId('legal-actions').waitFor();
    // A defeated combatant (muted but legible) and a ticked one (the damage bar names it).
    const rows = page.locator('.combatant');
    await rows.last().getByRole('button', { name: /^Mark .* defeated$/ }).click();
    await page.locator('.combatant.defeated').first().waitFor();
    await rows.first().locator('input.pick').check();
    // Each HP bar is named with whose it is and its value ("Vasquez HP 5 of 12").
    const first = (await rows.first().locator('button.link.name').textContent()) ?? '';
    expect(await rows.first().getByRole('meter').first().getAttribute('aria-label')).toMatch(new RegExp(`^${first} HP \\d+( of \\d+)?$`));
    const problems = await axeBothSchemes(page, `GM screen (${g.rules})`);

    // An attack's form when the acting combatant has one, else the first action that has a form.
    const attack = page.getByTestId('legal-actions').locator('.action-main', { has: page.locator('span', { hasText: /^Attack/ }) });
    const more = page.getByTestId('legal-actions').locator('.action-more');
    if ((await attack.count()) > 0) await attack.first().click();
    else await more.first().click();
    await dialog(page).waitFor();
    // Fallout: the weapon's targets to choose from first (fallout-attack.e2e.test.ts), then the first one's form.
    if ((await page.locator('dialog[open] [data-testid="target-choices"]').count()) > 0) {
      problems.push(...(await axeBothSchemes(page, `GM screen (${g.rules}), the attack's targets`)));
      await dialog(page).locator('.target-pick').first().click();
      await dialog(page).locator('form').waitFor();
    }
    problems.push(...(await axeBothSchemes(page, `GM screen (${g.rules}), action form`)));
    if (g.rules === 'swn') {
      await page.emulateMedia({ colorScheme: 'light' });
      await shot(page, 'a11y-gm-light-attack');
    }
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
    if (g.rules === 'swn' || g.rules === 'kuro') {
      await page.emulateMedia({ colorScheme: 'dark' });
      await shot(page, `a11y-gm-dark-${g.rules}`, false, true);
      await page.emulateMedia({ colorScheme: 'light' });
      await shot(page, `a11y-gm-light-${g.rules}`, false, true);
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
}

test("swn: the GM screen setting up, a player's request, and the GM's dialogs", async () => {
  const enc = await fight('swn', 0);
  const { page, errors } = await newPage(1400, 1000);
  await page.goto(enc.gmUrl);
  await page.locator('.combatant').first().waitFor();
  // A phone asks to roll Vasquez's initiative: the request waits on the GM screen.
  const phone = await newPage(390, 844);
  await phone.page.goto(enc.playerUrl);
  await phone.page.getByLabel('My character').selectOption({ label: 'Vasquez' });
  await phone.page.getByRole('button', { name: 'Roll initiative' }).click();
  await page.getByRole('region', { name: /Player requests/ }).getByRole('button', { name: 'Accept' }).waitFor();
  const problems = await axeBothSchemes(page, 'GM screen (swn), setting up with a request');
  await page.emulateMedia({ colorScheme: 'light' });
  await shot(page, 'a11y-gm-light-setup');
  const dialogs: [string, () => Promise<void>][] = [
    ['share', () => page.getByRole('button', { name: /^Share/ }).first().click()],
    ['player settings', () => page.getByRole('button', { name: /^Player settings/ }).first().click()],
    ['shortcuts', () => page.keyboard.press('?')],
    ['edit', () => page.getByRole('button', { name: 'Edit Vasquez' }).click()],
    ['condition', () => page.getByRole('button', { name: 'Add a condition to Vasquez' }).click()],
  ];
  for (const [name, open] of dialogs) {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await open();
    await dialog(page).waitFor();
    problems.push(...(await axeBothSchemes(page, `GM screen (swn), ${name} dialog`)));
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
  }
  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
  expect(phone.errors).toEqual([]);
  await phone.page.context().close();
  await page.context().close();
});

test('the campaign page: party, bestiary, fights, and the new fight dialog', async () => {
  const made = (await owner('/api/campaigns', { rules: 'swn', title: 'The Drowned Coast' })) as { campaign: { id: string } };
  const id = made.campaign.id;
  await owner(`/api/campaigns/${id}/commands`, { type: 'add-pc', name: 'Vasquez', hp: 12, stats: { hp: 12, ac: 15 } });
  await owner(`/api/campaigns/${id}/commands`, { type: 'add-template', name: 'Raider', hp: 6, tags: ['raider', 'human'], stats: { hp: 6 } });
  await owner(`/api/campaigns/${id}/fights`, { title: 'Ambush', templates: [{ template: 'Raider', count: 2 }], start: true });
  const { page, errors } = await newPage(1400, 1000);
  await page.goto(`${server.url}/#owner=${server.ownerToken}`);
  await page.locator('#title').waitFor();
  await page.goto(`${server.url}/campaign/${id}`);
  await page.locator('.pc', { hasText: 'Vasquez' }).waitFor();
  await page.locator('.fight', { hasText: 'Ambush' }).waitFor();
  await page.getByRole('meter', { name: 'Vasquez HP 12 of 12' }).waitFor();
  const problems = await axeBothSchemes(page, 'campaign page');
  await page.emulateMedia({ colorScheme: 'light' });
  await shot(page, 'a11y-campaign-light');
  await page.getByRole('button', { name: /New fight/ }).first().click();
  await dialog(page).waitFor();
  problems.push(...(await axeBothSchemes(page, 'campaign page, new fight')));
  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
  await page.context().close();
});

for (const screen of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'TV', width: 1920, height: 1080 },
]) {
  test(`the player view on a ${screen.name} (${screen.width}x${screen.height})`, async () => {
    // Vasquez's turn done, Kade acting, the lookout defeated.
    const enc = await fight('swn', 8, [{ type: 'set-defeated', combatant: 'Lookout', defeated: true }]);
    const { page, errors } = await newPage(screen.width, screen.height);
    await page.goto(enc.playerUrl);
    await page.locator('.pv-now-who').filter({ hasNotText: '…' }).waitFor();
    await page.locator('.pv-badge-live').waitFor();
    await page.locator('.pv-defeated').first().waitFor();
    const problems = await axeBothSchemes(page, `player view (${screen.name})`);
    await page.emulateMedia({ colorScheme: 'light' });
    await shot(page, `a11y-player-light-${screen.name.toLowerCase()}`);
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
}
