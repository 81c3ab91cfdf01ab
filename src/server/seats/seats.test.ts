/**
 * Issue 23, item 2: "On the player link a player picks the PC they play (a seat); the GM sees who sits
 * where (connected or not), can assign, move or free a seat, and can hand out a per-seat link (QR) where
 * the table wants seats bound to phones. Two phones in one seat are shown to the GM, not silently
 * allowed. A seat is not an owner or GM key: it can never do more than the rules let that PC's player do."
 * And its bad input: "a seat claim for a hidden, defeated or non-PC combatant, for a PC of another fight,
 * a second claim of a taken seat ... gets a clear message, changes nothing, and says nothing about what
 * is hidden."
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OWNER, connect, listen, testApp } from '../test-kit.ts';
import type { Created, TestApp } from '../test-kit.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(async () => {
  await t.close();
});

async function ok(method: string, url: string, key: string, body?: unknown, status = 200): Promise<Json> {
  const r = await t.call(method, url, { key, body });
  expect(r.status, `${method} ${url}: ${r.body}`).toBe(status);
  return r.json<Json>();
}

/** A custom fight: two PCs, one NPC in plain sight, one hidden NPC, a downed PC. */
async function fight(): Promise<Created> {
  return t.create({
    rules: 'custom',
    title: 'Ambush',
    combatants: [
      { name: 'Vasquez', kind: 'pc', hp: 12 },
      { name: 'Kade', kind: 'pc', hp: 10 },
      { name: 'Raider', kind: 'npc', hp: 8 },
      { name: 'Shadow', kind: 'npc', hp: 8, hidden: true },
      { name: 'Orlo', kind: 'pc', hp: 6 },
    ],
    commands: [
      ...(['Vasquez', 'Kade', 'Raider', 'Shadow', 'Orlo'] as const).map((combatant, i) => ({ type: 'set-initiative', combatant, total: 15 - i })),
      { type: 'set-defeated', combatant: 'Orlo', defeated: true },
      { type: 'start' },
    ],
  });
}

async function engineId(f: Created, name: string): Promise<string> {
  const view = (await ok('GET', `/api/encounters/${f.id}`, f.gmKey)).view;
  return view.combatants.find((c: Json) => c.name === name).id as string;
}

const claim = (f: Created, combatant: string, key = f.playerKey) => t.call('POST', `/api/encounters/${f.id}/seats`, { key, body: { combatant } });

