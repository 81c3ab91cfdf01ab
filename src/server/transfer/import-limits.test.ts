/**
 * Issue 20, items 8 to 10, through the API: an import meets the limits of commands (nothing it stores
 * could not have been made by commands). Each file below was accepted before (or crashed the server
 * with a 500); each is now refused with 422 `import/invalid` naming the path of what is wrong, and
 * nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings, readSettings } from '../players/index.ts';
import { OWNER, testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
let file: Json;
beforeAll(async () => {
  t = await testApp();
  const c = await t.create({ rules: 'custom', title: 'Bridge', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }, { name: 'Goblin', hp: 7 }] });
  await t.command(c.id, c.gmKey, { type: 'start', dice: { Vasquez: 15, Goblin: 12 } });
  file = (await t.call('GET', `/api/encounters/${c.id}/export`, { key: c.gmKey })).json<Json>();
});
afterAll(async () => {
  await t.close();
});

/** The export with `event` appended as a new command's only event. */
function withEvent(event: Json): Json {
  const last = file.events.at(-1);
  return { ...file, events: [...file.events, { seq: last.seq + 1, cmd: last.cmd + 1, event }] };
}

const count = async (): Promise<number> => (await t.call('GET', '/api/encounters', { key: OWNER })).json<Json>().encounters.length;

/** Posts the import (raw JSON text when given) and expects a 422 naming `path`, with nothing stored. */
async function refused(body: Json | string, path: string, message?: RegExp): Promise<Json> {
  const before = await count();
  const r =
    typeof body === 'string'
      ? await t.call('POST', '/api/encounters/import', { key: OWNER, raw: body, headers: { 'content-type': 'application/json' } })
      : await t.call('POST', '/api/encounters/import', { key: OWNER, body });
  expect(r.status, r.body).toBe(422);
  const answer = r.json<Json>();
  expect(answer).toMatchObject({ code: 'import/invalid', details: { path } });
  expect(answer.message.startsWith(`${path}: `), answer.message).toBe(true);
  if (message) expect(answer.message).toMatch(message);
  expect(await count()).toBe(before);
  return answer;
}

describe('item 8: no 500 on an import', () => {
  it('refuses an event nested 10,000 levels deep (it overflowed the stack of JSON.stringify)', async () => {
    const n = file.events.length;
    const text = JSON.stringify(withEvent({ type: 'note-added', text: 'x', gmOnly: false, extra: 'DEEP' })).replace('"DEEP"', `${'['.repeat(10_000)}1${']'.repeat(10_000)}`);
    const answer = await refused(text, `events[${n}].event.extra${'[0]'.repeat(60)}`, /64 levels/);
    expect(answer.message.length).toBeLessThan(1000);
  });

  it('refuses a round-started with a negative round (the store refused its progress: 500)', async () => {
    await refused(withEvent({ type: 'round-started', round: -1 }), `events[${file.events.length}].event.round`);
  });
});

