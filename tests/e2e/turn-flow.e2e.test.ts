/**
 * The turn as the GM screen follows it (issue 21, items 4 and 5): in Kuro's simultaneous slot the screen
 * moves to the member still to declare and N never passes for him; in popcorn N takes the action of the
 * one with the initiative (no label needed) and then opens the pass; in CWN's side initiative the last
 * member of a side is taken without Shift+1.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createEncounter, exampleFight, serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { action, actions, dialog, headline, shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function gmPage(url: string): Promise<{ gm: Page; errors: string[] }> {
  const gm = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  gm.setDefaultTimeout(20_000);
  const errors = watchErrors(gm);
  await gm.goto(url);
  await gm.getByTestId('now').waitFor();
  return { gm, errors };
}

const shownName = async (gm: Page) => ((await gm.locator('#actions-h').textContent()) ?? '').replace(/'s actions$/, '');
const nextButton = (gm: Page) => gm.locator('[data-shortcut="n"]');
const nextText = async (gm: Page) => ((await nextButton(gm).textContent()) ?? '').replace(/N$/, '').trim();
const logText = (gm: Page) => gm.locator('.log-list').textContent();
/** How many lines the log has: once the screen is steady, a key that sent nothing leaves it as it was. */
const logLines = (gm: Page) => gm.locator('.log-list li').count();

/** The key shown on the combatant's action whose label starts with `label`. */
const keyOf = (gm: Page, label: string) => actions(gm).locator('.action-main', { hasText: label }).first().getAttribute('data-shortcut');

/** An attack opened from the actions shown, on `target`, rolled. */
async function attackWithKey(gm: Page, key: string, target: string): Promise<void> {
  await gm.keyboard.press(key);
  await dialog(gm).getByLabel('Target *').selectOption({ label: target });
  await dialog(gm).getByRole('button', { name: /^(Roll|Do it)$/ }).click();
  await dialog(gm).waitFor({ state: 'detached' });
}

const yakuza = { side: 'Bandits', stats: { REA: 2, REF: 2, DEX: 3, STR: 3, hp: 14, defence: 8, skills: { Kenjutsu: 2 }, weapons: [{ name: 'Katana', damage: '2d6', skill: 'Kenjutsu' }] } };

test('Kuro, equal initiative: the screen moves to the one still to declare, and N never passes for him', async () => {
  const enc = await createEncounter(server, {
    rules: 'kuro',
    title: 'Alley behind the teahouse',
    seed: 3,
    sides: [{ name: 'Party', players: true }, { name: 'Bandits' }],
    combatants: [
      { name: 'Kenji', kind: 'pc', side: 'Party', stats: { REA: 3, REF: 3, DEX: 3, STR: 3, hp: 20, defence: 9, skills: { Kenjutsu: 2 }, weapons: [{ name: 'Katana', damage: '2d6', skill: 'Kenjutsu' }] } },
      { name: 'Yakuza', count: 2, ...yakuza },
    ],
    // Both yakuza 2dK + 4 = 12, Kenji 3dK + 6 = 9: the yakuza tie and act first, at the same time.
    commands: [{ type: 'start', dice: { Kenji: [1, 1, 1], Yakuza: [5, 3], 'Yakuza 2': [5, 3] } }],
  });
  const { gm, errors } = await gmPage(enc.gmUrl);
  await expect.poll(() => headline(gm)).toBe('Yakuza and Yakuza 2 act together');
  await expect.poll(() => shownName(gm)).toBe('Yakuza');

  // Yakuza attacks Kenji: the screen moves on to Yakuza 2, who has still to declare.
  await attackWithKey(gm, (await keyOf(gm, 'Normal Attack'))!, 'Kenji');
  await expect.poll(() => shownName(gm)).toBe('Yakuza 2');
  expect(await headline(gm)).toBe('Yakuza and Yakuza 2 act together');
  // N says what it does, and it is not a pass: Yakuza 2's action is not thrown away.
  await expect.poll(() => nextText(gm)).toBe('Waiting for Yakuza 2 to declare');
  const lines = await logLines(gm);
  await gm.keyboard.press('n');
  await expect.poll(() => gm.locator('.notice-error').textContent()).toContain('Yakuza 2 has not declared an action yet');
  expect(await headline(gm)).toBe('Yakuza and Yakuza 2 act together');
  expect(await logLines(gm)).toBe(lines);
  expect(await logText(gm)).not.toMatch(/Yakuza 2 passes/);
  await shot(gm, 'gm-kuro-tie-waiting');

  // Back on Yakuza (who has declared), N shows Yakuza 2 again.
  await gm.getByRole('tab', { name: 'Yakuza', exact: true }).click();
  await expect.poll(() => shownName(gm)).toBe('Yakuza');
  await expect.poll(() => nextText(gm)).toBe('Show Yakuza 2: still to declare');
  await gm.keyboard.press('n');
  await expect.poll(() => shownName(gm)).toBe('Yakuza 2');

  // Yakuza 2 attacks too; then N ends the slot and both attacks land together.
  await attackWithKey(gm, (await keyOf(gm, 'Normal Attack'))!, 'Kenji');
  await expect.poll(() => nextText(gm)).toBe('End the turn: the actions resolve together');
  await gm.keyboard.press('n');
  await expect.poll(() => headline(gm)).toBe('Kenji acts');
  expect(await logText(gm)).not.toMatch(/passes/);
  expect(errors).toEqual([]);
  await gm.close();
});