describe('seats on a fight\'s player link', () => {
  it('seat a phone at a visible PC, once; the GM sees who sits where', async () => {
    const f = await fight();
    const first = await claim(f, 'Vasquez');
    expect(first.status, first.body).toBe(201);
    const seated = first.json<Json>();
    expect(seated.seatKey).toMatch(/^tks_/);
    expect(seated.seat).toEqual({ combatant: expect.stringMatching(/^c\d+$/), name: 'Vasquez' });
    expect(seated.url).toContain(`/play/${f.id}?key=tks_`);

    const second = await claim(f, 'vasquez');
    expect(second.status).toBe(409);
    expect(second.json<Json>()).toMatchObject({ code: 'seat/taken', message: expect.stringContaining('Vasquez already has a phone') });

    const gm = await ok('GET', `/api/encounters/${f.id}/seats`, f.gmKey);
    expect(gm.seats.map((s: Json) => [s.name, s.seated, s.phones, s.scope])).toEqual([
      ['Vasquez', true, 0, 'encounter'],
      ['Kade', false, 0, 'encounter'],
      ['Orlo', false, 0, 'encounter'],
    ]);
    // Players cannot read the seats list, nor can a seat.
    expect((await t.call('GET', `/api/encounters/${f.id}/seats`, { key: f.playerKey })).status).toBe(403);
    expect((await t.call('GET', `/api/encounters/${f.id}/seats`, { key: seated.seatKey })).status).toBe(403);
    expect((await ok('GET', `/api/encounters/${f.id}/seats/mine`, seated.seatKey)).seat).toEqual(seated.seat);
    expect((await ok('GET', `/api/encounters/${f.id}/seats/mine`, f.playerKey)).seat).toBeNull();
  });

  it('refuse hidden, unknown, non-PC and downed characters, with words that tell nothing of the hidden', async () => {
    const f = await fight();
    const hidden = await claim(f, 'Shadow');
    const unknown = await claim(f, 'Nobody');
    expect(hidden.status).toBe(422);
    expect(hidden.json<Json>()).toEqual(unknown.json<Json>());
    expect(hidden.body).not.toMatch(/Shadow/);
    expect((await claim(f, 'Raider')).json<Json>().code).toBe('seat/not-a-pc');
    expect((await claim(f, 'Orlo')).json<Json>().code).toBe('seat/defeated');
    // The hidden NPC's engine id reads as a player id (players' ids are their own): never as the NPC.
    const byEngineId = await claim(f, await engineId(f, 'Shadow'));
    expect(byEngineId.body).not.toMatch(/Shadow/);
    expect((await ok('GET', `/api/encounters/${f.id}/seats`, f.gmKey)).seats.every((s: Json) => !s.seated)).toBe(true);
  });

  it('refuse a PC of another fight, and a seat key on another fight', async () => {
    const f = await fight();
    const g = await t.create({ rules: 'custom', title: 'Elsewhere', combatants: [{ name: 'Mira', kind: 'pc', hp: 9 }] });
    expect((await claim(f, 'Mira')).json<Json>().code).toBe('seat/unknown');
    const seatKey = (await claim(g, 'Mira')).json<Json>().seatKey as string;
    expect((await t.call('GET', `/api/encounters/${f.id}`, { key: seatKey })).status).toBe(404);
    expect((await t.call('GET', `/api/encounters/${g.id}`, { key: seatKey })).json<Json>().role).toBe('player');
  });

  it('never do more than that PC\'s player: no GM route, requests for its own character only', async () => {
    const f = await fight();
    const seatKey = (await claim(f, 'Vasquez')).json<Json>().seatKey as string;
    for (const [method, url, body] of [
      ['POST', `/api/encounters/${f.id}/commands`, { type: 'end-turn' }],
      ['PATCH', `/api/encounters/${f.id}/settings`, { npcHp: 'exact' }],
      ['POST', `/api/encounters/${f.id}/seats/x/link`, undefined],
      ['DELETE', `/api/encounters/${f.id}`, undefined],
    ] as const) {
      expect((await t.call(method, url, { key: seatKey, body })).status, `${method} ${url}`).toBeGreaterThanOrEqual(401);
    }
    const forKade = await t.call('POST', `/api/encounters/${f.id}/requests`, { key: seatKey, body: { kind: 'end-turn', combatant: 'Kade' } });
    expect(forKade.status).toBe(403);
    expect(forKade.json<Json>().code).toBe('request/not-your-seat');
    const own = await t.call('POST', `/api/encounters/${f.id}/requests`, { key: seatKey, body: { kind: 'end-turn', combatant: 'Vasquez' } });
    expect(own.status, own.body).toBe(201);
    // The shared link no longer asks for a seated character; it still may for the others.
    const shared = await t.call('POST', `/api/encounters/${f.id}/requests`, { key: f.playerKey, body: { kind: 'end-turn', combatant: 'Vasquez' } });
    expect(shared.json<Json>()).toMatchObject({ code: 'request/not-your-seat', message: 'Vasquez has a seat: ask from that phone.' });
    // A seat cannot sit again.
    expect((await claim(f, 'Kade', seatKey)).json<Json>().code).toBe('seat/already-seated');
  });

  it('show the GM two phones in one seat, move a seat with its phone, free it', async () => {
    const f = await fight();
    const base = await listen(t);
    const view = (await ok('GET', `/api/encounters/${f.id}`, f.gmKey)).view;
    const idOf = (name: string) => view.combatants.find((c: Json) => c.name === name).id as string;
    const link = await ok('POST', `/api/encounters/${f.id}/seats/${idOf('Kade')}/link`, f.gmKey);
    expect(link.url).toContain(`/play/${f.id}?key=tks_`);
    const phoneA = await connect(base, f.id, link.seatKey);
    const phoneB = await connect(base, f.id, link.seatKey);
    expect(await phoneA.waitFor((m) => m.type === 'seat')).toMatchObject({ seat: { name: 'Kade', combatant: expect.any(String) } });
    await phoneB.waitFor((m) => m.type === 'seat');
    const kade = (await ok('GET', `/api/encounters/${f.id}/seats`, f.gmKey)).seats.find((s: Json) => s.name === 'Kade');
    expect(kade).toMatchObject({ seated: true, phones: 2 });

    // A new link for the seat: the phones on the old one are told their seat went.
    const again = await ok('POST', `/api/encounters/${f.id}/seats/${idOf('Kade')}/link`, f.gmKey);
    expect((await phoneA.closed).code).toBe(4001);
    expect(phoneA.messages).toContainEqual(expect.objectContaining({ type: 'closed', reason: 'seat-freed' }));
    await phoneB.closed;

    const phone = await connect(base, f.id, again.seatKey);
    await phone.waitFor((m) => m.type === 'seat');
    const vasquez = (await claim(f, 'Vasquez')).json<Json>();
    const taken = await t.call('POST', `/api/encounters/${f.id}/seats/${idOf('Kade')}/move`, { key: f.gmKey, body: { to: idOf('Vasquez') } });
    expect(taken.json<Json>().code).toBe('seat/taken');
    await ok('DELETE', `/api/encounters/${f.id}/seats/${idOf('Vasquez')}`, f.gmKey);
    expect((await t.call('GET', `/api/encounters/${f.id}`, { key: vasquez.seatKey })).status).toBe(404);
    await ok('POST', `/api/encounters/${f.id}/seats/${idOf('Kade')}/move`, f.gmKey, { to: idOf('Vasquez') });
    expect((await phone.closed).code).toBe(4009);
    const moved = await connect(base, f.id, again.seatKey);
    expect(await moved.waitFor((m) => m.type === 'seat')).toMatchObject({ seat: { name: 'Vasquez' } });
    const seats = (await ok('GET', `/api/encounters/${f.id}/seats`, f.gmKey)).seats;
    expect(seats.filter((s: Json) => s.seated).map((s: Json) => s.name)).toEqual(['Vasquez']);
    // The phone stands up: the seat is free again, its key opens nothing.
    await ok('DELETE', `/api/encounters/${f.id}/seats/mine`, again.seatKey);
    expect((await moved.closed).code).toBe(4001);
    expect((await claim(f, 'Vasquez')).status).toBe(201);
    // Bad GM input: not a PC, no such combatant, nothing to move.
    expect((await t.call('POST', `/api/encounters/${f.id}/seats/${idOf('Raider')}/link`, { key: f.gmKey })).json<Json>().code).toBe('seat/not-a-pc');
    expect((await t.call('POST', `/api/encounters/${f.id}/seats/zzz/link`, { key: f.gmKey })).status).toBe(404);
    expect((await t.call('POST', `/api/encounters/${f.id}/seats/${idOf('Kade')}/move`, { key: f.gmKey, body: { to: idOf('Orlo') } })).json<Json>().code).toBe('seat/empty');
  });
});