describe('item 9: an imported event meets the schemas and text rules of commands', () => {
  it('refuses a name with a right-to-left override or a NUL', async () => {
    const added = file.events.findIndex((e: Json) => e.event.type === 'combatant-added');
    for (const name of ['Evil\u202eniloG', 'Gob\u0000lin']) {
      const events = file.events.map((e: Json, i: number) => (i === added ? { ...e, event: { ...e.event, combatant: { ...e.event.combatant, name } } } : e));
      await refused({ ...file, events }, `events[${added}].event.combatant.name`, /U\+202E|U\+0000/);
    }
  });

  it('refuses a 501st combatant', async () => {
    const created = file.events[0];
    const goblin = file.events.find((e: Json) => e.event.type === 'combatant-added' && e.event.combatant.name === 'Goblin').event.combatant;
    const events: Json[] = [created, { seq: 2, cmd: 2, event: { type: 'side-added', side: { id: goblin.side, name: 'NPCs', players: false } } }];
    for (let i = 1; i <= 1000; i++) {
      const combatant = { ...goblin, id: `c${i}`, name: `Rat ${i}` };
      events.push({ seq: events.length + 1, cmd: 2 + Math.ceil(i / 50), event: { type: 'combatant-added', combatant } });
    }
    await refused({ ...file, events }, 'events[502].event', /at most 500 combatants/);
  });

  it('refuses a 10 MB note (a note command takes 2,000 characters)', async () => {
    await refused(withEvent({ type: 'note-added', text: 'x'.repeat(10_000_000), gmOnly: false }), `events[${file.events.length}].event.text`);
  });

  it('refuses one command whose events are over the 2 MB one decision may record', async () => {
    const last = file.events.at(-1);
    const acted = Array.from({ length: 600 }, (_, i) => ({ seq: last.seq + 1 + i, cmd: last.cmd + 1, event: { type: 'custom/acted', actor: 'c1', label: 'x'.repeat(3999) } }));
    await refused({ ...file, events: [...file.events, ...acted] }, `events[${file.events.length}]`, /records 2\.\d+ MB of events from here on; one command records at most 2 MB/);
  });

  it('refuses an RNG algorithm the dice do not have (every later roll failed with dice/state)', async () => {
    await refused(withEvent({ type: 'rng-advanced', rng: { alg: 'mt19937', s: [1, 2, 3, 4] } }), `events[${file.events.length}].event.rng.alg`);
  });

  it('refuses a roster order that is not the roster (every later add-combatant failed with command/engine-error)', async () => {
    await refused(withEvent({ type: 'roster-reordered', roster: ['c9', 'c9'] }), `events[${file.events.length}].event.roster`);
    await refused(withEvent({ type: 'roster-reordered', roster: ['c1'] }), `events[${file.events.length}].event.roster`);
  });

  it('refuses a module event the rules never record that way', async () => {
    const i = file.events.findIndex((e: Json) => e.event.type === 'custom/order-set');
    const events = file.events.map((e: Json, j: number) => (j === i ? { ...e, event: { ...e.event, slots: [1e12] } } : e));
    await refused({ ...file, events }, `events[${i}].event.slots[0]`);
  });

  it('still imports the file as exported, and the import takes commands', async () => {
    const r = await t.call('POST', '/api/encounters/import', { key: OWNER, body: file });
    expect(r.status, r.body).toBe(201);
    const n = r.json<Json>();
    await t.command(n.id, n.gmKey, { type: 'add-combatant', name: 'Late' });
    await t.command(n.id, n.gmKey, { type: 'end-turn' });
  });
});

describe('item 10: band labels', () => {
  it('refuses a band label with a bidi override or a control character, and keeps the labels as they were', async () => {
    const c = await t.create({ rules: 'custom', combatants: [{ name: 'Goblin', hp: 7 }] });
    for (const hurt of ['\u202e', 'Hurt\u202e', 'a\u2066b', 'Hu\u0000rt', 'two\nlines']) {
      const r = await t.call('PATCH', `/api/encounters/${c.id}/settings`, { key: c.gmKey, body: { bands: { hurt } } });
      expect(r.status, JSON.stringify(hurt)).toBe(400);
      expect(r.json<Json>().message).toMatch(/bands\.hurt: A band label (cannot contain|needs) [^.]*\.$/);
    }
    const now = (await t.call('GET', `/api/encounters/${c.id}/settings`, { key: c.gmKey })).json<Json>();
    expect(now.settings.bands.hurt).toBe('Hurt');
    const r = await t.call('PATCH', `/api/encounters/${c.id}/settings`, { key: c.gmKey, body: { bands: { hurt: 'Blessé' } } });
    expect(r.json<Json>().settings.bands.hurt).toBe('Blessé');
  });

  it('refuses such a label in an imported file, naming it', async () => {
    await refused({ ...file, encounter: { ...file.encounter, settings: { ...file.encounter.settings, bands: { ...file.encounter.settings.bands, hurt: '\u202e' } } } }, 'encounter.settings.bands.hurt');
  });

  it('reads a label stored before labels were checked as its default, the other settings as stored', () => {
    const stored = { npcHp: 'exact', bands: { unhurt: 'Fine', hurt: 'x\u202e', bloodied: 'Bad', down: 'Out' }, autoAccept: { initiative: true } };
    // Settings added since (the Discord webhook, the turn timer) read as their defaults.
    expect(readSettings(stored)).toEqual({ ...defaultSettings, npcHp: 'exact', bands: { unhurt: 'Fine', hurt: 'Hurt', bloodied: 'Bad', down: 'Out' }, autoAccept: { initiative: true } });
  });
});
