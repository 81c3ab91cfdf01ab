/**
 * Group commit when the disk fills up in the middle of a batch. SQLite answers SQLITE_FULL and rolls
 * the whole transaction back, not only the failing append's savepoint: the appends before it in the
 * batch are undone too, and one after it would run outside any transaction (committed on its own while
 * its caller is told it failed). Every append of such a batch must be refused with the disk's error,
 * and none written. The full disk is SQLite's `max_page_count`, set to the file's size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../core/index.ts';
import { AT, encounterRecord, events } from './conformance-fixtures.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('group commit on a full disk', () => {
  it('refuses every append of the batch with SQLITE_FULL and writes none of them; they go through once there is room', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-batch-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const store = new SqliteEventStore(join(dir, 'turnkeeper.db'), { synchronous: 'normal' });
    cleanups.push(() => store.close());
    const ids = ['small-before', 'too-big', 'small-after'];
    for (const id of ids) await store.createEncounter(encounterRecord(id), events(1, 1), AT);
    store.db.pragma(`max_page_count = ${store.db.pragma('page_count', { simple: true }) as number}`);

    const big: StoredEvent[] = [{ seq: 2, cmd: 2, event: { type: 'note-added', text: 'x'.repeat(200_000), gmOnly: false } }];
    const batch = () => [store.append('small-before', 1, events(2, 1, 2), AT), store.append('too-big', 1, big, AT), store.append('small-after', 1, events(2, 1, 2), AT)];
    const outcomes = await Promise.allSettled(batch());
    for (const [i, o] of outcomes.entries()) {
      expect(o.status, ids[i]).toBe('rejected');
      expect((o as PromiseRejectedResult).reason, ids[i]).toMatchObject({ code: 'SQLITE_FULL' });
    }
    for (const id of ids) {
      expect((await store.getEncounter(id))!.version, id).toBe(1);
      expect(await store.readEvents(id), id).toHaveLength(1);
    }

    store.db.pragma('max_page_count = 1073741823');
    expect((await Promise.all(batch())).map((r) => r.version)).toEqual([2, 2, 2]);
    for (const id of ids) expect((await store.readEvents(id)).map((e) => e.seq), id).toEqual([1, 2]);
  });
});
