import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OWNER, testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

const fight = {
  rules: 'custom',
  title: 'Bridge ambush',
  seed: 7,
  combatants: [
    { name: 'Vasquez', kind: 'pc', hp: 12 },
    { name: 'Goblin', hp: 6, count: 2, gmNotes: 'they flee at 2 HP' },
  ],
};

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(async () => t.close());

describe('encounters', () => {
  it('creates an encounter with a GM key, a player key and links', async () => {
    const c = await t.create(fight);
    expect(c.id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(c.gmKey).toMatch(/^tkg_[A-Za-z0-9_-]{43}$/);
    expect(c.playerKey).toMatch(/^tkp_[A-Za-z0-9_-]{43}$/);
    expect(c.playerUrl).toBe(`http://localhost:80/play/${c.id}?key=${c.playerKey}`);
    expect(c.gmUrl).toBe(`http://localhost:80/gm/${c.id}?key=${c.gmKey}`);
    const stored = await t.app.context.service.deps.store.getEncounter(c.id);
    expect(JSON.stringify(stored)).not.toContain(c.gmKey);
    expect(JSON.stringify(stored)).not.toContain(c.playerKey);
  });

  it('lists, archives, unarchives and deletes (owner), archived ones read-only', async () => {
    const a = await t.create(fight);
    const b = await t.create({ rules: 'swn', title: 'Second' });
    const list = async (q = '') => (await t.call('GET', `/api/encounters${q}`, { key: OWNER })).json<{ encounters: { id: string }[] }>().encounters.map((e) => e.id);
    expect(await list()).toEqual([a.id, b.id]);
    expect((await t.call('POST', `/api/encounters/${a.id}/archive`, { key: a.gmKey })).status).toBe(200);
    expect(await list()).toEqual([b.id]);
    expect(await list('?archived=true')).toEqual([a.id]);
    expect(await list('?archived=any')).toEqual([a.id, b.id]);
    const refused = await t.call('POST', `/api/encounters/${a.id}/commands`, { key: a.gmKey, body: { type: 'note', text: 'hi' } });
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'encounter/archived' });
    expect((await t.call('POST', `/api/encounters/${a.id}/archive`, { key: a.gmKey, body: { archived: false } })).json()).toMatchObject({ encounter: { archived: false } });
    expect((await t.call('DELETE', `/api/encounters/${a.id}`, { key: a.gmKey })).status).toBe(401);
    expect((await t.call('DELETE', `/api/encounters/${a.id}`, { key: OWNER })).json()).toEqual({ deleted: true });
    expect((await t.call('DELETE', `/api/encounters/${a.id}`, { key: OWNER })).status).toBe(404);
    expect((await t.call('GET', `/api/encounters/${a.id}`, { key: a.gmKey })).status).toBe(404);
    expect(await list('?archived=any')).toEqual([b.id]);
  });

  it('gives the GM the full view and the player the redacted one', async () => {
    const c = await t.create(fight);
    const gm = (await t.call('GET', `/api/encounters/${c.id}`, { key: c.gmKey })).json<{ role: string; view: { combatants: { gmNotes: string }[] } }>();
    expect(gm.role).toBe('gm');
    expect(gm.view.combatants[1]!.gmNotes).toBe('they flee at 2 HP');
    const player = await t.call('GET', `/api/encounters/${c.id}`, { key: c.playerKey });
    expect(player.json()).toMatchObject({ role: 'player', view: { npcHp: 'bands' }, requestKinds: ['initiative', 'end-turn'] });
    expect(player.body).not.toContain('flee');
    const owner = await t.call('GET', `/api/encounters/${c.id}`, { key: OWNER });
    expect(owner.json()).toMatchObject({ role: 'gm' });
  });

  it('runs commands and answers with the events, the log lines and the view', async () => {
    const c = await t.create(fight);
    const r = await t.command(c.id, c.gmKey, { type: 'damage', combatants: ['Goblin'], amount: 4 });
    expect(r).toMatchObject({ version: 7, events: [{ seq: 7, event: { type: 'track-changed', to: 2 } }], log: [{ text: 'Goblin takes 4 damage (HP 6 → 2).' }] });
    expect((r.view as { version: number }).version).toBe(7);
    const lean = await t.command(c.id, c.gmKey, { type: 'heal', combatants: ['Goblin'], amount: 1 }, '?view=false');
    expect(lean.view).toBeUndefined();
    const log = (await t.call('GET', `/api/encounters/${c.id}/log?after=6`, { key: c.gmKey })).json<{ log: { seq: number }[] }>();
    expect(log.log.map((l) => l.seq)).toEqual([7, 8]);
    const events = (await t.call('GET', `/api/encounters/${c.id}/events?after=2&limit=3`, { key: c.gmKey })).json<{ events: { seq: number }[] }>();
    expect(events.events.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect((await t.call('GET', `/api/encounters/${c.id}/events`, { key: c.playerKey })).status).toBe(403);
  });

  it('answers every refusal with a 4xx, a code and a message, and changes nothing', async () => {
    const c = await t.create(fight);
    const cases: [unknown, number, string][] = [
      [{ type: 'dance' }, 422, 'command/unknown'],
      [{ type: 'damage', combatants: ['Goblin'], amount: 'lots' }, 422, 'command/invalid'],
      [{ type: 'damage', combatants: ['Nobody'], amount: 1 }, 422, 'combatant/unknown'],
      [{ type: 'end-turn' }, 422, 'fight/not-started'],
      [{ nottype: 1 }, 400, 'request/invalid'],
      [[1, 2], 400, 'request/invalid'],
    ];
    for (const [body, status, code] of cases) {
      const r = await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body });
      expect([r.status, r.json().code], JSON.stringify(body)).toEqual([status, code]);
      expect(r.json().message).toEqual(expect.any(String));
    }
    const bad = await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, raw: '{"type":', headers: { 'content-type': 'application/json' } });
    expect([bad.status, bad.json().code]).toEqual([400, 'request/invalid-json']);
    const big = await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body: { type: 'note', text: 'x'.repeat(70_000) } });
    expect([big.status, big.json().code]).toEqual([413, 'request/too-large']);
    expect(big.json().message).toContain('64 kB');
    const text = await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, raw: 'undo', headers: { 'content-type': 'text/plain' } });
    expect([text.status, text.json().code]).toEqual([415, 'request/unsupported-media-type']);
    const xml = await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, raw: '<undo/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
    expect((await t.call('GET', `/api/encounters/${c.id}`, { key: c.gmKey })).json<{ encounter: { version: number } }>().encounter.version).toBe(6);
  });
});

