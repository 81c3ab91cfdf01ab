import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER, testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

/**
 * Issue 10, item 9, at the server: an encounter whose combatants, sides and tracks are called
 * `toString`, `constructor`, `__proto__`... (with typed-in dice under those names) exports, imports
 * (the full replay check of `checkImport`), and exports again to the same events and views.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

const PROTO = ['toString', 'valueOf', 'constructor', '__proto__', 'hasOwnProperty'];

describe('export and import with prototype names', () => {
  for (const rules of ['custom', 'swn', 'kuro', 'popcorn']) {
    it(`${rules}: exports, imports and exports again to the same events and views`, async () => {
      const c = await t.create({ rules, title: 'constructor', options: {} });
      for (const [i, name] of PROTO.entries()) {
        await t.command(c.id, c.gmKey, { type: 'add-combatant', name, kind: i === 0 ? 'pc' : 'npc', side: i === 0 ? 'toString' : 'Constructor', hp: 7 });
      }
      await t.command(c.id, c.gmKey, { type: 'damage', combatants: ['constructor', '__proto__'], amount: 2 });
      await t.command(c.id, c.gmKey, { type: 'set-track', combatant: 'toString', track: '__proto__', value: 3, max: 5 });
      await t.command(c.id, c.gmKey, { type: 'set-track', combatant: 'valueOf', track: 'constructor', value: 1 });
      await t.command(c.id, c.gmKey, { type: 'add-condition', combatants: ['hasOwnProperty'], name: 'toString', duration: { until: 'turn-end', of: '__proto__' } });
      if (rules === 'custom') {
        // The server's JSON parser refuses a "__proto__" key in a body, so that one rolls with the encounter's dice.
        await t.command(c.id, c.gmKey, { type: 'start', dice: { toString: 20, valueOf: 2, constructor: 3, hasOwnProperty: 4 } });
      }
      for (const body of [
        { type: 'damage', combatants: ['isPrototypeOf'], amount: 1 },
        { type: 'set-defeated', combatant: 'propertyIsEnumerable' },
        { type: 'remove-combatant', combatant: 'toLocaleString' },
      ]) {
        const bad = await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body });
        expect(bad.status).toBeGreaterThanOrEqual(400);
        expect(bad.status).toBeLessThan(500);
        expect(bad.json<{ code: string }>().code).toBe('combatant/unknown');
      }

      const exported = await t.call('GET', `/api/encounters/${c.id}/export`, { key: c.gmKey });
      expect(exported.status).toBe(200);
      const file = JSON.parse(exported.body) as { events: unknown[] };
      const imported = await t.call('POST', '/api/encounters/import', { key: OWNER, body: file });
      expect(imported.status, imported.body).toBe(201);
      const n = imported.json<{ id: string; gmKey: string; playerKey: string }>();
      const again = JSON.parse((await t.call('GET', `/api/encounters/${n.id}/export`, { key: n.gmKey })).body) as { events: unknown[] };
      expect(again.events).toEqual(file.events);
      for (const key of ['gmKey', 'playerKey'] as const) {
        const a = (await t.call('GET', `/api/encounters/${c.id}`, { key: c[key] })).json<{ view: unknown }>().view;
        const b = (await t.call('GET', `/api/encounters/${n.id}`, { key: n[key] })).json<{ view: unknown }>().view;
        expect(b).toEqual(a);
      }
      const view = (await t.call('GET', `/api/encounters/${n.id}`, { key: n.gmKey })).body;
      expect(view).not.toMatch(/\[object|function |native code/);
    });
  }
});

describe('import with prototype names as event types', () => {
  it.each(PROTO)('an event of type %j is refused as unknown (422), not a crash', async (type) => {
    const c = await t.create({ rules: 'custom', title: 'Ambush' });
    const file = JSON.parse((await t.call('GET', `/api/encounters/${c.id}/export`, { key: c.gmKey })).body) as { events: { seq: number; cmd: number; event: Record<string, unknown> }[] };
    const last = file.events[file.events.length - 1]!;
    const body = { ...file, events: [...file.events, { seq: last.seq + 1, cmd: last.cmd + 1, event: { type, id: 'c1' } }] };
    const r = await t.call('POST', '/api/encounters/import', { key: OWNER, body });
    expect(r.status, r.body).toBe(422);
    expect(r.json<{ code: string; message: string }>()).toMatchObject({ code: 'import/invalid', message: expect.stringContaining('unknown type') });
  });
});

describe('import refuses the log\'s reserved characters', () => {
  it('in a name inside the events, or in the title', async () => {
    const c = await t.create({ rules: 'custom', title: 'Ambush', combatants: [{ name: 'Orc', hp: 5 }] });
    const file = JSON.parse((await t.call('GET', `/api/encounters/${c.id}/export`, { key: c.gmKey })).body) as { encounter: { title: string }; events: { event: Record<string, unknown> }[] };
    const spoofed = JSON.parse(JSON.stringify(file).replace('"Orc"', '"\\ue000c1\\ue002"')) as unknown;
    for (const body of [spoofed, { ...file, encounter: { ...file.encounter, title: 'Amb\uE003ush' } }]) {
      const r = await t.call('POST', '/api/encounters/import', { key: OWNER, body });
      expect(r.status, r.body).toBe(422);
      expect(r.json<{ message: string }>().message).toContain('U+E000 to U+E00F');
    }
    expect((await t.call('POST', '/api/encounters/import', { key: OWNER, body: file })).status).toBe(201);
  });
});