describe('seats at a campaign\'s table', () => {
  it('follow the PC from fight to fight, through the table link', async () => {
    const id = (await ok('POST', '/api/campaigns', OWNER, { rules: 'custom', title: 'The Long Road' }, 201)).campaign.id as string;
    for (const body of [
      { type: 'add-pc', name: 'Vasquez', hp: 12 },
      { type: 'add-pc', name: 'Kade', hp: 10 },
    ]) {
      await ok('POST', `/api/campaigns/${id}/commands`, OWNER, body);
    }
    const links = await ok('POST', `/api/campaigns/${id}/table-links`, OWNER, {});
    // Between fights: sit at one of the party by name.
    const sat = await ok('POST', `/api/campaigns/${id}/seats`, links.playerKey, { pc: 'kade' }, 201);
    expect(sat.seat).toEqual({ combatant: null, name: 'Kade' });
    expect(sat.url).toContain(`/table/${id}?key=tks_`);
    expect((await t.call('POST', `/api/campaigns/${id}/seats`, { key: links.playerKey, body: { pc: 'Kade' } })).status).toBe(409);
    expect((await t.call('POST', `/api/campaigns/${id}/seats`, { key: links.tvKey, body: { pc: 'Vasquez' } })).json<Json>().code).toBe('seat/tv');
    expect((await t.call('POST', `/api/campaigns/${id}/seats`, { key: links.playerKey, body: { pc: 'Nobody' } })).status).toBe(422);
    expect((await ok('GET', `/api/campaigns/${id}/table`, sat.seatKey)).seat).toEqual({ combatant: null, name: 'Kade' });

    for (const title of ['First', 'Second']) {
      const f = await ok('POST', `/api/campaigns/${id}/fights`, OWNER, { title, start: true }, 201);
      expect((await ok('GET', `/api/campaigns/${id}/table`, sat.seatKey)).fight.id).toBe(f.id);
      const mine = (await ok('GET', `/api/encounters/${f.id}/seats/mine`, sat.seatKey)).seat;
      expect(mine).toEqual({ combatant: expect.stringMatching(/^c\d+$/), name: 'Kade' });
      const seats = (await ok('GET', `/api/encounters/${f.id}/seats`, f.gmKey)).seats;
      expect(seats.map((s: Json) => [s.name, s.seated, s.scope])).toEqual([
        ['Vasquez', false, 'campaign'],
        ['Kade', true, 'campaign'],
      ]);
      // Claiming in the fight through the table key takes the campaign's seat too.
      if (title === 'First') expect((await t.call('POST', `/api/encounters/${f.id}/seats`, { key: links.playerKey, body: { combatant: 'Kade' } })).status).toBe(409);
      await t.command(f.id, f.gmKey, { type: 'end-encounter' });
    }
    await ok('DELETE', `/api/campaigns/${id}/seats/mine`, sat.seatKey);
    expect((await t.call('GET', `/api/campaigns/${id}/table`, { key: sat.seatKey })).status).toBe(404);
  });
});
