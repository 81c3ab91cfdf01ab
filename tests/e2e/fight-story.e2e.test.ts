/**
 * The story of the fight (issue 23, item 6): a short fight played to its end, the GM ending it from the
 * screen. The GM's screen opens the story by itself (a row per combatant, the time per round as bars),
 * copies it as Markdown and downloads it as a .md file, and opens it again from the ended fight; the
 * phone and the TV show the players' story in place of "The fight is over", without the hidden one.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createEncounter, serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { assertNoLeak, dialog, shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function command(id: string, gmKey: string, body: unknown): Promise<void> {
  const r = await fetch(`${server.url}/api/encounters/${id}/commands?view=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gmKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(r.status, await r.text()).toBe(200);
}

const attack = (actor: string, target: string, damage: number) => ({ type: 'attack', actor, target, hit: '1d20+5', damage: '1d6', dice: { hit: 15, damage } });

test('the story of the fight: on the GM screen when it ends, as Markdown, and on the phone and the TV without the hidden', async () => {
  const enc = await createEncounter(server, {
    rules: 'custom',
    title: 'Night at the docks',
    combatants: [
      { name: 'Vasquez', kind: 'pc', hp: 12, stats: { defense: 12 } },
      { name: 'Zorblax', hp: 9, hidden: true, stats: { defense: 11 } },
      { name: 'Goblin', hp: 9, stats: { defense: 10 } },
    ],
    settings: { npcHp: 'exact' },
  });
  const gmContext = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  await gmContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const gm = await gmContext.newPage();
  gm.setDefaultTimeout(20_000);
  const gmErrors = watchErrors(gm);
  await gm.goto(enc.gmUrl);
  await gm.getByTestId('now').waitFor();
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  phone.setDefaultTimeout(20_000);
  const phoneErrors = watchErrors(phone);
  await phone.goto(enc.playerUrl);
  await phone.locator('.pv-badge-live').waitFor();
  const tv = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  tv.setDefaultTimeout(20_000);
  await tv.goto(`${enc.playerUrl}&tv`);
  await tv.locator('.pv-badge-live').waitFor();

  // Two rounds, with a second or so on each turn so that the times show.
  const { id, gmKey } = enc;
  await command(id, gmKey, { type: 'start', dice: { Vasquez: 10, Zorblax: 8, Goblin: 4 } });
  await sleep(1100);
  await command(id, gmKey, attack('Vasquez', 'Goblin', 4));
  await command(id, gmKey, { type: 'end-turn' });
  await sleep(1100);
  await command(id, gmKey, attack('Zorblax', 'Vasquez', 3));
  await command(id, gmKey, { type: 'end-turn' });
  await sleep(600);
  await command(id, gmKey, attack('Goblin', 'Vasquez', 2));
  await command(id, gmKey, { type: 'end-turn' });
  await sleep(1100);
  await command(id, gmKey, attack('Vasquez', 'Goblin', 6));
  await command(id, gmKey, { type: 'heal', combatants: ['Vasquez'], amount: 1 });
  await sleep(300);

  // The GM ends the fight from the screen: the story opens by itself.
  await gm.getByRole('button', { name: 'End fight' }).click();
  await dialog(gm).getByRole('button', { name: 'End the fight' }).click();
  const story = gm.locator('dialog[open][aria-label="Story of the fight"]');
  await story.locator('.story-table').waitFor();
  const rows = async (page: Page, selector: string) => page.locator(`${selector} tbody tr`).evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent ?? '')));
  const gmRows = await rows(gm, '.story-table');
  expect(gmRows.map((r) => [r[0], r[2], r[4], r[5], r[6], r[7]])).toEqual([
    ['Vasquez', '2', '9', '5', '1', '—'],
    ['Zorblax', '1', '3', '0', '0', '—'],
    ['Goblin', '1', '2', '9', '0', 'Round 2, by Vasquez'],
  ]);
  // Times: at least a second on Vasquez's turns; one bar a round.
  expect(gmRows[0]![3]).toMatch(/^0:0[1-9]$/);
  expect(await story.locator('.story-chart .story-bar').count()).toBe(2);
  expect(await story.locator('.story-line').textContent()).toMatch(/^Custom · 2 rounds · \d+:\d\d on turns$/);
  await shot(gm, 'fight-story-gm');

  // Copy as Markdown, then the .md file.
  await story.getByRole('button', { name: 'Copy as Markdown' }).click();
  await expect.poll(() => story.locator('.story-note').textContent()).toBe('Copied as Markdown.');
  const copied = await gm.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('## Story of the fight: Night at the docks');
  expect(copied).toContain('| Goblin | NPCs | 1 |');
  expect(copied).toContain('Round 2, by Vasquez');
  expect(copied).toContain('| Zorblax |');
  const [download] = await Promise.all([gm.waitForEvent('download'), story.getByRole('button', { name: 'Download .md' }).click()]);
  expect(download.suggestedFilename()).toBe('story-night-at-the-docks.md');
  expect(readFileSync((await download.path())!, 'utf8')).toBe(copied);
  await gm.keyboard.press('Escape');
  await story.waitFor({ state: 'detached' });

  // Reachable again from the ended fight.
  await gm.getByRole('button', { name: 'Story of the fight' }).click();
  await story.locator('.story-table').waitFor();
  await gm.keyboard.press('Escape');

  // The phone and the TV: the players' story, in place of "The fight is over", without Zorblax.
  // The phone reads a line a combatant (the table is for wide screens).
  await phone.locator('.pv-story-list').waitFor();
  expect(await phone.locator('.pv-story-list li').allTextContents()).toEqual([
    expect.stringMatching(/^Vasquez 2 turns \(\d+:\d\d\) · dealt 9 · took 5 · healed 1$/),
    expect.stringMatching(/^Goblin 1 turn \(\d+:\d\d\) · dealt 2 · took 9 · down: Round 2, by Vasquez$/),
  ]);
  for (const page of [phone, tv]) {
    await page.locator('.pv-story-table').waitFor({ state: 'attached' });
    expect(await page.locator('.pv-now-who').textContent()).toBe('Story of the fight');
    expect(await page.locator('.pv-now-detail').textContent()).toMatch(/^2 rounds · \d+:\d\d on turns$/);
    const playerRows = await rows(page, '.pv-story-table');
    expect(playerRows.map((r) => [r[0], r[1], r[3], r[4], r[5], r[6]])).toEqual([
      ['Vasquez', '2', '9', '5', '1', '—'],
      ['Goblin', '1', '2', '9', '0', 'Round 2, by Vasquez'],
    ]);
    await assertNoLeak(page, ['Zorblax']);
  }
  await shot(phone, 'fight-story-phone', false, true);
  await shot(tv, 'fight-story-tv');
  expect(gmErrors).toEqual([]);
  expect(phoneErrors).toEqual([]);
  await gmContext.close();
});
