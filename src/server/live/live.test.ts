import { afterEach, describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../store/index.ts';
import type { StoredEvent } from '../../core/index.ts';
import { Hub } from './hub.ts';
import { hashKey } from '../shared/index.ts';
import type { LiveClient } from './hub.ts';
import { connect, listen, testApp } from '../test-kit.ts';
import type { Recorder, TestApp } from '../test-kit.ts';

const fight = {
  rules: 'custom',
  seed: 1,
  combatants: [
    { name: 'Vasquez', kind: 'pc', hp: 12 },
    { name: 'Goblin', hp: 6 },
  ],
};

let t: TestApp | undefined;
const sockets: Recorder[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await t?.close();
  t = undefined;
});

async function setup(options: Parameters<typeof testApp>[0] = {}) {
  t = await testApp(options);
  const base = await listen(t);
  const c = await t.create(fight);
  const open = async (key: string, after?: number) => {
    const r = await connect(base, c.id, key, after);
    sockets.push(r);
    return r;
  };
  return { t, base, c, open };
}

/** The socket's close, or a failure when it stays open 5 s. */
const closedSoon = (r: Recorder) =>
  Promise.race([r.closed, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still open; got ${r.frames.join('\n')}`)), 5000))]);
const isType = (type: string) => (m: Record<string, unknown>) => m.type === type;
const seqOf = (seq: number) => (m: Record<string, unknown>) => m.seq === seq && (m.type === 'events' || m.type === 'update');

describe('live updates', () => {
  it('sends each batch in order with its seq: events and log lines to the GM, projections to players', async () => {
    const { t, c, open } = await setup();
    const gm = await open(c.gmKey);
    const player = await open(c.playerKey);
    expect(await gm.waitFor(isType('hello'))).toMatchObject({ v: 1, role: 'gm', encounter: c.id, version: 5 });
    expect(await player.waitFor(isType('update'))).toMatchObject({ from: 1, seq: 5, marks: [] });
    await t.command(c.id, c.gmKey, { type: 'damage', combatants: ['Goblin'], amount: 2 });
    await t.command(c.id, c.gmKey, { type: 'note', text: 'The bridge creaks.', gmOnly: true });
    await t.command(c.id, c.gmKey, { type: 'undo' });
    const g = await gm.waitFor(seqOf(8));
    expect(g).toMatchObject({ type: 'events', from: 8, marks: [{ cmd: 5, undone: true }], events: [{ seq: 8, event: { type: 'undone', cmd: 5 } }] });
    // The undo line quotes the GM-only note: players get the seq, not the line.
    const p = await player.waitFor(seqOf(8));
    expect(p).toMatchObject({ type: 'update', from: 8, log: [], marks: [{ cmd: 5, undone: true }] });
    expect(g).toMatchObject({ log: [{ seq: 8, text: 'Undo: The bridge creaks.' }] });
    const gmSeqs = gm.messages.filter(isType('events')).map((m) => [m.from, m.seq]);
    expect(gmSeqs).toEqual([[1, 5], [6, 6], [7, 7], [8, 8]]);
    const playerSeqs = player.messages.filter(isType('update')).map((m) => m.seq);
    expect(playerSeqs).toEqual([5, 6, 7, 8]);
    // The GM-only note reaches the GM's log, and players get its seq with no line.
    expect(gm.messages.find(seqOf(7))).toMatchObject({ log: [{ text: 'The bridge creaks.', gmOnly: true }] });
    expect(player.messages.find(seqOf(7))).toMatchObject({ log: [] });
    expect(player.frames.join('')).not.toContain('creaks.');
  });

  it('gives a reconnecting client exactly what it missed', async () => {
    const { t, c, open } = await setup();
    for (let i = 0; i < 4; i++) await t.command(c.id, c.gmKey, { type: 'note', text: `n${i}` });
    const gm = await open(c.gmKey, 6);
    const msg = await gm.waitFor(isType('events'));
    expect((msg.events as StoredEvent[]).map((e) => e.seq)).toEqual([7, 8, 9]);
    expect(msg).toMatchObject({ from: 7, seq: 9 });
    const player = await open(c.playerKey, 7);
    const u = await player.waitFor(isType('update'));
    expect(u).toMatchObject({ from: 8, seq: 9, view: { version: 9 } });
    expect((u.log as { seq: number }[]).map((l) => l.seq)).toEqual([8, 9]);
    const current = await open(c.gmKey, 9);
    await current.waitFor(isType('hello'));
    await t.command(c.id, c.gmKey, { type: 'note', text: 'next' });
    expect(await current.waitFor(isType('events'))).toMatchObject({ from: 10, seq: 10 });
    const ahead = await open(c.playerKey, 99);
    expect(await ahead.waitFor(isType('update'))).toMatchObject({ reset: true, from: 11, seq: 10 });
  });

  it('resets a GM whose after is past the store (a restore from an older backup): hello says so, every event follows from seq 1', async () => {
    const { t, c, open } = await setup();
    await t.command(c.id, c.gmKey, { type: 'note', text: 'kept' });
    const gm = await open(c.gmKey, 40);
    expect(await gm.waitFor(isType('hello'))).toMatchObject({ role: 'gm', version: 6, reset: true });
    const all = await gm.waitFor(isType('events'));
    expect(all).toMatchObject({ from: 1, seq: 6, marks: [] });
    expect((all.events as StoredEvent[]).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((all.log as { text: string }[]).at(-1)).toMatchObject({ text: 'kept' });
    const player = await open(c.playerKey, 40);
    expect(await player.waitFor(isType('hello'))).toMatchObject({ role: 'player', version: 6, reset: true });
    expect(await player.waitFor(isType('update'))).toMatchObject({ reset: true, seq: 6 });
    // No reset for a client at the store's version or behind it.
    for (const after of [6, 3]) {
      const current = await open(c.gmKey, after);
      expect(await current.waitFor(isType('hello'))).not.toHaveProperty('reset');
    }
  });

  it('refuses the upgrade without a key or with a wrong one', async () => {
    const { base, c } = await setup();
    await expect(connect(base, c.id, '')).rejects.toThrow('401');
    await expect(connect(base, c.id, 'tkg_wrong')).rejects.toThrow('404');
    await expect(connect(base, 'nope', c.gmKey)).rejects.toThrow('404');
  });

  it('publishes only after the store has committed', async () => {
    const store = new MemoryEventStore();
    let release: () => void = () => {};
    let gate: Promise<void> | null = null;
    const append = store.append.bind(store);
    store.append = async (...args) => {
      if (gate) await gate;
      return append(...args);
    };
    const { t, c, open } = await setup({ store });
    const player = await open(c.playerKey);
    await player.waitFor(isType('update'));
    gate = new Promise((r) => (release = r));
    const sent = t.command(c.id, c.gmKey, { type: 'damage', combatants: ['Goblin'], amount: 1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(player.messages.filter(isType('update')).length).toBe(1);
    expect((await store.getEncounter(c.id))?.version).toBe(5);
    release();
    await sent;
    await player.waitFor(seqOf(6));
  });

  it('publishes nothing when the store fails', async () => {
    const store = new MemoryEventStore();
    const { t, c, open } = await setup({ store });
    const gm = await open(c.gmKey);
    await gm.waitFor(isType('events'));
    store.append = async () => {
      throw new Error('disk full');
    };
    const r = await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body: { type: 'note', text: 'lost' } });
    expect(r.status).toBe(500);
    await new Promise((res) => setTimeout(res, 50));
    expect(gm.messages.filter(isType('events')).length).toBe(1);
    expect((await t.call('GET', `/api/encounters/${c.id}/log`, { key: c.gmKey })).body).not.toContain('lost');
  });

  it('answers pings, refuses other messages, and closes sockets that send too much or too big', async () => {
    const { c, open } = await setup({ limits: { wsMessagesPerSecond: 1, wsBurst: 3, wsMaxPayload: 256 } });
    const a = await open(c.playerKey);
    a.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await a.waitFor(isType('pong'))).toMatchObject({ seq: 5 });
    a.ws.send('{"type":"shout"}');
    expect(await a.waitFor(isType('error'))).toMatchObject({ code: 'live/invalid-message' });
    a.ws.send(JSON.stringify({ type: 'ping' }));
    a.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await a.closed).toMatchObject({ code: 1008 });
    const b = await open(c.playerKey);
    b.ws.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(300) }));
    expect((await b.closed).code).toBe(1009);
  });

  it('closes player sockets when the player key is rotated, and all when the encounter is deleted', async () => {
    const { t, c, open } = await setup();
    const player = await open(c.playerKey);
    const gm = await open(c.gmKey);
    await t.call('POST', `/api/encounters/${c.id}/keys`, { key: c.gmKey, body: { rotate: 'player' } });
    expect(await player.closed).toMatchObject({ code: 4001 });
    expect(player.messages.at(-1)).toMatchObject({ type: 'closed', reason: 'key-rotated' });
    await t.call('DELETE', `/api/encounters/${c.id}`, { key: t.app.ownerToken });
    expect(await gm.closed).toMatchObject({ code: 4004 });
  });

  it('sends players a fresh view when the GM changes the settings', async () => {
    const { t, c, open } = await setup();
    const player = await open(c.playerKey);
    const gm = await open(c.gmKey);
    await t.call('PATCH', `/api/encounters/${c.id}/settings`, { key: c.gmKey, body: { npcHp: 'exact' } });
    const v = await player.waitFor(isType('view'));
    expect(v).toMatchObject({ seq: 5, view: { npcHp: 'exact', combatants: [{ name: 'Vasquez' }, { name: 'Goblin', tracks: { hp: { value: 6 } } }] } });
    expect(await gm.waitFor(isType('settings'))).toMatchObject({ settings: { npcHp: 'exact' } });
  });

  it('limits listeners per encounter', async () => {
    const { c, open } = await setup({ limits: { maxListenersPerEncounter: 2 } });
    await (await open(c.playerKey)).waitFor(isType('update'));
    await (await open(c.playerKey)).waitFor(isType('update'));
    const third = await open(c.playerKey);
    expect(await third.closed).toMatchObject({ code: 1013 });
  });

  it('never locks the GM out: player sockets fill the encounter, the GM and the owner still connect', async () => {
    const { t, c, open } = await setup({ limits: { maxListenersPerEncounter: 2 } });
    const players = [await open(c.playerKey), await open(c.playerKey)];
    for (const p of players) await p.waitFor(isType('update'));
    const refused = await open(c.playerKey);
    expect(await refused.closed).toMatchObject({ code: 1013, reason: 'too many listeners' });
    expect(refused.messages.at(-1)).toMatchObject({ type: 'closed', reason: 'too-many-listeners' });
    const gm = await open(c.gmKey);
    const owner = await open(t.app.ownerToken);
    expect(await gm.waitFor(isType('hello'))).toMatchObject({ role: 'gm' });
    expect(await owner.waitFor(isType('hello'))).toMatchObject({ role: 'gm' });
    await t.command(c.id, c.gmKey, { type: 'note', text: 'still here' });
    for (const s of [gm, owner]) await s.waitFor(seqOf(6));
    for (const s of [gm, owner, ...players]) expect(s.messages.some(isType('closed'))).toBe(false);
  });

  it('caps the sockets of one key (24 by default): the next one is told why, the GM and the owner still connect', async () => {
    const { t, c, open } = await setup();
    const players: Recorder[] = [];
    for (let i = 0; i < 24; i++) players.push(await open(c.playerKey));
    for (const p of players) await p.waitFor(isType('update'));
    const refused = await open(c.playerKey);
    expect(await closedSoon(refused)).toMatchObject({ code: 1013, reason: 'too many sockets on this key' });
    expect(refused.messages).toEqual([{ type: 'closed', reason: 'too-many-on-key', v: 1 }]);
    expect(await (await open(c.gmKey)).waitFor(isType('hello'))).toMatchObject({ role: 'gm' });
    expect(await (await open(t.app.ownerToken)).waitFor(isType('hello'))).toMatchObject({ role: 'gm' });
    // A place freed is a place taken again.
    players[0]!.close();
    await players[0]!.closed;
    while (t.app.hub.countKey(c.id, hashKey(c.playerKey)) > 23) await new Promise((r) => setTimeout(r, 10));
    const again = await open(c.playerKey);
    expect(await again.waitFor(isType('update'))).toMatchObject({ seq: 5 });
  });

  it('caps the GM key too, as set', async () => {
    const { c, open } = await setup({ limits: { maxListenersPerKey: 2 } });
    for (let i = 0; i < 2; i++) await (await open(c.gmKey)).waitFor(isType('hello'));
    const refused = await open(c.gmKey);
    expect(await closedSoon(refused)).toMatchObject({ code: 1013 });
    expect(refused.messages.at(-1)).toMatchObject({ type: 'closed', reason: 'too-many-on-key' });
    await (await open(c.playerKey)).waitFor(isType('update'));
  });
});

describe('hub', () => {
  const client = (role: 'gm' | 'player', buffered = 0) => {
    const sent: string[] = [];
    const closed: number[] = [];
    const c: LiveClient = { role, bufferedAmount: buffered, send: (d) => void sent.push(d), close: (code) => void closed.push(code) };
    return { c, sent, closed };
  };

  it('builds each role\'s message once and sends it to every client of that role', () => {
    const hub = new Hub(1000);
    const a = client('gm');
    const b = client('player');
    const d = client('player');
    hub.join('e', a.c);
    hub.join('e', b.c);
    hub.join('e', d.c);
    let builds = 0;
    hub.publish('e', { gm: () => 'G', player: () => `P${++builds}` });
    expect([a.sent, b.sent, d.sent]).toEqual([['G'], ['P1'], ['P1']]);
    expect(hub.count('e', 'player')).toBe(2);
  });

  it('refuses a key past its cap, and players (never GMs) past the encounter\'s', () => {
    const hub = new Hub(1000);
    const caps = { perKey: 2, perEncounter: 3 };
    const on = (role: 'gm' | 'player', keyHash: string): LiveClient => ({ ...client(role).c, keyHash });
    expect(hub.refusal('e', on('player', 'p'), caps)).toBeNull();
    hub.join('e', on('player', 'p'));
    hub.join('e', on('player', 'p'));
    expect(hub.refusal('e', on('player', 'p'), caps)).toBe('too-many-on-key');
    expect(hub.refusal('other', on('player', 'p'), caps)).toBeNull();
    hub.join('e', on('gm', 'g'));
    expect(hub.countKey('e', 'p')).toBe(2);
    // Three sockets: a player on another key would be refused, a GM on another key is not.
    expect(hub.refusal('e', on('player', 'p2'), caps)).toBe('too-many-listeners');
    expect(hub.refusal('e', on('gm', 'owner'), caps)).toBeNull();
    expect(hub.refusal('e', on('gm', 'g'), caps)).toBeNull();
    hub.join('e', on('gm', 'g'));
    expect(hub.refusal('e', on('gm', 'g'), caps)).toBe('too-many-on-key');
  });

  it('drops a slow client instead of buffering without bound', () => {
    const hub = new Hub(1000);
    const slow = client('player', 5000);
    const fine = client('player');
    hub.join('e', slow.c);
    hub.join('e', fine.c);
    hub.publish('e', { player: () => 'P' });
    expect(slow.closed).toEqual([1013]);
    expect(slow.sent).toEqual([JSON.stringify({ type: 'closed', reason: 'too-slow', v: 1 })]);
    expect(fine.sent).toEqual(['P']);
    expect(hub.count('e')).toBe(1);
  });
});