describe('bodies that are not JSON', () => {
  it('answers 415 request/unsupported-media-type on every JSON route, whatever the key, and changes nothing', async () => {
    const c = await t.create(fight);
    const routes: [string, string, string][] = [
      ['POST', `/api/encounters/${c.id}/commands`, c.gmKey],
      ['POST', `/api/encounters/${c.id}/requests`, c.playerKey],
      ['PATCH', `/api/encounters/${c.id}/settings`, c.gmKey],
      ['POST', `/api/encounters/${c.id}/archive`, c.gmKey],
      ['POST', '/api/encounters', OWNER],
    ];
    for (const [method, url, key] of routes) {
      for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded']) {
        const r = await t.call(method, url, { key, raw: '{"type":"undo"}', headers: { 'content-type': type } });
        expect([r.status, r.json().code], `${method} ${url} ${type}`).toEqual([415, 'request/unsupported-media-type']);
        expect(r.json().message).toBe('Send JSON (Content-Type: application/json).');
      }
    }
    // A body without a type is not JSON either; JSON with a charset parameter is.
    const bare = await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, raw: '{"type":"undo"}' });
    expect([bare.status, bare.json().code]).toEqual([415, 'request/unsupported-media-type']);
    const view = await t.call('GET', `/api/encounters/${c.id}`, { key: c.gmKey });
    expect(view.json<{ encounter: { version: number }; settings: { npcHp: string } }>()).toMatchObject({ encounter: { version: 6 }, settings: { npcHp: 'bands' } });
    expect((await t.call('GET', '/api/encounters', { key: OWNER })).json<{ encounters: unknown[] }>().encounters).toHaveLength(1);
    const json = await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, raw: '{"type":"undo"}', headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(json.status).toBe(200);
  });
});

