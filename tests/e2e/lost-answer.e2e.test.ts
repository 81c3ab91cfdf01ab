/**
 * A command whose answer is lost (an instance dying behind a reverse proxy): the GM screen says it may
 * or may not have been applied, checks the server's events by itself, and says which; clicking again
 * never applies it twice. Applied before the connection dropped: "Applied", and the same click again is
 * held back. A proxy's 502 before the server got it: "Not applied", and "Send again" applies it once.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SCREENSHOTS, docksFight, serverAndBrowser, watchErrors } from './harness.ts';
import type { Created, Server } from './harness.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const CHECKING = 'The server did not answer: the command may or may not have been applied. Turnkeeper is checking…';

/** The fight on the server: the encounter's version and its damage lines, as the API gives them. */
async function onServer(enc: Created): Promise<{ version: number; damage: string[] }> {
  const get = async (path: string) => {
    const r = await fetch(`${server.url}/api/encounters/${enc.id}${path}`, { headers: { authorization: `Bearer ${enc.gmKey}` } });
    if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
    return r.json() as Promise<Record<string, unknown>>;
  };
  const events = (await get('/events')) as { version: number };
  const log = (await get('/log')) as { log: { text: string }[] };
  return { version: events.version, damage: log.log.map((l) => l.text).filter((t) => t.startsWith('Goblin takes')) };
}

async function gmPage(enc: Created): Promise<{ gm: Page; errors: string[] }> {
  const gm = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  gm.setDefaultTimeout(20_000);
  const errors = watchErrors(gm);
  await gm.goto(enc.gmUrl);
  await gm.getByTestId('now').waitFor();
  // The whole rules have come (the store decides the command again with them).
  await gm.waitForLoadState('networkidle');
  return { gm, errors };
}

const fight = () => docksFight(server);

const hp = (gm: Page, name: string) => gm.locator('.combatant', { has: gm.getByText(name, { exact: true }) }).locator('.hp-text').textContent();
const notice = (gm: Page) => gm.locator('.notice-slot .notice');
const damageButton = (gm: Page) => gm.getByRole('form', { name: 'Damage and heal' }).getByRole('button', { name: /^Damage/ });
/** The failed requests this test makes on purpose (the browser logs them as errors). */
const expected = (errors: string[]) => errors.filter((e) => !/Failed to load resource|status of 502/.test(e));

test('applied, then the answer lost: "Applied", and clicking again does not apply it twice', async () => {
  const enc = await fight();
  const { gm, errors } = await gmPage(enc);
  const start = await onServer(enc);

  // The command reaches the server and is applied; its answer never comes back (the connection drops).
  let applied = 0;
  await gm.route('**/api/encounters/*/commands?*', async (route) => {
    const r = await route.fetch();
    if (r.ok()) applied++;
    await route.abort('connectionreset');
  });
  // The check waits a moment, so the screen's first words can be read.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await gm.route('**/api/encounters/*/events?after=*', async (route) => {
    await held;
    await route.continue();
  });

  await gm.getByLabel('Select Goblin').check();
  await gm.locator('#amount').fill('5');
  await damageButton(gm).click();
  await expect.poll(() => notice(gm).textContent()).toContain(CHECKING);
  expect(await notice(gm).textContent()).not.toMatch(/nothing was changed/);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await gm.screenshot({ path: join(SCREENSHOTS, 'lost-answer-checking.png') });
  // Clicked again while it checks: nothing is sent.
  await damageButton(gm).click();
  expect(applied).toBe(1);
  release();

  await expect.poll(() => notice(gm).textContent()).toContain('Applied: the server had done it before its answer was lost. Nothing more to do.');
  await expect.poll(() => hp(gm, 'Goblin')).toMatch(/35\/40/);
  await gm.screenshot({ path: join(SCREENSHOTS, 'lost-answer-applied.png') });

  // The GM clicks Damage again (the box still says 5): held back and said why, nothing applied.
  await damageButton(gm).click();
  await expect.poll(() => notice(gm).textContent()).toContain('This command was applied already');
  const after = await onServer(enc);
  expect(applied).toBe(1);
  expect(after.damage).toEqual(['Goblin takes 5 damage (HP 40 → 35).']);
  expect(after.version).toBeGreaterThan(start.version);
  expect(await hp(gm, 'Goblin')).toMatch(/35\/40/);

  // Dismissed, the same damage is the GM's own choice again: applied once more, with its answer.
  await gm.unrouteAll();
  await notice(gm).getByRole('button', { name: 'Dismiss' }).click();
  await damageButton(gm).click();
  await expect.poll(() => hp(gm, 'Goblin')).toMatch(/30\/40/);
  expect((await onServer(enc)).damage).toHaveLength(2);
  expect(expected(errors)).toEqual([]);
  await gm.close();
});

test('a proxy’s 502 before the server got it: "Not applied", and "Send again" applies it once', async () => {
  const enc = await fight();
  const { gm, errors } = await gmPage(enc);
  const start = await onServer(enc);

  // The proxy answers 502 without passing the command on.
  await gm.route('**/api/encounters/*/commands?*', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' }));
  await gm.getByLabel('Select Goblin').check();
  await gm.locator('#amount').fill('5');
  await damageButton(gm).click();
  const bar = notice(gm);
  await expect.poll(() => bar.textContent()).toContain('Not applied: the server did not get the command, the fight is as it was.');
  expect(await bar.textContent()).not.toMatch(/502|nothing was changed/);
  expect((await onServer(enc)).version).toBe(start.version);
  await gm.screenshot({ path: join(SCREENSHOTS, 'lost-answer-not-applied.png') });

  // The proxy works again: "Send again" sends it at the version it was first sent at.
  await gm.unrouteAll();
  const sent: string[] = [];
  gm.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/commands')) sent.push(new URL(r.url()).searchParams.get('expectedVersion') ?? '');
  });
  await bar.getByRole('button', { name: 'Send again' }).click();
  await expect.poll(() => bar.textContent()).toContain('Sent again: applied.');
  await expect.poll(() => hp(gm, 'Goblin')).toMatch(/35\/40/);
  expect(sent).toEqual([String(start.version)]);
  const after = await onServer(enc);
  expect(after.damage).toEqual(['Goblin takes 5 damage (HP 40 → 35).']);
  expect(expected(errors)).toEqual([]);
  await gm.close();
});
