/**
 * Fuzzing every route with arbitrary methods, paths, headers and bodies (through `inject`): the server
 * never answers 500, and a 4xx never changes anything (encounters, events, settings, keys, requests).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../store/index.ts';
import { OWNER, testApp } from '../test-kit.ts';
import type { Created, TestApp } from '../test-kit.ts';

let t: TestApp;
let store: MemoryEventStore;
const fixtures: Created[] = [];

const scripts = [
  { rules: 'custom', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Goblin', hp: 6, hidden: true }], commands: [{ type: 'start', dice: { Vasquez: 9, Goblin: 3 } }] },
  { rules: 'swn', combatants: [{ name: 'Kade', kind: 'pc', stats: { hp: 9 } }, { name: 'Pirate', stats: { hp: 5 } }] },
  { rules: 'popcorn', combatants: [{ name: 'Mira', kind: 'pc', hp: 9, stats: { heroDice: 1 } }, { name: 'Orc', hp: 5 }], commands: [{ type: 'start', combatant: 'Mira' }] },
];

async function ensureFixtures(): Promise<void> {
  for (let i = 0; i < scripts.length; i++) {
    const f = fixtures[i];
    if (f && (await store.getEncounter(f.id))) continue;
    fixtures[i] = await t.create(scripts[i]!);
  }
}

async function snapshot(): Promise<string> {
  const all = await store.listEncounters();
  const parts = await Promise.all(all.map(async (e) => ({ e, events: (await store.readEvents(e.id)).length, requests: await store.listRequests(e.id) })));
  return JSON.stringify(parts);
}

const commandTypes = ['damage', 'heal', 'add-combatant', 'end-turn', 'start', 'undo', 'redo', 'note', 'attack', 'pass', 'hold', 'roll-initiative', 'set-track', 'add-condition', 'reorder', 'update-combatant', 'remove-combatant', 'end-encounter', 'act', 'react', 'x'];
const refs = fc.constantFrom('Vasquez', 'Goblin', 'Kade', 'c1', 'c2', 'c99', '', 'Orc', 'Mira');
const plausibleCommand = fc.record(
  {
    type: fc.constantFrom(...commandTypes),
    combatants: fc.array(refs, { maxLength: 3 }),
    combatant: refs,
    actor: refs,
    target: refs,
    to: refs,
    amount: fc.oneof(fc.integer({ min: -5, max: 2_000_000 }), fc.constant('3'), fc.double()),
    name: fc.string({ maxLength: 20 }),
    text: fc.string({ maxLength: 30 }),
    hp: fc.integer({ min: -5, max: 100 }),
    count: fc.integer({ min: -1, max: 60 }),
    label: fc.string({ maxLength: 10 }),
    hit: fc.constantFrom('1d20+2', 'd', '999d999', '1d20'),
    dice: fc.dictionary(fc.constantFrom('Vasquez', 'hit', 'damage', 'roll'), fc.oneof(fc.integer({ min: -3, max: 30 }), fc.array(fc.integer({ min: -3, max: 30 }), { maxLength: 3 }))),
    duration: fc.oneof(fc.constant('until-removed'), fc.record({ rounds: fc.integer({ min: -1, max: 3 }) })),
  },
  { requiredKeys: ['type'] },
);

/** The routes with their methods (most requests go to a real route), and odd paths. */
const routes: [string, string][] = [
  ['POST', '/api/encounters'],
  ['GET', '/api/encounters?archived={s}'],
  ['POST', '/api/encounters/import'],
  ['GET', '/api/encounters/{id}'],
  ['DELETE', '/api/encounters/{id}'],
  ['POST', '/api/encounters/{id}/commands'],
  ['POST', '/api/encounters/{id}/commands?expectedVersion={n}'],
  ['POST', '/api/encounters/{id}/commands?view={s}'],
  ['GET', '/api/encounters/{id}/log?after={n}'],
  ['GET', '/api/encounters/{id}/events?after={n}&limit={n}'],
  ['GET', '/api/encounters/{id}/export'],
  ['POST', '/api/encounters/{id}/archive'],
  ['POST', '/api/encounters/{id}/keys'],
  ['GET', '/api/encounters/{id}/settings'],
  ['PATCH', '/api/encounters/{id}/settings'],
  ['POST', '/api/encounters/{id}/requests'],
  ['GET', '/api/encounters/{id}/requests?status={s}'],
  ['POST', '/api/encounters/{id}/requests/{n}/accept'],
  ['POST', '/api/encounters/{id}/requests/{n}/reject'],
  ['GET', '/api/encounters/{id}/live?key={s}'],
  ['GET', '/api/health'],
  ['GET', '/api/rules'],
  ['GET', '/api/openapi.json'],
  ['GET', '/'],
  ['GET', '/play/{id}?key={s}'],
  ['GET', '/gm/{id}'],
  ['GET', '/{s}'],
  ['GET', '/assets/{s}'],
];
const statuses = new Map<number, number>();


