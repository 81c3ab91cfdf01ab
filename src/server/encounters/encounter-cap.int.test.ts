/**
 * The encounter cap holds under concurrent creates: the store checks it in the transaction that
 * inserts, so 300 creates racing at 9,900 encounters make exactly 10,000.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../../store/index.ts';
import { ThreadedSqliteEventStore } from '../../store/index.ts';
import { OWNER, testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A database file already holding `n` encounters (written in one transaction, as fast as SQLite goes). */
function seeded(n: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-cap-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'turnkeeper.db');
  const store = new SqliteEventStore(path, { synchronous: 'normal' });
  const insert = store.db.prepare(
    `INSERT INTO encounters (id, title, rules, created_at, gm_key_hash, player_key_hash) VALUES (?, '', 'custom', '2026-01-01T00:00:00.000Z', ?, ?)`,
  );
  store.db.transaction(() => {
    for (let i = 0; i < n; i++) insert.run(`seed${i}`, 'a'.repeat(64), 'b'.repeat(64));
  })();
  store.db.close();
  return path;
}

describe('the encounter cap', () => {
  it('300 concurrent creates at 9,900 encounters make exactly 10,000 (SQLite on its thread)', async () => {
    const store = await ThreadedSqliteEventStore.open(seeded(9_900), { synchronous: 'normal' });
    cleanups.push(() => store.close());
    const t: TestApp = await testApp({ store });
    cleanups.push(() => t.close());
    expect(t.app.context.limits.maxEncounters).toBe(10_000);
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => t.call('POST', '/api/encounters', { key: OWNER, body: { rules: 'custom', title: `race ${i}`, combatants: [{ name: 'A', hp: 3 }] } })),
    );
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(created.length).toBe(100);
    for (const r of refused) expect({ status: r.status, code: r.json().code }).toEqual({ status: 422, code: 'limit/too-many-encounters' });
    expect(await store.countEncounters()).toBe(10_000);
    // The refused ones left nothing behind: every listed encounter opens, and one more is still refused.
    const again = await t.call('POST', '/api/encounters', { key: OWNER, body: { rules: 'custom' } });
    expect(again.json()).toMatchObject({ code: 'limit/too-many-encounters' });
  }, 60_000);
});