test('popcorn: N takes the action of the one with the initiative, then opens the pass; "Take the action" needs no label', async () => {
  const enc = await createEncounter(server, {
    rules: 'popcorn',
    title: 'Mill',
    sides: [{ name: 'Party', players: true }, { name: 'Orcs' }],
    combatants: [
      { name: 'Mira', kind: 'pc', side: 'Party', hp: 10 },
      { name: 'Brom', kind: 'pc', side: 'Party', hp: 14 },
      { name: 'Orc', side: 'Orcs', hp: 8 },
    ],
    commands: [{ type: 'start', combatant: 'Orc' }],
  });
  const { gm, errors } = await gmPage(enc.gmUrl);
  await expect.poll(() => headline(gm)).toBe('Orc acts');
  // N says what it does, and does it.
  await expect.poll(() => nextText(gm)).toBe('Orc takes the action');
  await gm.keyboard.press('n');
  await expect.poll(() => logText(gm)).toContain('Orc takes the action.');
  await expect.poll(() => headline(gm)).toBe('Orc passes the initiative');
  // Then N opens the pass, to choose who is next.
  await expect.poll(() => nextText(gm)).toBe('Orc passes the initiative…');
  await gm.keyboard.press('n');
  await dialog(gm).getByLabel('To', { exact: true }).selectOption({ label: 'Mira' });
  await dialog(gm).getByRole('button', { name: 'Do it', exact: true }).click();
  await dialog(gm).waitFor({ state: 'detached' });
  await expect.poll(() => headline(gm)).toBe('Mira acts');

  // "Take the action" goes at once, with no label typed.
  await action(gm, 'Take the action');
  await expect.poll(() => logText(gm)).toContain('Mira takes the action.');
  await expect.poll(() => dialog(gm).count()).toBe(0);
  await expect.poll(() => headline(gm)).toBe('Mira passes the initiative');
  expect(errors).toEqual([]);
  await gm.close();
});

test('CWN side initiative: the last member of a side is taken without Shift+1', async () => {
  // The example's free round: the Boss and a Razor have acted; Razor 2 is the last of the Razors.
  const enc = await exampleFight(server, 'cwn', 8);
  const { gm, errors } = await gmPage(enc.gmUrl);
  await expect.poll(() => headline(gm)).toBe('Razor 2 acts for Razors');
  await expect.poll(() => shownName(gm)).toBe('Razor 2');
  expect(await gm.locator('.now-detail').textContent()).toBe('The last of the Razors to act this round');
  await expect.poll(() => nextText(gm)).toBe("Begin Razor 2's turn");
  await gm.keyboard.press('n');
  await expect.poll(() => nextText(gm)).toBe("End Razor 2's turn");
  expect(await headline(gm)).toBe('Razor 2 acts for Razors');
  expect(await shownName(gm)).toBe('Razor 2');
  expect(errors).toEqual([]);
  await gm.close();
});
