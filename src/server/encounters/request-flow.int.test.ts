import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../../store/index.ts';
import { connect, listen, testApp } from '../test-kit.ts';
import type { Recorder, TestApp } from '../test-kit.ts';

const swnFight = {
  rules: 'swn',
  seed: 3,
  combatants: [
    { name: 'Vasquez', kind: 'pc', stats: { hp: 10 } },
    { name: 'Kade', kind: 'pc', stats: { hp: 10 } },
    { name: 'Lurker', hidden: true, stats: { hp: 5 } },
    { name: 'Pirate', stats: { hp: 5 } },
  ],
};

const apps: TestApp[] = [];
const sockets: Recorder[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  for (const a of apps.splice(0)) await a.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function app(options: Parameters<typeof testApp>[0] = {}): Promise<TestApp> {
  const t = await testApp(options);
  apps.push(t);
  return t;
}

const version = async (t: TestApp, id: string, key: string) =>
  (await t.call('GET', `/api/encounters/${id}`, { key })).json<{ view: { version: number } }>().view.version;

describe('player requests', () => {
  it('queues a request until the GM accepts it; the GM and players hear of it', async () => {
    const t = await app();
    const base = await listen(t);
    const c = await t.create(swnFight);
    const gm = await connect(base, c.id, c.gmKey);
    const player = await connect(base, c.id, c.playerKey);
    sockets.push(gm, player);
    const before = await version(t, c.id, c.gmKey);
    const asked = await t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body: { kind: 'initiative', combatant: 'Vasquez', dice: [5] } });
    expect(asked.status).toBe(201);
    expect(asked.json()).toMatchObject({ request: { id: 1, kind: 'initiative', combatant: 'c1', status: 'pending' } });
    expect(await version(t, c.id, c.gmKey)).toBe(before);
    expect(await gm.waitFor((m) => m.type === 'request')).toMatchObject({ request: { id: 1, status: 'pending' } });
    await player.waitFor((m) => m.type === 'request');
    expect((await t.call('POST', `/api/encounters/${c.id}/requests/1/accept`, { key: c.playerKey })).status).toBe(403);
    const accepted = await t.call('POST', `/api/encounters/${c.id}/requests/1/accept`, { key: c.gmKey });
    expect(accepted.json()).toMatchObject({ request: { status: 'accepted', result: { version: expect.any(Number) } }, result: { events: expect.any(Array) } });
    const events = (await t.call('GET', `/api/encounters/${c.id}/events?after=${before}`, { key: c.gmKey })).json<{ events: { event: Record<string, unknown> }[] }>().events;
    expect(JSON.stringify(events)).toContain('"face":5');
    expect((await t.call('POST', `/api/encounters/${c.id}/requests/1/accept`, { key: c.gmKey })).json()).toMatchObject({ code: 'request/resolved' });
    await player.waitFor((m) => m.type === 'request' && (m.request as { status: string }).status === 'accepted');
  });

  it('lets the GM reject with a reason, and never applies a request by itself', async () => {
    const t = await app();
    const c = await t.create(swnFight);
    const before = await version(t, c.id, c.gmKey);
    for (const body of [
      { kind: 'initiative', combatant: 'Vasquez' },
      { kind: 'initiative', combatant: 'Kade', dice: [3] },
      { kind: 'initiative', combatant: 'Vasquez', dice: [2] },
    ]) {
      expect((await t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body })).status).toBe(201);
    }
    expect(await version(t, c.id, c.gmKey)).toBe(before);
    const rejected = await t.call('POST', `/api/encounters/${c.id}/requests/2/reject`, { key: c.gmKey, body: { reason: 'Roll again, on the table this time.' } });
    expect(rejected.json()).toMatchObject({ request: { id: 2, status: 'rejected', result: { reason: 'Roll again, on the table this time.' } } });
    const list = (await t.call('GET', `/api/encounters/${c.id}/requests?status=pending`, { key: c.playerKey })).json<{ requests: { id: number }[] }>();
    expect(list.requests.map((r) => r.id)).toEqual([1, 3]);
    expect(await version(t, c.id, c.gmKey)).toBe(before);
  });

  it('applies at once what the GM set to auto-accept, still judged by the rules', async () => {
    const t = await app();
    const c = await t.create(swnFight);
    await t.call('PATCH', `/api/encounters/${c.id}/settings`, { key: c.gmKey, body: { autoAccept: { initiative: true } } });
    const before = await version(t, c.id, c.gmKey);
    const r = await t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body: { kind: 'initiative', combatant: 'Kade', dice: [4] } });
    expect(r.json()).toMatchObject({ request: { status: 'accepted' }, result: { version: before + 2 } });
    expect(await version(t, c.id, c.gmKey)).toBeGreaterThan(before);
    const again = await t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body: { kind: 'initiative', combatant: 'Kade', dice: [4] } });
    expect([again.status, again.json().code]).toEqual([422, 'initiative/already-rolled']);
  });

  it('refuses what the rules refuse now, without naming hidden combatants to players', async () => {
    const t = await app();
    const c = await t.create({ ...swnFight, commands: [{ type: 'roll-initiative', dice: { Vasquez: [1], Kade: [1], Lurker: [6], Pirate: [2] } }, { type: 'start' }] });
    const turn = await t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body: { kind: 'end-turn', combatant: 'Vasquez' } });
    expect([turn.status, turn.json().code]).toEqual([422, 'request/not-your-turn']);
    const hidden = await t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body: { kind: 'initiative', combatant: 'Lurker' } });
    expect([hidden.status, hidden.json().code]).toEqual([422, 'request/unknown-combatant']);
    const again = await t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body: { kind: 'initiative', combatant: 'Kade' } });
    expect(again.status).toBe(422);
    for (const r of [turn, hidden, again]) expect(r.body).not.toMatch(/lurker|"c3"/i);
    // The GM is told everything.
    const gmAgain = await t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.gmKey, body: { kind: 'initiative', combatant: 'Kade' } });
    expect(gmAgain.json().code).toBe('initiative/already-rolled');
  });

  it('keeps a refused acceptance pending, and caps pending requests', async () => {
    const t = await app({ limits: { maxPendingRequests: 2 } });
    const c = await t.create(swnFight);
    const ask = (combatant: string) => t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body: { kind: 'initiative', combatant } });
    await ask('Vasquez');
    await ask('Vasquez');
    expect((await ask('Kade')).json()).toMatchObject({ code: 'request/too-many-pending' });
    expect((await t.call('POST', `/api/encounters/${c.id}/requests/1/accept`, { key: c.gmKey })).status).toBe(200);
    const second = await t.call('POST', `/api/encounters/${c.id}/requests/2/accept`, { key: c.gmKey });
    expect([second.status, second.json().code]).toEqual([422, 'initiative/already-rolled']);
    const pending = (await t.call('GET', `/api/encounters/${c.id}/requests?status=pending`, { key: c.gmKey })).json<{ requests: { id: number }[] }>();
    expect(pending.requests.map((r) => r.id)).toEqual([2]);
  });

  it('keeps requests across a restart (SQLite)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'turnkeeper-requests-'));
    dirs.push(dir);
    const file = join(dir, 'turnkeeper.db');
    const first = await app({ store: new SqliteEventStore(file) });
    const c = await first.create(swnFight);
    await first.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body: { kind: 'initiative', combatant: 'Kade', dice: [2] } });
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    await first.app.context.service.deps.store.close();
    const store = new SqliteEventStore(file);
    const second = await app({ store });
    const pending = (await second.call('GET', `/api/encounters/${c.id}/requests`, { key: c.gmKey })).json<{ requests: { status: string }[] }>();
    expect(pending.requests.map((r) => r.status)).toEqual(['pending']);
    expect((await second.call('POST', `/api/encounters/${c.id}/requests/1/accept`, { key: c.gmKey })).status).toBe(200);
    await second.close();
    apps.splice(apps.indexOf(second), 1);
    await store.close();
  });
});
