/**
 * Each game's own state on the player view, on a phone (390 × 844) and the table's TV (1920 × 1080)
 * (issue 21): Fallout's party AP pool and a headline in players' words ("Nora" / "is next", never the
 * GM's hint cut off); Kuro's game turn, phase and who acts in which phase; "Roll initiative" offered
 * while the rules take a roll, gone once the game turn's phases run.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { exampleFight, exampleScript, launch, startServer, watchErrors } from './harness.ts';
import type { Created, Server } from './harness.ts';
import { shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;

const PHONE = { width: 390, height: 844 };
const TV = { width: 1920, height: 1080 };

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(enc: Created, viewport: { width: number; height: number }, tv: boolean): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport, deviceScaleFactor: 1 })).newPage();
  page.setDefaultTimeout(20_000);
  const errors = watchErrors(page);
  await page.goto(`${enc.playerUrl}${tv ? '&tv' : ''}`);
  await page.locator('.pv-badge-live').waitFor();
  await page.locator('.pv-now-who').filter({ hasNotText: '…' }).waitFor();
  return { page, errors };
}

async function command(enc: Created, body: unknown): Promise<void> {
  const r = await fetch(`${server.url}/api/encounters/${enc.id}/commands?view=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${enc.gmKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(r.status).toBe(200);
}

const text = async (page: Page, selector: string): Promise<string> => ((await page.locator(selector).first().textContent()) ?? '').trim();

/** The box is whole inside the viewport, and its text is not cut off (no ellipsis: it fits its line). */
function fits(page: Page, selector: string): Promise<{ inViewport: boolean; clipped: string[] }> {
  return page.evaluate((sel) => {
    const box = document.querySelector(sel)!;
    const r = box.getBoundingClientRect();
    const clipped = [box, ...box.querySelectorAll('*')].filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible').map((e) => e.className);
    return { inViewport: r.top >= 0 && r.bottom <= window.innerHeight + 0.5 && r.height > 0, clipped };
  }, selector);
}

test('Fallout: the party AP pool and who is next, on a phone and a TV', async () => {
  // The whole example: round 2 opens, nobody's turn runs until Nora's first action (the TV first: the
  // phone then changes the fight).
  const enc = await exampleFight(server, 'fallout', exampleScript('fallout').commands.length);
  for (const [viewport, tv, name] of [[TV, true, 'tv'], [PHONE, false, 'phone']] as const) {
    const { page, errors } = await open(enc, viewport, tv);
    await expect.poll(() => text(page, '.pv-now-who')).toBe('Nora');
    expect(await text(page, '.pv-now-detail')).toBe('is next');
    expect(await page.locator('.pv-now').textContent()).not.toMatch(/Next:|begin-turn|Begin the turn/);
    expect(await fits(page, '.pv-now')).toEqual({ inViewport: true, clipped: [] });
    // The party pool (3 AP of 6), as words and as a meter; nothing about the GM's pool.
    await expect.poll(() => text(page, '.pv-game-heading')).toBe('Party AP 3/6');
    expect(await page.getByRole('meter', { name: 'Party Action Points' }).getAttribute('aria-valuenow')).toBe('3');
    expect(await page.locator('.pv-pip-on').count()).toBe(3);
    expect(await page.locator('.pv-game-state').textContent()).not.toMatch(/GM/);
    expect(await fits(page, '.pv-game-state')).toEqual({ inViewport: true, clipped: [] });
    await shot(page, `player-state-fallout-${name}`);
    if (name === 'phone') {
      // Live: the party pool follows the GM's change; Nora's first action starts her turn.
      await command(enc, { type: 'set-ap', pool: 'party', value: 5 });
      await expect.poll(() => text(page, '.pv-game-heading')).toBe('Party AP 5/6');
      await command(enc, { type: 'begin-turn', actor: 'Nora' });
      await expect.poll(() => text(page, '.pv-now-detail')).toBe('acts now');
      expect(await text(page, '.pv-now-who')).toBe('Nora');
      // No initiative to roll in Fallout (a static stat): the phone never offers it.
      expect(await page.getByRole('button', { name: 'Roll initiative' }).count()).toBe(0);
      await page.getByRole('button', { name: 'End my turn' }).waitFor();
    }
    expect(errors).toEqual([]);
    await page.context().close();
  }
});

test('Kuro: the game turn, the phase and who acts in which phase; "Roll initiative" only while the rules take one', async () => {
  // Game turn 2 begins: everyone rolls initiative (the example's 12th command is that roll).
  const enc = await exampleFight(server, 'kuro', 11);
  const { page: phone, errors } = await open(enc, PHONE, false);
  await expect.poll(() => text(phone, '.pv-game-heading')).toBe('Game turn 2 · initiative');
  await phone.getByLabel('My character').selectOption({ label: 'Kenji' });
  await phone.getByRole('button', { name: 'Roll initiative' }).waitFor();
  const { page: tv, errors: tvErrors } = await open(enc, TV, true);

  // The GM rolls for everyone: the phases begin, and nobody offers a roll in game turn 2 any more.
  const s = exampleScript('kuro');
  await command(enc, s.commands[11]);
  for (const page of [phone, tv]) {
    await expect.poll(() => text(page, '.pv-game-heading')).toBe('Game turn 2 · phase 1 of 3');
    await expect.poll(() => page.locator('.pv-phase').allTextContents()).toEqual(['Phase 1KenjiGoroRoninAiko', 'Phase 2KenjiRoninAiko', 'Phase 3Aiko']);
    expect(await page.locator('.pv-phase-current .pv-phase-n').textContent()).toBe('Phase 1');
    expect(await text(page, '.pv-now-who')).toBe('Kenji');
    expect(await text(page, '.pv-now-detail')).toBe('acts now');
    expect(await fits(page, '.pv-now')).toEqual({ inViewport: true, clipped: [] });
  }
  await expect.poll(() => phone.getByRole('button', { name: 'Roll initiative' }).isVisible()).toBe(false);
  await phone.getByRole('button', { name: 'End my turn' }).waitFor();
  await phone.getByLabel('My character').selectOption({ label: 'Aiko' });
  expect(await phone.getByRole('button', { name: 'Roll initiative' }).isVisible()).toBe(false);

  // Ronin loses an action, Kenji's attack fells Goro: the phases follow (Ronin out of phase 2, Goro out of
  // the game turn, Kenji's phase 1 done).
  await command(enc, s.commands[12]);
  await command(enc, s.commands[13]);
  await command(enc, s.commands[14]);
  for (const page of [phone, tv]) {
    await expect.poll(() => page.locator('.pv-phase').allTextContents()).toEqual(['Phase 1KenjiRoninAiko', 'Phase 2KenjiAiko', 'Phase 3Aiko']);
    expect(await page.locator('.pv-phase-current .pv-phase-acted').allTextContents()).toEqual(['Kenji']);
    expect(await fits(page, '.pv-game-state')).toEqual({ inViewport: true, clipped: [] });
  }
  await shot(phone, 'player-state-kuro-phone');
  await shot(tv, 'player-state-kuro-tv');
  expect(errors).toEqual([]);
  expect(tvErrors).toEqual([]);
  await phone.context().close();
  await tv.context().close();
});
