/** Portraits through the API: the owner's uploads, refusals that store nothing, and what a fight shows to the GM and to players. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OWNER, testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';
import { jpegHeader, png, webpHeader } from './testing.ts';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(async () => {
  await t.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function ok(method: string, url: string, body?: unknown, status = 200): Promise<Json> {
  const r = await t.call(method, url, { key: OWNER, body });
  expect(r.status, `${method} ${url}: ${r.body}`).toBe(status);
  return r.json<Json>();
}

/** A raw upload (or any raw call): the body as bytes, under `type`. */
async function raw(method: string, url: string, key: string | undefined, body?: Buffer, type?: string, headers: Record<string, string> = {}) {
  const r = await t.app.fastify.inject({
    method: method as 'PUT',
    url,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(type ? { 'content-type': type } : {}), ...headers },
    ...(body ? { payload: body } : {}),
  });
  return { status: r.statusCode, headers: r.headers, raw: r.rawPayload, json: () => JSON.parse(r.body) as Json };
}

async function campaign(): Promise<string> {
  const id = (await ok('POST', '/api/campaigns', { rules: 'custom', title: 'The Long Road' }, 201)).campaign.id as string;
  await ok('POST', `/api/campaigns/${id}/commands`, { type: 'add-pc', name: 'Vasquez', hp: 12 });
  await ok('POST', `/api/campaigns/${id}/commands`, { type: 'add-pc', name: 'Kade', hp: 10 });
  await ok('POST', `/api/campaigns/${id}/commands`, { type: 'add-template', name: 'Raider', hp: 7 });
  await ok('POST', `/api/campaigns/${id}/commands`, { type: 'add-template', name: 'Mutant hound', hp: 5 });
  return id;
}

const PNG = png(4, 4);
const listOf = async (id: string) => (await ok('GET', `/api/campaigns/${id}/portraits`)).portraits as Json[];

