/**
 * Portraits: the GM gives a PC a portrait on the campaign page (a text file named .png and a file over
 * 256 kB are refused in words, the portrait stays as it was), the bestiary's Raider and hidden Ghoul get
 * theirs; a fight started from the campaign shows them beside the names in the GM screen's roster and
 * order, and the table's TV shows those of the combatants players see: Vasquez and the Raider, never
 * the hidden Ghoul.
 */
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { png } from '../../src/server/campaigns/testing.ts';
import { serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { addPc, dialog, shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function owner(method: string, path: string, body?: Buffer | object, type = 'application/json'): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.ownerToken}`, ...(body ? { 'content-type': type } : {}) },
    ...(body ? { body: Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body) } : {}),
  });
}

/** How many portraits are drawn (loaded, with a size) in `scope`. */
function drawn(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0).length);
}

test('a PC\'s portrait uploaded on the campaign page shows in the GM roster and order and on the TV; a hidden NPC\'s never on the TV', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.setDefaultTimeout(20_000);
  const errors = watchErrors(page);

  await page.goto(`${server.url}/#owner=${server.ownerToken}`);
  const newCampaign = page.getByRole('form', { name: 'New campaign' });
  await newCampaign.getByLabel('Game').selectOption('swn');
  await newCampaign.getByLabel('Campaign name').fill('The Drowned Coast');
  await newCampaign.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/campaign\//);
  const campaignId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
  await page.getByRole('heading', { name: /The Drowned Coast/ }).waitFor();
  await addPc(page, 'Vasquez', { HP: '12', AC: '14' });
  await addPc(page, 'Kade', { HP: '10', AC: '13' });
  // The bestiary through the API: a Raider, and a Ghoul that joins hidden, each with a portrait.
  for (const t of [{ name: 'Raider', hidden: false }, { name: 'Ghoul', hidden: true }]) {
    expect((await owner('POST', `/api/campaigns/${campaignId}/commands`, { type: 'add-template', name: t.name, hp: 7, hidden: t.hidden })).status).toBe(200);
  }
  expect((await owner('PUT', `/api/campaigns/${campaignId}/portraits/template/Raider`, png(48, 48, [40, 160, 60]), 'image/png')).status).toBe(200);
  expect((await owner('PUT', `/api/campaigns/${campaignId}/portraits/template/Ghoul`, png(48, 48, [120, 40, 160]), 'image/png')).status).toBe(200);
  await page.reload();
  await page.locator('.pc', { hasText: 'Vasquez' }).waitFor();

  // Vasquez's portrait: refused files first, in words, then a real PNG.
  await page.getByRole('button', { name: 'Edit Vasquez' }).click();
  const d = dialog(page);
  const file = d.getByLabel('Choose an image');
  await file.setInputFiles({ name: 'vasquez.png', mimeType: 'image/png', buffer: Buffer.from('These are words, not a picture.\n') });
  await expect.poll(() => d.locator('.portrait-field .error').textContent()).toBe('This file is not a PNG, JPEG or WebP image (it does not begin like one). Choose an image in one of those formats.');
  await d.getByLabel('Choose an image').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([png(8, 8), Buffer.alloc(300 * 1024)]) });
  await expect.poll(() => d.locator('.portrait-field .error').textContent()).toContain('A portrait is at most 256 kB; this file is 301 kB.');
  expect(await d.locator('.portrait-preview').count()).toBe(0);
  expect(((await (await owner('GET', `/api/campaigns/${campaignId}/portraits`)).json()) as { portraits: unknown[] }).portraits).toHaveLength(2);
  await d.getByLabel('Choose an image').setInputFiles({ name: 'vasquez.png', mimeType: 'image/png', buffer: png(64, 64, [200, 60, 40]) });
  await d.locator('.portrait-preview').waitFor();
  expect(await d.locator('.portrait-field .error').count()).toBe(0);
  await expect.poll(() => drawn(page, 'dialog[open] .portrait-preview')).toBe(1);
  await shot(page, 'portrait-pc-dialog');
  await d.getByRole('button', { name: 'Cancel' }).click();
  await d.waitFor({ state: 'detached' });
  // Kept: the dialog opened again shows it.
  await page.getByRole('button', { name: 'Edit Vasquez' }).click();
  await expect.poll(() => drawn(page, 'dialog[open] .portrait-preview')).toBe(1);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();

  // A fight with the party, a Raider and the hidden Ghoul, started at once.
  await page.getByRole('button', { name: '+ New fight' }).click();
  const nf = dialog(page);
  await nf.getByLabel('Title').fill('Crypt ambush');
  await nf.getByLabel('How many Raider', { exact: true }).fill('1');
  await nf.getByLabel('How many Ghoul', { exact: true }).fill('1');
  await nf.getByLabel('Start it at once').check();
  await nf.getByRole('button', { name: 'Create and open the GM screen' }).click();
  await page.waitForURL(/\/gm\//);
  await page.getByTestId('now').waitFor();
  await expect.poll(() => page.locator('.combatant').count()).toBe(4);
  // The roster: Vasquez, the Raider and the Ghoul have one; Kade none.
  await expect.poll(() => drawn(page, '.roster .portrait')).toBe(3);
  expect(await page.locator('.combatant', { hasText: 'Kade' }).locator('.portrait').count()).toBe(0);
  expect(await page.locator('.combatant', { hasText: 'Vasquez' }).locator('.portrait').count()).toBe(1);
  // The order too.
  await expect.poll(() => drawn(page, '.order .portrait')).toBe(3);
  await shot(page, 'portrait-gm-screen');

  // The table's TV: the portraits of those players see.
  const links = (await (await owner('POST', `/api/campaigns/${campaignId}/table-links`, { rotate: ['tv'] })).json()) as { tvUrl: string };
  const tv = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  tv.setDefaultTimeout(20_000);
  const tvErrors = watchErrors(tv);
  await tv.goto(links.tvUrl);
  await tv.locator('main.pv-tv').waitFor();
  await expect.poll(() => tv.locator('.pv-order-list .pv-c').count()).toBe(3);
  await expect.poll(() => drawn(tv, '.pv-order-list .pv-portrait')).toBe(2);
  const withPortrait = await tv.locator('.pv-c', { has: tv.locator('.pv-portrait') }).evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.name).sort());
  expect(withPortrait).toEqual(['Raider', 'Vasquez']);
  expect(await tv.getByText('Ghoul').count()).toBe(0);
  await shot(tv, 'portrait-tv');

  // The Ghoul revealed: now the TV shows its portrait too.
  const fightId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
  const gmView = (await (await owner('GET', `/api/encounters/${fightId}`)).json()) as { view: { combatants: { id: string; name: string }[] } };
  const ghoul = gmView.view.combatants.find((c) => c.name === 'Ghoul')!.id;
  expect((await owner('POST', `/api/encounters/${fightId}/commands`, { type: 'update-combatant', combatant: ghoul, hidden: false })).status).toBe(200);
  await expect.poll(() => drawn(tv, '.pv-order-list .pv-portrait')).toBe(3);

  // The refused text file was a 415 answer, shown in words on the page: not an error of the app.
  expect(errors.filter((e) => !/status of 415/.test(e))).toEqual([]);
  expect(tvErrors).toEqual([]);
});
