/**
 * A campaign from the start page to its second fight: two PCs and three templates, a fight started with
 * them (plus a template added from the GM screen's bestiary search), a PC hurt, the fight ended, the
 * GM screen's offer followed to the campaign page's review of the HP to write back (a browser without
 * the owner token is told the owner does it), confirmed, a second fight that begins with the hurt HP;
 * then the campaign exported and imported again with the same party and bestiary.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createEncounter, serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';
import { addPc, closeStory, dialog, shot } from './gm-driver.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function addTemplate(page: Page, t: { name: string; tags: string; stats: Readonly<Record<string, string>>; gmNotes?: string; hidden?: boolean }): Promise<void> {
  await page.getByRole('button', { name: '+ New template' }).click();
  const d = dialog(page);
  await d.locator('#tp-name').fill(t.name);
  await d.getByLabel('Tags', { exact: true }).fill(t.tags);
  for (const [label, value] of Object.entries(t.stats)) await d.getByLabel(label, { exact: true }).fill(value);
  if (t.gmNotes) await d.getByLabel('GM notes (never shown to players)').fill(t.gmNotes);
  if (t.hidden) await d.getByRole('checkbox', { name: /Hidden from players/ }).check();
  await d.getByRole('button', { name: 'Add to the bestiary' }).click();
  await d.waitFor({ state: 'detached' });
  await page.locator('.template', { hasText: t.name }).first().waitFor();
}

/** A PC's HP on the campaign page, as its meter says it ("5/12"). */
async function campaignHp(page: Page, name: string): Promise<string> {
  return (await page.locator('.pc', { hasText: name }).locator('.meter-hp .meter-text').textContent()) ?? '';
}

/** A combatant's HP on the GM screen ("HP 5/12"). */
async function gmHp(page: Page, name: string): Promise<string> {
  return (await page.locator('.combatant', { has: page.getByText(name, { exact: true }) }).locator('.hp-text').textContent()) ?? '';
}

