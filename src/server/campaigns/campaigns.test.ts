/** Campaigns through the API: party, bestiary, fights pulled in and written back, export and import, bad input. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OWNER, testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

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

async function campaign(rules = 'custom'): Promise<string> {
  const c = await ok('POST', '/api/campaigns', { rules, title: 'The Long Road' }, 201);
  return c.campaign.id as string;
}

const cmd = (id: string, body: unknown) => ok('POST', `/api/campaigns/${id}/commands`, body);

async function party(id: string): Promise<void> {
  await cmd(id, { type: 'add-pc', name: 'Vasquez', hp: 12, stats: { defense: 14 } });
  await cmd(id, { type: 'add-pc', name: 'Kade', hp: 10 });
  await cmd(id, { type: 'add-template', name: 'Raider', hp: 7, tags: ['raider', 'human'], side: 'Raiders', stats: { defense: 12 } });
  await cmd(id, { type: 'add-template', name: 'Raider boss', hp: 15, tags: ['raider'], side: 'Raiders', gmNotes: 'carries the key' });
  await cmd(id, { type: 'add-template', name: 'Mutant hound', hp: 5, tags: ['beast'] });
}

describe('campaigns', () => {
  it('a fight pulls in the party as it is now and "3 x Raider"; write-back after review; the next fight starts damaged', async () => {
    const id = await campaign();
    await party(id);
    const fight = await ok('POST', `/api/campaigns/${id}/fights`, { title: 'Ambush at the ford', templates: [{ template: 'Raider', count: 3 }], start: true }, 201);
    expect(fight.encounter).toMatchObject({ campaignId: id, status: 'running', round: 1 });
    const view = (await t.call('GET', `/api/encounters/${fight.id}`, { key: fight.gmKey })).json<Json>().view;
    expect(view.combatants.map((c: Json) => c.name).sort()).toEqual(['Kade', 'Raider', 'Raider 2', 'Raider 3', 'Vasquez']);

    await t.command(fight.id, fight.gmKey, { type: 'damage', combatants: ['Vasquez'], amount: 7 });
    await t.command(fight.id, fight.gmKey, { type: 'damage', combatants: ['Kade'], amount: 2 });
    await t.command(fight.id, fight.gmKey, { type: 'end-encounter' });
    const fights = await ok('GET', `/api/campaigns/${id}/fights`);
    expect(fights.fights).toEqual([expect.objectContaining({ id: fight.id, status: 'ended' })]);

    const review = await ok('GET', `/api/campaigns/${id}/fights/${fight.id}/write-back`);
    expect(review.changes).toEqual([
      expect.objectContaining({ name: 'Vasquez', track: 'hp', from: 12, to: 5 }),
      expect.objectContaining({ name: 'Kade', track: 'hp', from: 10, to: 8 }),
    ]);
    const written = await ok('POST', `/api/campaigns/${id}/fights/${fight.id}/write-back`, { expectedVersion: review.campaignVersion, changes: review.changes });
    const vasquez = Object.values(written.state.pcs as Json).find((p: Json) => p.name === 'Vasquez') as Json;
    expect(vasquez.tracks.hp).toMatchObject({ value: 5, max: 12 });
    expect(written.log.at(-1).text).toMatch(/Ambush at the ford/);

    // Undo takes the write-back back whole; redo puts it back.
    const undone = await cmd(id, { type: 'undo' });
    expect((Object.values(undone.state.pcs as Json).find((p: Json) => p.name === 'Vasquez') as Json).tracks.hp.value).toBe(12);
    expect(undone.canRedo).toBe(true);
    await cmd(id, { type: 'redo' });

    const second = await ok('POST', `/api/campaigns/${id}/fights`, { title: 'Second fight', templates: [{ template: 'mutant hound', count: 2 }] }, 201);
    expect(second.encounter.status).toBe('setup');
    const v2 = (await t.call('GET', `/api/encounters/${second.id}`, { key: second.gmKey })).json<Json>().view;
    const v = v2.combatants.find((c: Json) => c.name === 'Vasquez');
    expect(v.tracks.hp).toMatchObject({ value: 5, max: 12 });

  });

  it('a review made before the fight changed again is refused; nothing to write is said so', async () => {
    const id = await campaign();
    await party(id);
    const fight = await ok('POST', `/api/campaigns/${id}/fights`, { start: true }, 201);
    expect((await t.call('POST', `/api/campaigns/${id}/fights/${fight.id}/write-back`, { key: OWNER, body: { expectedVersion: 0 } })).status).toBe(409);
    const nothing = await ok('GET', `/api/campaigns/${id}/fights/${fight.id}/write-back`);
    const r0 = await t.call('POST', `/api/campaigns/${id}/fights/${fight.id}/write-back`, { key: OWNER, body: { expectedVersion: nothing.campaignVersion } });
    expect(r0.json<Json>().code).toBe('campaign/nothing-to-write');
    await t.command(fight.id, fight.gmKey, { type: 'damage', combatants: ['Vasquez'], amount: 3 });
    const review = await ok('GET', `/api/campaigns/${id}/fights/${fight.id}/write-back`);
    await t.command(fight.id, fight.gmKey, { type: 'damage', combatants: ['Vasquez'], amount: 1 });
    const r = await t.call('POST', `/api/campaigns/${id}/fights/${fight.id}/write-back`, { key: OWNER, body: { expectedVersion: review.campaignVersion, changes: review.changes } });
    expect(r.status).toBe(409);
    expect(r.json<Json>().code).toBe('campaign/review-stale');
  });

  it('the bestiary is searched by name or tag; the GM key of a campaign fight reads it, a player key cannot', async () => {
    const id = await campaign();
    await party(id);
    const names = async (q: string) => (await ok('GET', `/api/campaigns/${id}/templates?${q}`)).templates.map((x: Json) => x.name);
    expect(await names('q=raider')).toEqual(['Raider', 'Raider boss']);
    expect(await names('q=BEAST')).toEqual(['Mutant hound']);
    expect(await names('tag=human')).toEqual(['Raider']);
    const fight = await ok('POST', `/api/campaigns/${id}/fights`, {}, 201);
    const gm = await t.call('GET', `/api/encounters/${fight.id}/bestiary?q=hound`, { key: fight.gmKey });
    expect(gm.json<Json>().templates.map((x: Json) => x.name)).toEqual(['Mutant hound']);
    expect((await t.call('GET', `/api/encounters/${fight.id}/bestiary`, { key: fight.playerKey })).status).toBe(403);
    for (const url of [`/api/campaigns`, `/api/campaigns/${id}`, `/api/campaigns/${id}/templates`]) {
      expect((await t.call('GET', url, { key: fight.playerKey })).status).toBe(401);
      expect((await t.call('GET', url, { key: fight.gmKey })).status).toBe(401);
    }
    const plain = await t.create({ rules: 'custom' });
    expect((await t.call('GET', `/api/encounters/${plain.id}/bestiary`, { key: plain.gmKey })).json<Json>().code).toBe('campaign/none');
  });

  it('export and import: the same campaign, its fights kept', async () => {
    const id = await campaign();
    await party(id);
    const fight = await ok('POST', `/api/campaigns/${id}/fights`, { templates: [{ template: 'Raider', count: 2 }], start: true }, 201);
    await t.command(fight.id, fight.gmKey, { type: 'damage', combatants: ['Kade'], amount: 4 });
    const review = await ok('GET', `/api/campaigns/${id}/fights/${fight.id}/write-back`);
    await ok('POST', `/api/campaigns/${id}/fights/${fight.id}/write-back`, { expectedVersion: review.campaignVersion });
    const file = await ok('GET', `/api/campaigns/${id}/export`);
    expect(file).toMatchObject({ format: 'turnkeeper-campaign', version: 1, rules: 'custom' });
    expect(file.fights).toHaveLength(1);

    // Into another server: the same ids, the same state, the same file.
    const other = await testApp();
    try {
      const r = await other.call('POST', '/api/campaigns/import', { key: OWNER, body: file });
      expect(r.status, r.body).toBe(201);
      const newId = r.json<Json>().campaign.id;
      const before = await ok('GET', `/api/campaigns/${id}`);
      const after = (await other.call('GET', `/api/campaigns/${newId}`, { key: OWNER })).json<Json>();
      expect(after.state).toEqual(before.state);
      expect(after.log).toEqual(before.log);
      const again = (await other.call('GET', `/api/campaigns/${newId}/export`, { key: OWNER })).json<Json>();
      // The same file, but for when it was made (and when the fight was stored here).
      const when = (f: Json) => ({ ...f, exportedAt: 0, fights: f.fights.map((x: Json) => ({ ...x, exportedAt: 0, encounter: { ...x.encounter, createdAt: 0 } })) });
      expect(when(again)).toEqual(when(file));
    } finally {
      await other.close();
    }
    // Into the same server: the fight gets a new id, and the campaign's link follows it.
    const r2 = await t.call('POST', '/api/campaigns/import', { key: OWNER, body: file });
    expect(r2.status, r2.body).toBe(201);
    const copy = (await t.call('GET', `/api/campaigns/${r2.json<Json>().campaign.id}`, { key: OWNER })).json<Json>();
    const [linked] = copy.state.fightOrder as string[];
    expect(linked).not.toBe(fight.id);
    const fights = (await t.call('GET', `/api/campaigns/${r2.json<Json>().campaign.id}/fights`, { key: OWNER })).json<Json>().fights;
    expect(fights.map((f: Json) => f.id)).toEqual([linked]);
  });

  it('bad input: a clear 4xx naming the field, and nothing half-written', async () => {
    const id = await campaign();
    await party(id);
    const before = await ok('GET', `/api/campaigns/${id}`);
    const unknown = await t.call('POST', `/api/campaigns/${id}/fights`, { key: OWNER, body: { templates: [{ template: 'Raider', count: 1 }, { template: 'Dragon', count: 1 }] } });
    expect(unknown.status).toBe(422);
    expect(unknown.json<Json>()).toMatchObject({ code: 'campaign/unknown-template' });
    expect(unknown.json<Json>().message).toMatch(/Dragon/);
    expect(unknown.json<Json>().message).toMatch(/templates\[1\]/);
    const stats = await t.call('POST', `/api/campaigns/${id}/commands`, { key: OWNER, body: { type: 'add-template', name: 'Bad', stats: { defense: 'high' } } });
    expect(stats.status).toBe(422);
    expect(stats.json<Json>().message).toMatch(/defense/);
    for (const type of ['link-fight', 'write-back', 'create']) {
      expect((await t.call('POST', `/api/campaigns/${id}/commands`, { key: OWNER, body: { type } })).json<Json>().code).toBe('campaign/use-route');
    }
    const file = await ok('GET', `/api/campaigns/${id}/export`);
    const wrong = [
      [{ ...file, rules: 'kuro' }, /rules|kuro|game/i],
      [{ ...file, version: 2 }, /version 2/],
      [{ ...file, events: file.events.map((e: Json, i: number) => (i === 1 ? { ...e, event: { ...e.event, pc: { ...e.event.pc, stats: { defense: 'x' } } } } : e)) }, /events\[1\]/],
      [{ format: 'turnkeeper.encounter' }, /encounter file/],
    ] as const;
    for (const [body, message] of wrong) {
      const r = await t.call('POST', '/api/campaigns/import', { key: OWNER, body });
      expect(r.status, r.body).toBe(422);
      expect(r.json<Json>().message).toMatch(message);
    }
    expect((await ok('GET', '/api/campaigns')).campaigns).toHaveLength(1);
    expect(await ok('GET', `/api/campaigns/${id}`)).toEqual(before);
    expect((await ok('GET', '/api/encounters')).encounters).toHaveLength(0);
  });

  it('Fallout: a new session refreshes Luck and the AP pools; a fight starts with the pools', async () => {
    const id = await campaign('fallout');
    await cmd(id, { type: 'add-pc', name: 'Nora', stats: { hp: 12, luc: 6, agi: 7, per: 6 } });
    await cmd(id, { type: 'set-pc-track', pc: 'Nora', track: 'luck', value: 2 });
    const s = await cmd(id, { type: 'new-session' });
    const nora = Object.values(s.state.pcs as Json)[0] as Json;
    expect(nora.tracks.luck.value).toBe(6);
    expect(s.state.pools).toEqual({ party: 0, gm: 1 });
    expect(s.log.at(-1).text).toMatch(/session/i);
  });

  it('encounters list where each stands; duplicate makes a prepared copy; deleting a campaign keeps its fights', async () => {
    const id = await campaign();
    await party(id);
    const fight = await ok('POST', `/api/campaigns/${id}/fights`, { templates: [{ template: 'Raider', count: 2 }], start: true }, 201);
    await t.command(fight.id, fight.gmKey, { type: 'damage', combatants: ['Raider'], amount: 3 });
    const copy = await ok('POST', `/api/encounters/${fight.id}/duplicate`, {}, 201);
    expect(copy.encounter).toMatchObject({ status: 'setup', round: 0, campaignId: id, title: fight.encounter.title ? `${fight.encounter.title} (copy)` : 'Copy' });
    const v = (await t.call('GET', `/api/encounters/${copy.id}`, { key: copy.gmKey })).json<Json>().view;
    expect(v.combatants.find((c: Json) => c.name === 'Raider').tracks.hp.value).toBe(7);
    const list = (await ok('GET', '/api/encounters')).encounters as Json[];
    expect(list.map((e) => [e.status, e.round])).toEqual([
      ['running', 1],
      ['setup', 0],
    ]);
    // Undoing the link takes the fight out of the campaign (it stays an encounter); redo brings it back.
    await cmd(id, { type: 'undo' });
    expect((await ok('GET', `/api/campaigns/${id}/fights`)).fights).toEqual([]);
    expect((await t.call('GET', `/api/campaigns/${id}/fights/${fight.id}/write-back`, { key: OWNER })).json<Json>().code).toBe('campaign/unknown-fight');
    await cmd(id, { type: 'redo' });
    expect((await ok('GET', `/api/campaigns/${id}/fights`)).fights.map((f: Json) => f.id)).toEqual([fight.id]);
    await ok('DELETE', `/api/campaigns/${id}`);
    expect((await ok('GET', '/api/encounters')).encounters.map((e: Json) => e.campaignId)).toEqual([null, null]);
    expect((await t.call('GET', `/api/campaigns/${id}`, { key: OWNER })).status).toBe(404);
  });
});