describe('portraits: the owner', () => {
  it('uploads, reads (type, nosniff, ETag, private cache), replaces and removes a PC\'s portrait', async () => {
    const id = await campaign();
    const put = await raw('PUT', `/api/campaigns/${id}/portraits/pc/Vasquez`, OWNER, PNG, 'image/png');
    expect(put.status, JSON.stringify(put.json())).toBe(200);
    expect(put.json().portrait).toMatchObject({ kind: 'pc', id: 'p1', type: 'image/png', size: PNG.length });
    expect(await listOf(id)).toEqual([put.json().portrait]);

    const got = await raw('GET', `/api/campaigns/${id}/portraits/pc/p1`, OWNER);
    expect(got.status).toBe(200);
    expect(got.raw.equals(PNG)).toBe(true);
    expect(got.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-cache', etag: put.json().portrait.etag });
    const again = await raw('GET', `/api/campaigns/${id}/portraits/pc/p1`, OWNER, undefined, undefined, { 'if-none-match': put.json().portrait.etag });
    expect([again.status, again.raw.length]).toEqual([304, 0]);

    const webp = webpHeader(64, 64);
    expect((await raw('PUT', `/api/campaigns/${id}/portraits/template/t1`, OWNER, webp, 'image/webp')).status).toBe(200);
    expect((await raw('PUT', `/api/campaigns/${id}/portraits/pc/p1`, OWNER, jpegHeader(32, 32), 'image/jpeg')).status).toBe(200);
    expect((await raw('GET', `/api/campaigns/${id}/portraits/pc/p1`, OWNER)).headers['content-type']).toBe('image/jpeg');
    expect((await listOf(id)).map((p) => [p.kind, p.id, p.type])).toEqual([
      ['pc', 'p1', 'image/jpeg'],
      ['template', 't1', 'image/webp'],
    ]);

    expect(await ok('DELETE', `/api/campaigns/${id}/portraits/pc/vasquez`)).toEqual({ deleted: true });
    const gone = await raw('GET', `/api/campaigns/${id}/portraits/pc/p1`, OWNER);
    expect([gone.status, gone.json().code, gone.json().message]).toEqual([404, 'portrait/not-found', 'This PC has no portrait.']);
    expect((await raw('DELETE', `/api/campaigns/${id}/portraits/pc/p1`, OWNER)).status).toBe(404);
  });

  it('refuses 10 MB (413), a text file labelled image/png, a mislabelled image, JSON, and an unknown PC: each in GM words, storing nothing', async () => {
    const id = await campaign();
    const url = `/api/campaigns/${id}/portraits/pc/p1`;
    const big = await raw('PUT', url, OWNER, Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), 'image/png');
    expect([big.status, big.json().code]).toEqual([413, 'portrait/too-large']);
    expect(big.json().message).toBe('A portrait is at most 256 kB; this file is 10.0 MB. Save it smaller (512 × 512 pixels is plenty) and try again.');
    const text = await raw('PUT', url, OWNER, Buffer.from('Not a picture, just words.\n'), 'image/png');
    expect([text.status, text.json().code]).toEqual([415, 'portrait/not-an-image']);
    const plain = await raw('PUT', url, OWNER, Buffer.from('Not a picture.\n'), 'text/plain');
    expect([plain.status, plain.json().code]).toEqual([415, 'portrait/not-an-image']);
    const mislabelled = await raw('PUT', url, OWNER, jpegHeader(10, 10), 'image/png');
    expect([mislabelled.status, mislabelled.json().message]).toEqual([415, 'The file is a JPEG image but was sent as PNG (image/png). Send it as image/jpeg, or save it again in the format its name says.']);
    const octet = await raw('PUT', url, OWNER, PNG, 'application/octet-stream');
    expect([octet.status, octet.json().code]).toEqual([415, 'portrait/mislabelled']);
    const json = await t.call('PUT', url, { key: OWNER, body: { image: 'x' } });
    expect([json.status, json.json().code]).toEqual([415, 'portrait/not-an-image']);
    const bomb = await raw('PUT', url, OWNER, png(1, 1, [0, 0, 0], { width: 30_000, height: 30_000 }), 'image/png');
    expect([bomb.status, bomb.json().code]).toEqual([422, 'portrait/too-many-pixels']);
    const nobody = await raw('PUT', `/api/campaigns/${id}/portraits/pc/Zed`, OWNER, PNG, 'image/png');
    expect([nobody.status, nobody.json().message]).toEqual([404, 'There is no PC "Zed" in this campaign.']);
    const noCampaign = await raw('PUT', '/api/campaigns/cmp_nope/portraits/pc/p1', OWNER, PNG, 'image/png');
    expect([noCampaign.status, noCampaign.json().code]).toEqual([404, 'campaign/not-found']);
    const badKind = await raw('PUT', `/api/campaigns/${id}/portraits/npc/p1`, OWNER, PNG, 'image/png');
    expect(badKind.status).toBe(400);
    expect(await listOf(id)).toEqual([]);
  });

  it('keeps the other routes\' 415 for images (send JSON)', async () => {
    const id = await campaign();
    const r = await raw('POST', `/api/campaigns/${id}/commands`, OWNER, PNG, 'image/png');
    expect([r.status, r.json().code, r.json().message]).toEqual([415, 'request/unsupported-media-type', 'Send JSON (Content-Type: application/json).']);
  });

  it('refuses player, TV, GM and no keys: only the owner uploads', async () => {
    const id = await campaign();
    const fight = await ok('POST', `/api/campaigns/${id}/fights`, {}, 201);
    const links = await ok('POST', `/api/campaigns/${id}/table-links`, {});
    for (const key of [fight.playerKey, fight.gmKey, links.playerKey ?? 'tkp_x', links.tvKey ?? 'tkt_x', undefined]) {
      const r = await raw('PUT', `/api/campaigns/${id}/portraits/pc/p1`, key, PNG, 'image/png');
      expect(r.status).toBe(401);
    }
    expect(await listOf(id)).toEqual([]);
  });

  it('hides the portrait of a removed PC, and brings it back when the removal is undone', async () => {
    const id = await campaign();
    await raw('PUT', `/api/campaigns/${id}/portraits/pc/p2`, OWNER, PNG, 'image/png');
    await ok('POST', `/api/campaigns/${id}/commands`, { type: 'remove-pc', pc: 'Kade' });
    expect(await listOf(id)).toEqual([]);
    expect((await raw('GET', `/api/campaigns/${id}/portraits/pc/p2`, OWNER)).status).toBe(404);
    await ok('POST', `/api/campaigns/${id}/commands`, { type: 'undo' });
    expect((await listOf(id)).map((p) => p.id)).toEqual(['p2']);
  });
});