const requestArb = fc.record({
  route: fc.constantFrom(...routes),
  otherMethod: fc.oneof(
    { arbitrary: fc.constant(null), weight: 5 },
    { arbitrary: fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS', 'HEAD'), weight: 1 },
  ),
  fixture: fc.nat({ max: scripts.length - 1 }),
  id: fc.oneof(
    { arbitrary: fc.constant('real'), weight: 8 },
    { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
    { arbitrary: fc.constantFrom('..', '%2e%2e', '%00', 'import', 'a'.repeat(300)), weight: 1 },
  ),
  n: fc.oneof(fc.nat({ max: 40 }).map(String), fc.constantFrom('-1', '1e3', '', 'x', '99999999999999999999')),
  s: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('pending', '../../etc/passwd', '%ff', 'index.html')),
  key: fc.oneof({ arbitrary: fc.constantFrom('owner', 'gm', 'player'), weight: 6 }, { arbitrary: fc.constantFrom('none', 'junk', 'basic'), weight: 1 }),
  contentType: fc.oneof(
    { arbitrary: fc.constant('application/json'), weight: 4 },
    { arbitrary: fc.constantFrom('text/plain', 'none', 'application/x-www-form-urlencoded', 'application/json; charset=latin1'), weight: 1 },
  ),
  body: fc.oneof(
    fc.json({ maxDepth: 3 }),
    plausibleCommand.map((c) => JSON.stringify(c)),
    fc.string({ maxLength: 40 }),
    fc.constantFrom('', '{', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', 'null', '[]', '{"type":"undo"}', '{"kind":"initiative","combatant":"Vasquez"}'),
    fc.record({ npcHp: fc.constantFrom('exact', 'bands', 'x'), archived: fc.boolean(), rotate: fc.constantFrom('gm', 'player', 'x') }).map((o) => JSON.stringify(o)),
  ),
  sendBody: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: fc.constant(false), weight: 1 }),
});

beforeAll(async () => {
  store = new MemoryEventStore();
  t = await testApp({ store, limits: { commandsPerSecond: 1e6, commandBurst: 1e6, requestsPerSecond: 1e6, requestBurst: 1e6, readsPerSecond: 1e6, readBurst: 1e6, bodyBytes: 4096 } });
});
afterAll(async () => t.close());

describe('fuzzing every route', () => {
  it('never answers 500, and a 4xx changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (r) => {
        await ensureFixtures();
        const f = fixtures[r.fixture]!;
        const id = r.id === 'real' ? f.id : encodeURIComponent(r.id);
        const method = r.otherMethod ?? r.route[0];
        const url = r.route[1].replaceAll('{id}', id).replaceAll('{n}', r.n).replaceAll('{s}', encodeURIComponent(r.s));
        const keys: Record<string, string | undefined> = { none: undefined, owner: OWNER, gm: f.gmKey, player: f.playerKey, junk: 'tkg_junk' };
        const headers: Record<string, string> = {};
        if (r.key === 'basic') headers.authorization = 'Basic Zm9vOmJhcg==';
        else if (keys[r.key]) headers.authorization = `Bearer ${keys[r.key]}`;
        if (r.contentType !== 'none') headers['content-type'] = r.contentType;
        const before = await snapshot();
        const res = await t.app.fastify.inject({ method: method as 'GET', url, headers, ...(r.sendBody ? { payload: r.body } : {}) });
        expect(res.statusCode, `${method} ${url} ${r.body} → ${res.body}`).toBeLessThan(500);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 400) {
          expect(await snapshot(), `${method} ${url} ${r.body} → ${res.statusCode}`).toBe(before);
          if (method !== 'HEAD' && res.headers['content-type']?.toString().includes('json')) {
            expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
          }
        }
      }),
      { numRuns: 800 },
    );
    // The runs reach the handlers, not only the router and the key check.
    expect([...statuses.entries()].filter(([s]) => s < 300).reduce((a, [, n]) => a + n, 0)).toBeGreaterThan(100);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(50);
  }, 60_000);

  it('never answers 500 to arbitrary commands, on several rule modules', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: scripts.length - 1 }), fc.array(plausibleCommand, { minLength: 1, maxLength: 6 }), async (which, commands) => {
        await ensureFixtures();
        const f = fixtures[which]!;
        for (const command of commands) {
          const before = await snapshot();
          const res = await t.call('POST', `/api/encounters/${f.id}/commands?view=false`, { key: f.gmKey, body: command });
          expect(res.status, `${JSON.stringify(command)} → ${res.body}`).toBeLessThan(500);
          if (res.status >= 400) expect(await snapshot()).toBe(before);
          else {
            const view = await t.call('GET', `/api/encounters/${f.id}`, { key: f.playerKey });
            expect(view.status).toBe(200);
          }
        }
      }),
      { numRuns: 250 },
    );
  }, 60_000);
});