test('a campaign: party and bestiary, two fights with a write-back between them, export and import', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  page.setDefaultTimeout(20_000);
  const errors = watchErrors(page);
  // Every question is asked in the app: a native confirm() or prompt() fails the test.
  const native: string[] = [];
  page.on('dialog', (d) => {
    native.push(d.message());
    void d.dismiss();
  });

  // Start page: a new Stars Without Number campaign.
  await page.goto(`${server.url}/#owner=${server.ownerToken}`);
  const newCampaign = page.getByRole('form', { name: 'New campaign' });
  await newCampaign.getByLabel('Game').selectOption('swn');
  await newCampaign.getByLabel('Campaign name').fill('The Drowned Coast');
  await newCampaign.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/campaign\//);
  const campaignUrl = page.url();
  await page.getByRole('heading', { name: /The Drowned Coast/ }).waitFor();

  // The party and the bestiary.
  await addPc(page, 'Vasquez', { HP: '12', AC: '14', 'Attack bonus': '1' });
  await addPc(page, 'Kade', { HP: '10', AC: '13' });
  await addTemplate(page, { name: 'Raider', tags: 'raider, human', stats: { HP: '7', AC: '13', 'Attack bonus': '1' } });
  await addTemplate(page, { name: 'Raider Boss', tags: 'raider, leader', stats: { HP: '12', AC: '15' }, gmNotes: 'surrenders at 3 HP' });
  await addTemplate(page, { name: 'Ghoul', tags: 'undead', stats: { HP: '9', AC: '12' }, hidden: true });
  // A stat the rules refuse: said next to it, in the words of its label, not under the form.
  await page.getByRole('button', { name: '+ New template' }).click();
  const bad = dialog(page);
  await bad.locator('#tp-name').fill('Brute');
  await bad.getByLabel('AC', { exact: true }).fill('500');
  await bad.getByRole('button', { name: 'Add to the bestiary' }).click();
  await expect.poll(() => bad.locator('.sf-invalid').evaluateAll((rows) => rows.map((r) => `${r.querySelector('label')?.textContent ?? ''} | ${r.querySelector('.sf-error')?.textContent ?? ''}`))).toEqual(['AC | AC should be at most 100.']);
  expect(await bad.locator('p.error').count()).toBe(0);
  // A name already in the bestiary: said next to the name, not under the form.
  await bad.getByLabel('AC', { exact: true }).fill('12');
  await bad.locator('#tp-name').fill('Raider');
  await bad.getByRole('button', { name: 'Add to the bestiary' }).click();
  await expect.poll(() => bad.locator('#tp-name-error').textContent().catch(() => null)).toBe('There is already a template called "Raider".');
  expect(await bad.locator('#tp-name').getAttribute('aria-invalid')).toBe('true');
  expect(await bad.locator('p.error').count()).toBe(0);
  await bad.getByRole('button', { name: 'Cancel' }).click();
  await bad.waitFor({ state: 'detached' });
  expect(await campaignHp(page, 'Vasquez')).toBe('12/12');
  await expect.poll(() => page.locator('.template').count()).toBe(3);
  await page.getByLabel('Search the bestiary').fill('raider');
  await expect.poll(() => page.locator('.template').count()).toBe(2);
  await page.getByRole('button', { name: 'undead', exact: true }).click();
  await expect.poll(() => page.locator('.template').allTextContents()).toEqual([expect.stringContaining('Ghoul')]);
  await page.getByRole('button', { name: 'undead', exact: true }).click();
  await expect.poll(() => page.locator('.template').count()).toBe(3);
  await shot(page, 'campaign', true);

  // The first fight: both PCs (ticked by default), 3 raiders and the boss, started at once.
  await page.getByRole('button', { name: '+ New fight' }).click();
  let d = dialog(page);
  await d.getByLabel('Title').fill('Crypt ambush');
  await d.getByLabel('How many Raider', { exact: true }).fill('3');
  await d.getByLabel('How many Raider Boss', { exact: true }).fill('1');
  await expect.poll(() => d.locator('.nf-line').textContent()).toContain('2 PCs, 3 × Raider, 1 × Raider Boss');
  await d.getByLabel('Start it at once').check();
  await shot(page, 'campaign-new-fight', true);
  await d.getByRole('button', { name: 'Create and open the GM screen' }).click();
  await page.waitForURL(/\/gm\//);
  await page.getByTestId('now').waitFor();
  await expect.poll(() => page.locator('.combatant').count()).toBe(6);
  expect(await gmHp(page, 'Vasquez')).toBe('HP 12/12');
  expect(await page.locator('.combatant', { hasText: 'Raider Boss' }).count()).toBe(1);
  const fightUrl = page.url();
  const fightId = decodeURIComponent(new URL(fightUrl).pathname.split('/')[2]!);
  // The GM screen of a campaign fight links back to its campaign (named, with the owner token kept here).
  const back = page.locator('.gm-header').getByRole('link', { name: 'Campaign: The Drowned Coast' });
  await back.waitFor();
  expect(new URL((await back.getAttribute('href')) ?? '', server.url).href).toBe(campaignUrl);

  // Quick add searches the campaign's bestiary: "2 x gho" offers the ghouls, with their stats.
  await page.locator('#add-name').fill('2 x gho');
  await page.getByRole('group', { name: 'From the bestiary' }).getByRole('button', { name: /2 × Ghoul/ }).click();
  await expect.poll(() => page.locator('.combatant').count()).toBe(8);
  expect(await gmHp(page, 'Ghoul 2')).toBe('HP 9/9');

  // Vasquez takes 7, the fight ends.
  await page.getByLabel('Select Vasquez').check();
  await page.locator('#amount').fill('7');
  await page.locator('.damage-bar button[value="damage"]').click();
  await expect.poll(() => gmHp(page, 'Vasquez')).toBe('HP 5/12');
  await page.getByRole('button', { name: 'End fight' }).click();
  await dialog(page).getByRole('button', { name: 'End the fight' }).click();
  await closeStory(page);
  await expect.poll(() => page.locator('.now-head').textContent()).toMatch(/ended/i);

  // Once it has ended, the GM screen offers to write the party's HP back to the campaign.
  const offer = page.getByTestId('now').getByRole('link', { name: 'Write the party’s HP back to the campaign' });
  await offer.waitFor();
  await shot(page, 'gm-campaign-ended', true);

  // A browser with the GM key only cannot read the campaign: it is told the campaign page (owner) does it.
  const keys = JSON.parse((await page.evaluate(() => localStorage.getItem('turnkeeper.keys.v1'))) ?? '{}') as Record<string, { gmKey: string }>;
  const gmOnly = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const gmOnlyErrors = watchErrors(gmOnly);
  await gmOnly.goto(`${server.url}/gm/${encodeURIComponent(fightId)}#key=${keys[fightId]!.gmKey}`);
  await expect.poll(() => gmOnly.getByTestId('now').textContent()).toContain('The campaign page (owner) writes the party’s HP back');
  expect(await gmOnly.getByRole('link', { name: /Write the party/ }).count()).toBe(0);
  expect(await gmOnly.locator('.gm-header').getByRole('link', { name: 'Campaign', exact: true }).count()).toBe(1);
  await shot(gmOnly, 'gm-campaign-ended-gm-key');
  expect(gmOnlyErrors).toEqual([]);
  await gmOnly.close();

  // The offer opens the campaign page with the review of this fight at once.
  await offer.click();
  await page.waitForURL(/\/campaign\//);
  d = dialog(page);
  await d.getByRole('heading', { name: 'Write back “Crypt ambush”' }).waitFor();
  await expect.poll(() => d.locator('.changes').textContent()).toContain('Vasquez HP 12 → 5');
  expect(await d.locator('.changes li').count()).toBe(1);
  // The address no longer asks for the review: a reload shows the page.
  expect(page.url()).toBe(campaignUrl);
  const fight = page.locator('.fight', { hasText: 'Crypt ambush' });
  await expect.poll(() => fight.locator('.badge').first().textContent()).toBe('Ended');
  expect(await campaignHp(page, 'Vasquez')).toBe('12/12');
  await shot(page, 'campaign-write-back', true);
  await d.getByRole('button', { name: 'Write back 1 change' }).click();
  await d.waitFor({ state: 'detached' });
  await expect.poll(() => campaignHp(page, 'Vasquez')).toBe('5/12');
  expect(await campaignHp(page, 'Kade')).toBe('10/10');
  await expect.poll(() => page.locator('.clog-list').textContent()).toContain('Vasquez');

  // The second fight begins with Vasquez hurt.
  await page.getByRole('button', { name: '+ New fight' }).click();
  d = dialog(page);
  await d.getByLabel('Title').fill('The lighthouse');
  await d.getByLabel('How many Ghoul', { exact: true }).fill('2');
  await d.getByRole('button', { name: 'Create and open the GM screen' }).click();
  await page.waitForURL(/\/gm\//);
  await page.getByTestId('now').waitFor();
  await expect.poll(() => page.locator('.combatant').count()).toBe(4);
  expect(await gmHp(page, 'Vasquez')).toBe('HP 5/12');
  expect(await gmHp(page, 'Kade')).toBe('HP 10/10');

  // Export the campaign, then import the file on the start page: the same party and bestiary.
  await page.goto(campaignUrl);
  await expect.poll(() => page.locator('.fight').count()).toBe(2);
  await shot(page, 'campaign-fights');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  const file = await download.path();
  const exported = JSON.parse(readFileSync(file, 'utf8')) as { format: string; title: string; fights: unknown[] };
  expect(exported.format).toBe('turnkeeper-campaign');
  expect(exported.title).toBe('The Drowned Coast');
  expect(exported.fights).toHaveLength(2);

  await page.goto(`${server.url}/`);
  await page.locator('.campaign-list li', { hasText: 'The Drowned Coast' }).first().waitFor();
  await expect.poll(() => page.locator('.encounters:not(.campaign-list) li').count()).toBe(2);
  await shot(page, 'start-campaigns', true);
  // A file that is not a campaign is refused in words.
  await page.getByLabel('Campaign file').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"turnkeeper-campaign","version":1}') });
  await expect.poll(() => page.locator('.campaigns .error').textContent()).toContain('notes.json');
  await page.getByLabel('Campaign file').setInputFiles(file);
  await page.waitForURL((url) => url.pathname.startsWith('/campaign/') && url.href !== campaignUrl);
  await page.locator('.pc', { hasText: 'Vasquez' }).waitFor();
  expect(await page.locator('.pc strong').allTextContents()).toEqual(['Vasquez', 'Kade']);
  expect(await campaignHp(page, 'Vasquez')).toBe('5/12');
  expect(await page.locator('.template strong').allTextContents()).toEqual(['Raider', 'Raider Boss', 'Ghoul']);
  expect(await page.locator('.template', { hasText: 'Raider Boss' }).textContent()).toContain('surrenders at 3 HP');

  expect(native).toEqual([]);
  expect(errors).toEqual([]);
  await page.close();
});

test('the start page manages encounters: where each stands, duplicate, archive, delete after downloading it', async () => {
  await createEncounter(server, {
    rules: 'custom',
    title: 'Bridge ambush',
    combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Goblin', hp: 7, count: 2 }],
    commands: [{ type: 'roll-initiative' }, { type: 'start' }],
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  page.setDefaultTimeout(20_000);
  const errors = watchErrors(page);
  const native: string[] = [];
  page.on('dialog', (d) => {
    native.push(d.message());
    void d.dismiss();
  });
  await page.goto(`${server.url}/#owner=${server.ownerToken}`);
  const item = (title: string) => page.locator('.encounters li', { has: page.getByRole('link', { name: title, exact: true }) });
  await expect.poll(() => item('Bridge ambush').locator('.badge').textContent()).toBe('Round 1');

  // Duplicate: a prepared copy.
  await item('Bridge ambush').getByRole('button', { name: 'Duplicate Bridge ambush' }).click();
  await expect.poll(() => item('Bridge ambush (copy)').locator('.badge').textContent()).toBe('Setup');

  // Archive the copy: gone from the list, back with "show archived".
  await item('Bridge ambush (copy)').getByRole('button', { name: 'Archive Bridge ambush (copy)' }).click();
  await expect.poll(() => item('Bridge ambush (copy)').count()).toBe(0);
  await page.locator('.panel', { has: page.getByRole('heading', { name: 'Encounters' }) }).getByLabel('show archived').check();
  await expect.poll(() => item('Bridge ambush (copy)').textContent()).toContain('archived');

  // Delete: the app asks (no browser confirm), downloads the export, then deletes.
  await item('Bridge ambush').getByRole('button', { name: 'Delete Bridge ambush' }).click();
  const d = dialog(page);
  await expect.poll(() => d.textContent()).toContain('export file is downloaded first');
  await shot(page, 'start-delete');
  const [download] = await Promise.all([page.waitForEvent('download'), d.getByRole('button', { name: 'Download it, then delete' }).click()]);
  expect(download.suggestedFilename()).toBe('turnkeeper-encounter-bridge-ambush.json');
  const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as { encounter: { title: string }; events: unknown[] };
  expect(file.encounter.title).toBe('Bridge ambush');
  expect(file.events.length).toBeGreaterThan(0);
  await d.waitFor({ state: 'detached' });
  await expect.poll(() => item('Bridge ambush').count()).toBe(0);
  expect(await item('Bridge ambush (copy)').count()).toBe(1);

  expect(native).toEqual([]);
  expect(errors).toEqual([]);
  await page.close();
});