describe('access', () => {
  it('needs a key, and a key that opens nothing looks like no encounter', async () => {
    const c = await t.create(fight);
    const other = await t.create(fight);
    expect((await t.call('GET', `/api/encounters/${c.id}`)).status).toBe(401);
    expect((await t.call('GET', `/api/encounters/${c.id}`, { headers: { authorization: 'Basic abc' } })).status).toBe(401);
    const wrong = await t.call('GET', `/api/encounters/${c.id}`, { key: other.gmKey });
    const missing = await t.call('GET', `/api/encounters/nope`, { key: other.gmKey });
    expect([wrong.status, wrong.body]).toEqual([missing.status, missing.body]);
    expect(wrong.status).toBe(404);
    expect((await t.call('GET', '/api/encounters', { key: c.gmKey })).status).toBe(401);
    expect((await t.call('POST', '/api/encounters', { key: c.gmKey, body: fight })).status).toBe(401);
  });

  it('keeps the player link read-only', async () => {
    const c = await t.create(fight);
    for (const [method, url, body] of [
      ['POST', 'commands', { type: 'note', text: 'hi' }],
      ['GET', 'events', undefined],
      ['GET', 'export', undefined],
      ['GET', 'settings', undefined],
      ['PATCH', 'settings', { npcHp: 'exact' }],
      ['POST', 'archive', {}],
      ['POST', 'keys', { rotate: 'player' }],
    ] as const) {
      const r = await t.call(method, `/api/encounters/${c.id}/${url}`, { key: c.playerKey, body });
      expect([url, r.status, r.json().code]).toEqual([url, 403, 'auth/gm-only']);
    }
    expect((await t.call('DELETE', `/api/encounters/${c.id}`, { key: c.playerKey })).status).toBe(401);
  });

  it('rotates keys: the old ones stop working', async () => {
    const c = await t.create(fight);
    const r = (await t.call('POST', `/api/encounters/${c.id}/keys`, { key: c.gmKey, body: { rotate: 'both' } })).json<{ gmKey: string; playerKey: string; playerUrl: string }>();
    expect(r.playerUrl).toContain(r.playerKey);
    expect((await t.call('GET', `/api/encounters/${c.id}`, { key: c.playerKey })).status).toBe(404);
    expect((await t.call('GET', `/api/encounters/${c.id}`, { key: c.gmKey })).status).toBe(404);
    expect((await t.call('GET', `/api/encounters/${c.id}`, { key: r.playerKey })).json()).toMatchObject({ role: 'player' });
    expect((await t.call('GET', `/api/encounters/${c.id}`, { key: r.gmKey })).json()).toMatchObject({ role: 'gm' });
  });
});