describe('portraits: a fight', () => {
  it('shows the GM every combatant\'s portrait, players only the visible ones: a hidden NPC\'s answers as a missing one', async () => {
    const id = await campaign();
    await raw('PUT', `/api/campaigns/${id}/portraits/pc/Kade`, OWNER, PNG, 'image/png');
    const raider = png(2, 2, [10, 200, 10]);
    await raw('PUT', `/api/campaigns/${id}/portraits/template/Raider`, OWNER, raider, 'image/png');
    const fight = await ok('POST', `/api/campaigns/${id}/fights`, { templates: [{ template: 'Mutant hound', count: 1 }] }, 201);
    await t.command(fight.id, fight.gmKey, { type: 'add-combatant', name: 'Raider', hp: 7, hidden: true, count: 2 });
    const gmView = (await t.call('GET', `/api/encounters/${fight.id}`, { key: fight.gmKey })).json<Json>().view;
    const engineId = (name: string) => (gmView.combatants as Json[]).find((c) => c.name === name)!.id as string;

    const gm = await raw('GET', `/api/encounters/${fight.id}/portraits`, fight.gmKey);
    expect((gm.json().portraits as Json[]).map((p) => p.combatant).sort()).toEqual([engineId('Kade'), engineId('Raider'), engineId('Raider 2')].sort());
    const gmImage = await raw('GET', `/api/encounters/${fight.id}/portraits/${engineId('Raider 2')}`, fight.gmKey);
    expect([gmImage.status, gmImage.raw.equals(raider)]).toEqual([200, true]);

    const playerView = (await t.call('GET', `/api/encounters/${fight.id}`, { key: fight.playerKey })).json<Json>().view;
    const playerId = (name: string) => (playerView.combatants as Json[]).find((c) => c.name === name)!.id as string;
    const players = await raw('GET', `/api/encounters/${fight.id}/portraits`, fight.playerKey);
    expect(players.json().portraits).toEqual([{ combatant: playerId('Kade'), etag: expect.any(String) }]);
    const kade = await raw('GET', `/api/encounters/${fight.id}/portraits/${playerId('Kade')}`, fight.playerKey);
    expect([kade.status, kade.headers['content-type'], kade.raw.equals(PNG)]).toEqual([200, 'image/png', true]);

    const missing = await raw('GET', `/api/encounters/${fight.id}/portraits/c99`, fight.playerKey);
    expect(missing.status).toBe(404);
    const guesses = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', engineId('Raider'), engineId('Raider 2'), playerId('Mutant hound'), playerId('Vasquez')];
    for (const guess of guesses) {
      if (guess === playerId('Kade')) continue;
      const r = await raw('GET', `/api/encounters/${fight.id}/portraits/${guess}`, fight.playerKey);
      expect([r.status, r.raw.toString()], guess).toEqual([404, missing.raw.toString()]);
    }
    expect(missing.json()).toEqual({ code: 'portrait/not-found', message: 'There is no portrait for that combatant.' });

    await t.command(fight.id, fight.gmKey, { type: 'update-combatant', combatant: engineId('Raider'), hidden: false });
    const revealed = (await t.call('GET', `/api/encounters/${fight.id}`, { key: fight.playerKey })).json<Json>().view.combatants as Json[];
    const shown = revealed.find((c) => c.name === 'Raider')!.id as string;
    const now = await raw('GET', `/api/encounters/${fight.id}/portraits`, fight.playerKey);
    expect((now.json().portraits as Json[]).map((p) => p.combatant).sort()).toEqual([playerId('Kade'), shown].sort());
    expect((await raw('GET', `/api/encounters/${fight.id}/portraits/${shown}`, fight.playerKey)).raw.equals(raider)).toBe(true);
  });

  it('answers no portraits for a fight that is not a campaign\'s', async () => {
    const c = await t.create({ rules: 'custom', combatants: [{ name: 'Raider', kind: 'npc', hp: 3 }] });
    expect((await raw('GET', `/api/encounters/${c.id}/portraits`, c.gmKey)).json()).toEqual({ portraits: [] });
    expect((await raw('GET', `/api/encounters/${c.id}/portraits/c1`, c.playerKey)).status).toBe(404);
  });
});
