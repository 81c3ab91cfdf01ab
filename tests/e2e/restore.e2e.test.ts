/**
 * The server's data restored from an older backup while the GM screen is open: the screen reconnects
 * asking for what follows a version the server no longer has, is told to start again (`hello` with
 * `reset`), folds the fight again from scratch and says to which version it went back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildApp } from '../../src/server/http/index.ts';
import type { App } from '../../src/server/http/index.ts';
import { SqliteEventStore } from '../../src/store/index.ts';
import { WEB_BUILD, launch } from './harness.ts';

const OWNER = 'tko_e2e-restore-owner-token-0123456789';
const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-e2e-restore-'));
const open: { app: App; store: SqliteEventStore }[] = [];
let browser: Browser;

/** The server on `port` (0: a free one) over the SQLite file `name`. */
async function serve(name: string, port: number): Promise<{ app: App; store: SqliteEventStore; url: string }> {
  const store = new SqliteEventStore(join(dir, name), { synchronous: 'normal' });
  const app = await buildApp({ store, ownerToken: OWNER, webRoot: WEB_BUILD, limits: { commandsPerSecond: 1000, commandBurst: 1000 } });
  await app.fastify.listen({ port, host: '127.0.0.1' });
  open.push({ app, store });
  const a = app.fastify.server.address();
  return { app, store, url: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}` };
}

async function stop(s: { app: App; store: SqliteEventStore }): Promise<void> {
  await s.app.fastify.close();
  await s.store.close();
  open.splice(open.indexOf(s), 1);
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  for (const s of [...open]) await stop(s);
  rmSync(dir, { recursive: true, force: true });
});

test('the GM screen says the fight went back to version N, and shows the fight as the server has it', async () => {
  const first = await serve('live.db', 0);
  const port = Number(new URL(first.url).port);
  const post = async (path: string, key: string, body: unknown) => {
    const r = await fetch(`${first.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(r.status).toBeLessThan(300);
    return (await r.json()) as Record<string, unknown>;
  };
  const enc = (await post('/api/encounters', OWNER, { rules: 'custom', title: 'Restored', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Goblin', hp: 6 }] })) as { id: string; gmKey: string; gmUrl: string };
  const note = (text: string) => post(`/api/encounters/${enc.id}/commands?view=false`, enc.gmKey, { type: 'note', text });
  await note('Before the backup.');
  // The backup: the encounter as it is now.
  const record = (await first.store.getEncounter(enc.id))!;
  const backup = await first.store.readEvents(enc.id);
  await note('After the backup, lost.');
  await note('Also lost.');

  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(enc.gmUrl);
  const log = page.locator('.log-list');
  await expect.poll(() => log.textContent()).toContain('Also lost.');
  // The screen's later chunks (the dialogs, the whole rules) have come before the server stops.
  await page.waitForLoadState('networkidle');

  // The server stops; it comes back on the same address with the backup.
  await stop(first);
  const restored = new SqliteEventStore(join(dir, 'backup.db'), { synchronous: 'normal' });
  const { version: _v, progress: _p, ...row } = record;
  await restored.createEncounter(row, backup, record.createdAt);
  await restored.close();
  await serve('backup.db', port);

  const notice = page.locator('.notice', { hasText: 'went back' });
  await expect.poll(() => notice.textContent()).toContain(`The fight went back to version ${backup.length}: the server’s data was restored from an older backup.`);
  await expect.poll(() => log.textContent()).not.toContain('lost.');
  expect(await log.textContent()).toContain('Before the backup.');
  expect(await page.locator('.log-list li', { hasText: 'Before the backup.' }).count()).toBe(1);

  // The screen goes on from there: a note sent now shows, once.
  await post(`/api/encounters/${enc.id}/commands?view=false`, enc.gmKey, { type: 'note', text: 'After the restore.' });
  await expect.poll(() => page.locator('.log-list li', { hasText: 'After the restore.' }).count()).toBe(1);
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect.poll(() => notice.count()).toBe(0);
  expect(pageErrors).toEqual([]);
  await context.close();
});
