/**
 * The player link: the page takes its key out of the address bar as soon as it has read it, keeps
 * using it (live updates, a reconnect after the server drops the socket, a reload), and loads under
 * the server's Content-Security-Policy without a single violation.
 */
import { expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { createEncounter, serverAndBrowser, watchErrors } from './harness.ts';
import type { Server } from './harness.ts';

let server: Server;
let browser: Browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function note(id: string, gmKey: string, text: string): Promise<void> {
  const r = await fetch(`${server.url}/api/encounters/${id}/commands?view=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gmKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'note', text }),
  });
  expect(r.status).toBe(200);
}

test('the player page drops ?key= from the address bar and keeps working', async () => {
  const enc = await createEncounter(server, { rules: 'custom', title: 'Keyless', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Goblin', hp: 6 }] });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const player = await context.newPage();
  player.setDefaultTimeout(20_000);
  const errors = watchErrors(player);
  const violations: string[] = [];
  player.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const answer = await player.goto(enc.playerUrl);
  expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(answer?.headers()['referrer-policy']).toBe('no-referrer');
  await player.locator('.pv-badge-live').waitFor();
  expect(player.url()).toBe(`${server.url}/play/${enc.id}`);
  expect(await player.evaluate(() => window.location.search)).toBe('');

  // Live updates and a reconnect still use the key the page read.
  await note(enc.id, enc.gmKey, 'The bridge creaks.');
  await expect.poll(() => player.locator('.pv-log-list').textContent()).toContain('The bridge creaks.');
  server.dropSockets();
  await note(enc.id, enc.gmKey, 'A rope snaps.');
  await expect.poll(() => player.locator('.pv-log-list').textContent()).toContain('A rope snaps.');
  await player.locator('.pv-badge-live').waitFor();

  // A reload (the address has no key any more) finds the key this browser kept.
  await player.reload();
  await player.locator('.pv-badge-live').waitFor();
  await expect.poll(() => player.locator('.pv-log-list').textContent()).toContain('A rope snaps.');
  expect(player.url()).toBe(`${server.url}/play/${enc.id}`);

  // Another browser opening the keyless address has no key: it says so instead of failing.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(`${server.url}/play/${enc.id}`);
  await expect.poll(() => stranger.locator('main').textContent()).toContain('This link has no key');
  await stranger.context().close();

  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
