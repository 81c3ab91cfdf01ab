/**
 * Issue 20, items 8, 9 and 11, for campaign files: a fight id that is not an id, or nesting deeper
 * than any export, is refused with a 422 naming the path; and an import is all or nothing, even when
 * the process dies on the way (here: a store that stops answering after some writes, as a killed
 * server does; `campaign-import-kill.int.test.ts` kills a real one).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../store/index.ts';
import type { EventStore } from '../../store/index.ts';
import { OWNER, testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FIGHTS = 5;
let t: TestApp;
let file: Json;

beforeEach(async () => {
  t = await testApp();
  const call = async (method: string, url: string, body?: unknown, status = 200): Promise<Json> => {
    const r = await t.call(method, url, { key: OWNER, body });
    expect(r.status, r.body).toBe(status);
    return r.json<Json>();
  };
  const id = (await call('POST', '/api/campaigns', { rules: 'custom', title: 'The Long Road' }, 201)).campaign.id as string;
  await call('POST', `/api/campaigns/${id}/commands`, { type: 'add-pc', name: 'Vasquez', hp: 12 });
  await call('POST', `/api/campaigns/${id}/commands`, { type: 'add-template', name: 'Raider', hp: 7 });
  for (let i = 0; i < FIGHTS; i++) await call('POST', `/api/campaigns/${id}/fights`, { title: `Fight ${i + 1}`, templates: [{ template: 'Raider', count: 2 }], start: true }, 201);
  file = await call('GET', `/api/campaigns/${id}/export`);
});
afterEach(async () => {
  await t.close();
});

async function refusedWith(app: TestApp, body: Json | string, path: string): Promise<void> {
  const before = (await app.call('GET', '/api/encounters', { key: OWNER })).json<Json>().encounters.length;
  const r =
    typeof body === 'string'
      ? await app.call('POST', '/api/campaigns/import', { key: OWNER, raw: body, headers: { 'content-type': 'application/json' } })
      : await app.call('POST', '/api/campaigns/import', { key: OWNER, body });
  expect(r.status, r.body).toBe(422);
  expect(r.json<Json>()).toMatchObject({ code: 'import/invalid', details: { path } });
  expect((await app.call('GET', '/api/campaigns', { key: OWNER })).json<Json>().campaigns).toHaveLength(1);
  expect((await app.call('GET', '/api/encounters', { key: OWNER })).json<Json>().encounters).toHaveLength(before);
}

describe('campaign files the commands could not have made', () => {
  it('refuses a fight id like "../../x", in a fight link or in the fight itself', async () => {
    const linked = file.events.findIndex((e: Json) => e.event.type === 'fight-linked');
    const id = file.events[linked].event.fight.id as string;
    const events = file.events.map((e: Json) => (e.event.type === 'fight-linked' && e.event.fight.id === id ? { ...e, event: { ...e.event, fight: { ...e.event.fight, id: '../../x' } } } : e));
    const fights = file.fights.map((f: Json) => (f.encounter.id === id ? { ...f, encounter: { ...f.encounter, id: '../../x' } } : f));
    await refusedWith(t, { ...file, events }, `events[${linked}].event.fight.id`);
    await refusedWith(t, { ...file, fights }, 'fights[0].encounter.id');
    expect((await t.call('GET', '/api/encounters/..%2F..%2Fx', { key: OWNER })).status).toBe(404);
  });

  it('refuses a fight nested 10,000 levels deep (a 500 before), and a fight event commands could not have made', async () => {
    const fight = file.fights[1];
    const n = fight.events.length;
    const deep = { ...fight, events: [...fight.events, { seq: n + 1, cmd: fight.events[n - 1].cmd + 1, event: { type: 'note-added', text: 'x', gmOnly: false, extra: 'DEEP' } }] };
    const text = JSON.stringify({ ...file, fights: file.fights.map((f: Json, i: number) => (i === 1 ? deep : f)) }).replace('"DEEP"', `${'['.repeat(10_000)}1${']'.repeat(10_000)}`);
    await refusedWith(t, text, `fights[1].events[${n}].event.extra${'[0]'.repeat(58)}`);
    const negative = { ...fight, events: [...fight.events, { seq: n + 1, cmd: fight.events[n - 1].cmd + 1, event: { type: 'round-started', round: -3 } }] };
    await refusedWith(t, { ...file, fights: file.fights.map((f: Json, i: number) => (i === 1 ? negative : f)) }, `fights[1].events[${n}].event.round`);
  });
});

/** A store that stops answering after `writes` writes, as a killed server's does; `revive` brings it back. */
function dying(inner: MemoryEventStore, writes: number): { store: EventStore; revive: () => void } {
  const WRITES = new Set(['createCampaign', 'createEncounter', 'createCampaignWithEncounters', 'appendCampaign', 'append', 'updateEncounter']);
  let left = writes;
  let dead = false;
  const store = new Proxy(inner, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || prop === 'close') return value;
      return async (...args: unknown[]) => {
        if (dead) throw new Error('The server was killed.');
        const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        if (WRITES.has(String(prop)) && --left <= 0) dead = true;
        return result;
      };
    },
  });
  return { store, revive: () => void (dead = false) };
}

describe('a campaign import killed on the way', () => {
  it.each([1, 2, 4])('leaves all of it or nothing when the server dies after %i writes, and a retry makes one campaign', async (writes) => {
    const inner = new MemoryEventStore();
    const { store, revive } = dying(inner, writes);
    const app = await testApp({ store });
    try {
      await app.call('POST', '/api/campaigns/import', { key: OWNER, body: file });
      revive();
      const campaigns = await inner.listCampaigns();
      expect(campaigns.length).toBeLessThanOrEqual(1);
      if (campaigns.length === 0) {
        expect(await inner.countEncounters()).toBe(0);
        expect((await app.call('POST', '/api/campaigns/import', { key: OWNER, body: file })).status).toBe(201);
      }
      const [campaign] = await inner.listCampaigns();
      expect(await inner.listCampaigns()).toHaveLength(1);
      expect(await inner.listCampaignEncounters(campaign!.id)).toHaveLength(FIGHTS);
      expect(await inner.countEncounters()).toBe(FIGHTS);
      const listed = (await app.call('GET', '/api/campaigns', { key: OWNER })).json<Json>().campaigns;
      expect(listed).toEqual([expect.objectContaining({ id: campaign!.id, fights: FIGHTS })]);
      const fights = (await app.call('GET', `/api/campaigns/${campaign!.id}/fights`, { key: OWNER })).json<Json>().fights;
      expect(fights).toHaveLength(FIGHTS);
    } finally {
      await app.close();
    }
  });
});
