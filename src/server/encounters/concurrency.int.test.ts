import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../../store/index.ts';
import type { StoredEvent } from '../../core/index.ts';
import { testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

const fight = { rules: 'custom', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 50 }, { name: 'Ogre', hp: 500 }] };

const apps: TestApp[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  for (const c of cleanups.splice(0)) await c();
});

async function app(options: Parameters<typeof testApp>[0] = {}): Promise<TestApp> {
  const t = await testApp({ limits: { commandsPerSecond: 10_000, commandBurst: 10_000 }, ...options });
  apps.push(t);
  return t;
}

const hit = (n: number) => ({ type: 'damage', combatants: ['Ogre'], amount: n });

async function events(t: TestApp, id: string, key: string): Promise<StoredEvent[]> {
  return (await t.call('GET', `/api/encounters/${id}/events`, { key })).json<{ events: StoredEvent[] }>().events;
}

describe('two GM tabs at once', () => {
  it('with the same expected version: exactly one wins, the other gets 409 with the current version and can retry', async () => {
    const t = await app();
    const c = await t.create(fight);
    const v = (await events(t, c.id, c.gmKey)).length;
    for (let round = 0; round < 5; round++) {
      const base = v + round * 1;
      const [a, b] = await Promise.all([
        t.call('POST', `/api/encounters/${c.id}/commands?expectedVersion=${base}&view=false`, { key: c.gmKey, body: hit(1) }),
        t.call('POST', `/api/encounters/${c.id}/commands?expectedVersion=${base}&view=false`, { key: c.gmKey, body: hit(2) }),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 409]);
      const lost = a.status === 409 ? a : b;
      expect(lost.json()).toMatchObject({ code: 'encounter/version-conflict', details: { expectedVersion: base, currentVersion: base + 1 } });
    }
    const all = await events(t, c.id, c.gmKey);
    expect(all.length).toBe(v + 5);
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
    // The loser retries with the fresh version.
    const retry = await t.call('POST', `/api/encounters/${c.id}/commands?expectedVersion=${v + 5}`, { key: c.gmKey, body: hit(3) });
    expect(retry.status).toBe(200);
  });

  it('without an expected version: every command is applied, once, in arrival order', async () => {
    const t = await app();
    const c = await t.create(fight);
    const start = (await events(t, c.id, c.gmKey)).length;
    const sends = Array.from({ length: 30 }, (_, i) => t.call('POST', `/api/encounters/${c.id}/commands?view=false`, { key: c.gmKey, body: hit(i + 1) }));
    const answers = await Promise.all(sends);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const versions = answers.map((a) => a.json<{ version: number }>().version);
    expect(versions).toEqual(versions.map((_, i) => start + i + 1));
    const all = await events(t, c.id, c.gmKey);
    expect(all.length).toBe(start + 30);
    const amounts = all.slice(start).map((e) => (e.event as { from: number; to: number }).from - (e.event as { to: number }).to);
    expect(amounts).toEqual(amounts.map((_, i) => i + 1));
    const ogre = (await t.call('GET', `/api/encounters/${c.id}`, { key: c.gmKey })).json<{ view: { combatants: { tracks: { hp: { value: number } } }[] } }>();
    expect(ogre.view.combatants[1]!.tracks.hp.value).toBe(500 - (30 * 31) / 2);
  });

  it('two servers on one database file: the stale one gets a conflict, catches up, and decides again (409 only for an expected version)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-conc-'));
    const file = join(dir, 'turnkeeper.db');
    const storeA = new SqliteEventStore(file);
    const storeB = new SqliteEventStore(file);
    cleanups.push(async () => {
      await storeA.close();
      await storeB.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const a = await app({ store: storeA });
    const b = await app({ store: storeB });
    const c = await a.create(fight);
    const seen = (await a.command(c.id, c.gmKey, hit(1))) as { version: number };
    await b.command(c.id, c.gmKey, hit(2));
    // A still holds the version it saw: a client expecting that version is told the store moved on ...
    const stale = await a.call('POST', `/api/encounters/${c.id}/commands?expectedVersion=${seen.version}`, { key: c.gmKey, body: hit(3) });
    expect([stale.status, stale.json().code, stale.json<{ details: { currentVersion: number } }>().details.currentVersion]).toMatchObject([409, 'encounter/version-conflict', seen.version + 1]);
    // ... and a command without one is decided again on the caught-up state.
    expect((await a.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body: hit(4) })).status).toBe(200);
    const all = await storeA.readEvents(c.id);
    expect(all.slice(-3).map((e) => (e.event as { from: number; to: number }).from - (e.event as { to: number }).to)).toEqual([1, 2, 4]);
  });
});
