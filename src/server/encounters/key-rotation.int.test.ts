/**
 * Rotating keys closes every socket opened with an old key, including sockets whose key was checked
 * just before the rotation but that join the encounter just after it (while the new key hashes are
 * being written, on the database thread as in `turnkeeper serve`). The owner token is not an
 * encounter key: its sockets stay.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ThreadedSqliteEventStore } from '../../store/index.ts';
import { connect, listen, testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

const fight = { rules: 'custom', seed: 1, combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Goblin', hp: 6 }] };

let t: TestApp | undefined;
const open: WebSocket[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const ws of open.splice(0)) ws.terminate();
  await t?.close();
  t = undefined;
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function sqliteStore(): Promise<ThreadedSqliteEventStore> {
  const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-rotate-'));
  const store = await ThreadedSqliteEventStore.open(join(dir, 'turnkeeper.db'), { synchronous: 'normal' });
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }), () => store.close());
  return store;
}

/** A raw socket and how it ended up: refused before the upgrade, or opened (and maybe closed later). */
function socket(url: string): { ws: WebSocket; settled: Promise<'refused' | 'opened'>; closed: Promise<number> } {
  const ws = new WebSocket(url);
  open.push(ws);
  const settled = new Promise<'refused' | 'opened'>((resolve) => {
    ws.once('open', () => resolve('opened'));
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      resolve('refused');
    });
    ws.once('error', () => resolve('refused'));
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  return { ws, settled, closed };
}

describe('key rotation and live sockets', () => {
  it('leaves no socket on a revoked key: 150 sockets opened while rotating, 10 trials', async () => {
    t = await testApp({ store: await sqliteStore(), limits: { maxListenersPerEncounter: 1000, readsPerSecond: 1e6, readBurst: 1e6 } });
    const base = (await listen(t)).replace(/^http/, 'ws');
    const trials: { survivors: number; joined: number; opened: number; refused: number }[] = [];
    for (let trial = 0; trial < 10; trial++) {
      const c = await t.create(fight);
      const keys = [c.gmKey, c.playerKey];
      const sockets: ReturnType<typeof socket>[] = [];
      let rotation: Promise<unknown> | undefined;
      for (let i = 0; i < 150; i++) {
        sockets.push(socket(`${base}/api/encounters/${c.id}/live?key=${keys[i % 2]!}`));
        // Rotate while sockets are being opened: some were checked before, some join after.
        if (i === 60 + trial * 3) rotation = t.call('POST', `/api/encounters/${c.id}/keys`, { key: c.gmKey, body: { rotate: 'both' } });
        if (i % 10 === 0) await new Promise((r) => setImmediate(r));
      }
      expect((await rotation!) as { status: number }).toMatchObject({ status: 200 });
      const outcomes = await Promise.all(sockets.map((s) => s.settled));
      // Every join has been queued by now: wait for the encounter's queue to pass them, then for the closes.
      await t.app.context.service.run(c.id, () => undefined);
      await Promise.race([Promise.all(sockets.filter((_, i) => outcomes[i] === 'opened').map((s) => s.closed)), new Promise((r) => setTimeout(r, 2000))]);
      const survivors = sockets.filter((s) => s.ws.readyState === WebSocket.OPEN).length;
      trials.push({ survivors, joined: t.app.hub.count(c.id), opened: outcomes.filter((o) => o === 'opened').length, refused: outcomes.filter((o) => o === 'refused').length });
      for (const s of sockets) s.ws.terminate();
    }
    expect(trials.map((x) => x.survivors)).toEqual(Array(10).fill(0));
    expect(trials.map((x) => x.joined)).toEqual(Array(10).fill(0));
    // The race was real: in the trials, sockets both opened before the rotation and were refused after it.
    expect(trials.some((x) => x.opened > 0 && x.refused > 0)).toBe(true);
  }, 60_000);

  it('closes old-key sockets with 4001, keeps owner-token sockets, and lets the new keys in', async () => {
    t = await testApp({ store: await sqliteStore() });
    const base = await listen(t);
    const c = await t.create(fight);
    const gm = await connect(base, c.id, c.gmKey);
    const player = await connect(base, c.id, c.playerKey);
    const owner = await connect(base, c.id, t.app.ownerToken);
    await owner.waitFor((m) => m.type === 'events');
    const r = (await t.call('POST', `/api/encounters/${c.id}/keys`, { key: c.gmKey, body: { rotate: 'both' } })).json<{ gmKey: string; playerKey: string }>();
    expect(await gm.closed).toMatchObject({ code: 4001 });
    expect(await player.closed).toMatchObject({ code: 4001 });
    expect(gm.messages.at(-1)).toMatchObject({ type: 'closed', reason: 'key-rotated' });
    await t.command(c.id, r.gmKey, { type: 'note', text: 'still here' });
    expect(await owner.waitFor((m) => m.type === 'events' && m.seq === 6)).toMatchObject({ log: [{ text: 'still here' }] });
    const fresh = await connect(base, c.id, r.playerKey);
    expect(await fresh.waitFor((m) => m.type === 'update')).toMatchObject({ seq: 6 });
    await expect(connect(base, c.id, c.playerKey)).rejects.toThrow('404');
    for (const s of [owner, fresh]) s.close();
  });
});
