/**
 * Issue 23, item 1: "A campaign has one player link and one TV link that always show its current fight
 * (or 'waiting for the next fight' between fights, with the party as it stands), survive across fights
 * and server restarts, and can be rotated by the GM." A table key opens the player view of the
 * campaign's fights and nothing more.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OWNER, connect, listen, testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(async () => {
  await t.close();
});

async function ok(method: string, url: string, body?: unknown, status = 200, key = OWNER): Promise<Json> {
  const r = await t.call(method, url, { key, body });
  expect(r.status, `${method} ${url}: ${r.body}`).toBe(status);
  return r.json<Json>();
}

async function campaignWithParty(): Promise<string> {
  const id = (await ok('POST', '/api/campaigns', { rules: 'custom', title: 'The Long Road' }, 201)).campaign.id as string;
  for (const body of [
    { type: 'add-pc', name: 'Vasquez', hp: 12 },
    { type: 'add-pc', name: 'Kade', hp: 10 },
    { type: 'add-template', name: 'Assassin', hp: 9, side: 'Knives', gmNotes: 'the duke sent her' },
  ]) {
    await ok('POST', `/api/campaigns/${id}/commands`, body);
  }
  return id;
}

const table = (id: string, key: string) => t.call('GET', `/api/campaigns/${id}/table`, { key });

describe('a campaign\'s lasting table links', () => {
  it('show the party between fights, then each current fight in turn, through the same key', async () => {
    const id = await campaignWithParty();
    const links = await ok('POST', `/api/campaigns/${id}/table-links`, {});
    expect(links.playerUrl).toMatch(new RegExp(`/table/${id}\\?key=tkp_`));
    expect(links.tvUrl).toMatch(new RegExp(`/table/${id}\\?key=tkv_.*&tv=1$`));

    const waiting = (await table(id, links.playerKey)).json<Json>();
    expect(waiting).toEqual({
      campaign: { id, title: 'The Long Road', rules: 'custom' },
      screen: 'player',
      fight: null,
      party: [
        { name: 'Vasquez', tracks: { hp: { value: 12, max: 12 } } },
        { name: 'Kade', tracks: { hp: { value: 10, max: 10 } } },
      ],
      seat: null,
    });
    expect((await table(id, links.tvKey)).json<Json>().screen).toBe('tv');

    const first = await ok('POST', `/api/campaigns/${id}/fights`, { title: 'The Assassin strikes', templates: [{ template: 'Assassin', count: 1 }], hidden: true, start: true }, 201);
    const now = (await table(id, links.playerKey)).json<Json>();
    expect(now.fight).toEqual({ id: first.id, status: 'running', round: 1 });
    // Nothing the GM hides reaches the table: no fight title (players read it scrubbed, in the fight's view), no templates.
    expect(JSON.stringify(now)).not.toMatch(/Assassin|duke/);

    for (const key of [links.playerKey, links.tvKey]) {
      const seen = await ok('GET', `/api/encounters/${first.id}`, undefined, 200, key);
      expect(seen.role).toBe('player');
      expect(JSON.stringify(seen)).not.toMatch(/Assassin|duke/);
    }

    await t.command(first.id, first.gmKey, { type: 'end-encounter' });
    expect((await table(id, links.playerKey)).json<Json>().fight).toBeNull();

    const second = await ok('POST', `/api/campaigns/${id}/fights`, { title: 'At the ford' }, 201);
    expect((await table(id, links.playerKey)).json<Json>().fight).toEqual({ id: second.id, status: 'setup', round: 0 });
    await ok('GET', `/api/encounters/${second.id}`, undefined, 200, links.playerKey);
  });

  it('open nothing but the player view of their own campaign\'s fights', async () => {
    const id = await campaignWithParty();
    const other = await campaignWithParty();
    const links = await ok('POST', `/api/campaigns/${id}/table-links`, {});
    const fight = await ok('POST', `/api/campaigns/${id}/fights`, { title: 'Here', start: true }, 201);
    const elsewhere = await ok('POST', `/api/campaigns/${other}/fights`, { title: 'There', start: true }, 201);
    const alone = await t.create({ rules: 'custom', title: 'One-off' });

    // GM routes: refused as for any player key; the owner's routes: not the owner.
    expect((await t.call('POST', `/api/encounters/${fight.id}/commands`, { key: links.playerKey, body: { type: 'end-turn' } })).status).toBe(403);
    expect((await t.call('GET', `/api/campaigns/${id}`, { key: links.playerKey })).status).toBe(401);
    expect((await t.call('POST', `/api/campaigns/${id}/table-links`, { key: links.tvKey, body: {} })).status).toBe(401);
    // Another campaign's fight, a one-off encounter, another campaign's table: as if they did not exist.
    for (const url of [`/api/encounters/${elsewhere.id}`, `/api/encounters/${alone.id}`, `/api/campaigns/${other}/table`, '/api/campaigns/cmp_nothing/table']) {
      const r = await t.call('GET', url, { key: links.playerKey });
      expect(r.status, url).toBe(404);
    }
    // No key, or a made-up one.
    expect((await t.call('GET', `/api/campaigns/${id}/table`)).status).toBe(401);
    expect((await table(id, 'tkp_made-up')).status).toBe(404);
    // The one-off keeps its own links.
    expect((await t.call('GET', `/api/encounters/${alone.id}`, { key: alone.playerKey })).status).toBe(200);
  });

  it('are made anew by the GM: the old key opens nothing, its sockets close, the other link keeps working', async () => {
    const id = await campaignWithParty();
    const links = await ok('POST', `/api/campaigns/${id}/table-links`, {});
    const fight = await ok('POST', `/api/campaigns/${id}/fights`, { title: 'Here', start: true }, 201);
    const base = await listen(t);
    const phone = await connect(base, fight.id, links.playerKey);
    const tv = await connect(base, fight.id, links.tvKey);
    await phone.waitFor((m) => m.type === 'hello');
    await tv.waitFor((m) => m.type === 'hello');

    const fresh = await ok('POST', `/api/campaigns/${id}/table-links`, { rotate: ['player'] });
    expect(Object.keys(fresh).sort()).toEqual(['playerKey', 'playerUrl']);
    expect((await phone.closed).code).toBe(4001);
    expect(phone.messages).toContainEqual(expect.objectContaining({ type: 'closed', reason: 'key-rotated' }));
    expect((await table(id, links.playerKey)).status).toBe(404);
    expect((await t.call('GET', `/api/encounters/${fight.id}`, { key: links.playerKey })).status).toBe(404);
    expect((await table(id, fresh.playerKey)).status).toBe(200);

    // The TV's socket still follows the fight.
    await t.command(fight.id, fight.gmKey, { type: 'end-turn' });
    await tv.waitFor((m) => m.type === 'update');
    // A socket opened with the rotated key is turned away.
    await expect(connect(base, fight.id, links.playerKey)).rejects.toThrow('upgrade refused: 404');
    tv.close();
  });

  it('refuse a bad request in words and change nothing', async () => {
    const id = await campaignWithParty();
    for (const body of [{ rotate: [] }, { rotate: ['gm'] }, { rotate: ['player', 'tv', 'player'] }, { other: 1 }]) {
      const r = await t.call('POST', `/api/campaigns/${id}/table-links`, { key: OWNER, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json<Json>().message.length).toBeGreaterThan(10);
    }
    expect((await t.call('POST', '/api/campaigns/cmp_nothing/table-links', { key: OWNER, body: {} })).status).toBe(404);
  });
});