describe('settings, export and import', () => {
  it('changes the player view settings', async () => {
    const c = await t.create(fight);
    const s = await t.call('PATCH', `/api/encounters/${c.id}/settings`, { key: c.gmKey, body: { npcHp: 'exact', bands: { bloodied: 'Wounded' }, autoAccept: { initiative: true } } });
    // Settings others own (discord, timer) keep their defaults.
    expect(s.json()).toMatchObject({
      settings: { npcHp: 'exact', bands: { unhurt: 'Unhurt', hurt: 'Hurt', bloodied: 'Wounded', down: 'Down' }, autoAccept: { initiative: true } },
    });
    expect((await t.call('PATCH', `/api/encounters/${c.id}/settings`, { key: c.gmKey, body: { npcHp: 'numbers' } })).status).toBe(400);
    const view = (await t.call('GET', `/api/encounters/${c.id}`, { key: c.playerKey })).json<{ view: { combatants: { tracks: object }[] } }>().view;
    expect(view.combatants[1]!.tracks).toEqual({ hp: { value: 6, max: 6 } });
  });

  it('exports and imports an encounter (new id, new keys, same events)', async () => {
    const c = await t.create(fight);
    await t.command(c.id, c.gmKey, { type: 'start', dice: { Vasquez: 15, Goblin: 12, 'Goblin 2': 4 } });
    await t.command(c.id, c.gmKey, { type: 'damage', combatants: ['Goblin'], amount: 2 });
    const exported = await t.call('GET', `/api/encounters/${c.id}/export`, { key: c.gmKey });
    expect(exported.headers['content-disposition']).toContain(`turnkeeper-${c.id}.json`);
    const file = exported.json<{ events: unknown[]; encounter: { title: string } }>();
    const imported = await t.call('POST', '/api/encounters/import', { key: OWNER, body: file });
    expect(imported.status).toBe(201);
    const n = imported.json<{ id: string; gmKey: string }>();
    expect(n.id).not.toBe(c.id);
    const again = (await t.call('GET', `/api/encounters/${n.id}/export`, { key: n.gmKey })).json<{ events: unknown[]; encounter: { title: string } }>();
    expect(again.events).toEqual(file.events);
    expect(again.encounter.title).toBe('Bridge ambush');
    const a = (await t.call('GET', `/api/encounters/${c.id}`, { key: c.gmKey })).json<{ view: unknown }>().view;
    const b = (await t.call('GET', `/api/encounters/${n.id}`, { key: n.gmKey })).json<{ view: unknown }>().view;
    expect(b).toEqual(a);
  });

  it('refuses damaged imports with a 4xx and stores nothing', async () => {
    const c = await t.create(fight);
    const file = (await t.call('GET', `/api/encounters/${c.id}/export`, { key: c.gmKey })).json<{ events: { seq: number; event: Record<string, unknown> }[] }>();
    const gap = { ...file, events: file.events.filter((e) => e.seq !== 3) };
    const wrongRules = { ...file, events: [{ ...file.events[0]!, event: { ...file.events[0]!.event, rules: { id: 'dnd', version: 1 } } }, ...file.events.slice(1)] };
    const garbage = { ...file, events: [...file.events, { seq: file.events.length + 1, cmd: 99, event: { type: 'combatant-removed', id: { not: 'a string' } } }] };
    for (const body of [gap, wrongRules, { ...file, format: 'other' }, garbage]) {
      const r = await t.call('POST', '/api/encounters/import', { key: OWNER, body });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    expect((await t.call('GET', '/api/encounters', { key: OWNER })).json<{ encounters: unknown[] }>().encounters.length).toBe(1);
  });
});

describe('limits', () => {
  it('limits commands per second per key with 429 and Retry-After', async () => {
    let now = 1_000_000;
    const limited = await testApp({ clock: () => now, limits: { commandsPerSecond: 2, commandBurst: 3 } });
    const c = await limited.create(fight);
    const send = () => limited.call('POST', `/api/encounters/${c.id}/commands?view=false`, { key: c.gmKey, body: { type: 'note', text: 'tick' } });
    expect([(await send()).status, (await send()).status, (await send()).status]).toEqual([200, 200, 200]);
    const r = await send();
    expect(r.status).toBe(429);
    expect(r.json()).toMatchObject({ code: 'limit/rate' });
    expect(r.headers['retry-after']).toBe('1');
    now += 500;
    expect((await send()).status).toBe(200);
    await limited.close();
  });

  it('refuses commands past the events limit and encounters past the count limit', async () => {
    const small = await testApp({ limits: { maxEventsPerEncounter: 8, maxEncounters: 1 } });
    const c = await small.create(fight);
    expect((await small.call('GET', `/api/encounters/${c.id}`, { key: c.gmKey })).json()).toMatchObject({ encounter: { version: 6 } });
    await small.command(c.id, c.gmKey, { type: 'note', text: 'one' });
    await small.command(c.id, c.gmKey, { type: 'note', text: 'two' });
    const r = await small.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body: { type: 'note', text: 'three' } });
    expect([r.status, r.json().code]).toEqual([422, 'encounter/too-many-events']);
    const more = await small.call('POST', '/api/encounters', { key: OWNER, body: fight });
    expect([more.status, more.json().code]).toEqual([422, 'limit/too-many-encounters']);
    await small.close();
  });

  it('refuses more than 500 combatants with the engine\'s message', async () => {
    const c = await t.create({ rules: 'custom' });
    for (let i = 0; i < 10; i++) await t.command(c.id, c.gmKey, { type: 'add-combatant', name: `Rat ${i}`, count: 50 }, '?view=false');
    const r = await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body: { type: 'add-combatant', name: 'One too many' } });
    expect([r.status, r.json().code]).toEqual([422, 'encounter/too-many-combatants']);
  });
});

describe('meta', () => {
  it('serves health, the rules and a not-built page', async () => {
    expect((await t.call('GET', '/api/health')).json()).toMatchObject({ status: 'ok', protocol: 1 });
    const rules = (await t.call('GET', '/api/rules')).json<{ rules: { id: string }[] }>().rules.map((r) => r.id);
    expect(rules).toEqual(['swn', 'cwn', 'kuro', 'fallout', 'popcorn', 'custom']);
    const page = await t.call('GET', '/play/abc?key=x');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('not built yet');
    expect((await t.call('GET', '/api/nothing')).json()).toMatchObject({ code: 'route/not-found' });
  });
});
