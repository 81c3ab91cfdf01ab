/**
 * A full disk under SQLite: SQLite answers SQLITE_FULL when it cannot grow the database, here because the
 * connection's `max_page_count` is set to the file's size (what a full disk does to the same writes). The
 * GM gets 503 `server/disk-full` saying so, reads (the view, the log, the events, the player view) go on
 * working, and once there is room again the same command goes through, with nothing lost and nothing
 * written twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../../store/index.ts';
import { testApp } from '../test-kit.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('a full disk (SQLite)', () => {
  it('answers 503 server/disk-full, keeps serving reads, and writes again once there is room', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-full-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const store = new SqliteEventStore(join(dir, 'turnkeeper.db'), { synchronous: 'normal' });
    cleanups.push(() => store.close());
    const t = await testApp({ store });
    cleanups.push(() => t.close());
    const fight = await t.create({ rules: 'custom', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 1_000_000 }, { name: 'Ogre', hp: 1_000_000 }] });
    const hit = { type: 'damage', combatants: ['Ogre'], amount: 1 };
    let acknowledged = (await t.command(fight.id, fight.gmKey, hit)).version as number;
    let hits = 1;

    // The disk is full: the database cannot grow past the pages it has.
    const pages = store.db.pragma('page_count', { simple: true }) as number;
    store.db.pragma(`max_page_count = ${pages}`);
    let refused: Awaited<ReturnType<typeof t.call>> | undefined;
    for (let i = 0; i < 2_000 && !refused; i++) {
      const r = await t.call('POST', `/api/encounters/${fight.id}/commands`, { key: fight.gmKey, body: hit });
      if (r.status === 200) {
        acknowledged = r.json<{ version: number }>().version;
        hits++;
      } else refused = r;
    }
    expect(refused, 'the database never filled up').toBeDefined();
    expect({ status: refused!.status, code: refused!.json().code }).toEqual({ status: 503, code: 'server/disk-full' });
    expect(refused!.json<{ message: string }>().message).toMatch(/disk .*full/i);
    expect(refused!.headers['retry-after']).toMatch(/^\d+$/);
    // A second try while it is still full says the same (and writes nothing).
    const again = await t.call('POST', `/api/encounters/${fight.id}/commands`, { key: fight.gmKey, body: hit });
    expect({ status: again.status, code: again.json().code }).toEqual({ status: 503, code: 'server/disk-full' });

    // Reads go on: the GM's view and log, the events, the player's view.
    const gm = await t.call('GET', `/api/encounters/${fight.id}`, { key: fight.gmKey });
    expect(gm.status).toBe(200);
    expect(gm.json<{ encounter: { version: number } }>().encounter.version).toBe(acknowledged);
    expect((await t.call('GET', `/api/encounters/${fight.id}/log`, { key: fight.gmKey })).status).toBe(200);
    const events = await t.call('GET', `/api/encounters/${fight.id}/events`, { key: fight.gmKey });
    expect(events.status).toBe(200);
    expect(events.json<{ version: number }>().version).toBe(acknowledged);
    expect((await t.call('GET', `/api/encounters/${fight.id}`, { key: fight.playerKey })).status).toBe(200);

    // Space freed: the same command goes through, right after the last acknowledged one.
    store.db.pragma('max_page_count = 1073741823');
    const after = await t.command(fight.id, fight.gmKey, hit);
    hits++;
    expect((after.events as { seq: number }[])[0]!.seq).toBe(acknowledged + 1);
    // Nothing lost, nothing doubled: every seq once, in order, in the store and in a fresh fold.
    const stored = await store.readEvents(fight.id);
    expect(stored.map((e) => e.seq)).toEqual(Array.from({ length: after.version as number }, (_, i) => i + 1));
    // Every acknowledged hit counted once, no refused one at all.
    const ogre = (after.view as { combatants: { name: string; tracks: { hp: { value: number } } }[] }).combatants.find((c) => c.name === 'Ogre')!;
    expect(ogre.tracks.hp.value).toBe(1_000_000 - hits);
  }, 120_000);
});
