/**
 * Reads are limited per key (every GET that takes a key, the live socket's upgrade included) and the
 * long lists come in bounded pages: the log (GM lines paged first, then what players may read of the
 * page), the events and the requests. Following `next` gives exactly what one unbounded read gave.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_DEFAULT, PAGE_MAX, pageAfter } from '../shared/index.ts';
import { OWNER, connect, listen, testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

const fight = {
  rules: 'custom',
  seed: 3,
  combatants: [
    { name: 'Vasquez', kind: 'pc', hp: 12 },
    { name: 'Goblin', hp: 6 },
    { name: 'Shaman', hp: 9, hidden: true },
  ],
};

const unlimited = { readsPerSecond: 1e6, readBurst: 1e6, commandsPerSecond: 1e6, commandBurst: 1e6, requestsPerSecond: 1e6, requestBurst: 1e6 };

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

interface Line {
  readonly seq: number;
  readonly text: string;
}

/** Every page of a list, following `next`. */
async function follow<T>(app: TestApp, url: (after: number) => string, key: string, field: string): Promise<{ items: T[]; pages: number; sizes: number[] }> {
  const items: T[] = [];
  const sizes: number[] = [];
  let after = 0;
  for (let pages = 1; ; pages++) {
    const r = await app.call('GET', url(after), { key });
    expect(r.status).toBe(200);
    const body = r.json<Record<string, unknown>>();
    const page = body[field] as T[];
    items.push(...page);
    sizes.push(page.length);
    if (body.next === undefined) return { items, pages, sizes };
    expect(body.next).toBeGreaterThan(after);
    after = body.next as number;
  }
}

describe('read rate limits', () => {
  it('limits reads per key with 429 and Retry-After, on every read route and the live socket', async () => {
    let now = 1_000_000;
    t = await testApp({ clock: () => now, limits: { readsPerSecond: 2, readBurst: 4 } });
    const base = await listen(t);
    const c = await t.create(fight);
    const reads = ['', '/log', '/events', '/settings'].map((p) => `/api/encounters/${c.id}${p}`);
    for (const url of reads) expect((await t.call('GET', url, { key: c.gmKey })).status, url).toBe(200);
    for (const url of [...reads, `/api/encounters/${c.id}/export`, `/api/encounters/${c.id}/requests`]) {
      const r = await t.call('GET', url, { key: c.gmKey });
      expect(r.status, url).toBe(429);
      expect(r.json()).toEqual({ code: 'limit/rate', message: expect.stringContaining('reads'), details: { retryAfterMs: expect.any(Number) } });
      expect(r.headers['retry-after']).toBe('1');
    }
    await expect(connect(base, c.id, c.gmKey)).rejects.toThrow('429');
    // Per key: the player key and the owner token have their own buckets; commands are not reads.
    expect((await t.call('GET', `/api/encounters/${c.id}/log`, { key: c.playerKey })).status).toBe(200);
    expect((await t.call('GET', '/api/encounters', { key: OWNER })).status).toBe(200);
    expect((await t.call('POST', `/api/encounters/${c.id}/commands`, { key: c.gmKey, body: { type: 'note', text: 'still' } })).status).toBe(200);
    // No key: 401 before any bucket; public routes are not limited per key.
    expect((await t.call('GET', `/api/encounters/${c.id}/log`)).status).toBe(401);
    expect((await t.call('GET', '/api/health')).status).toBe(200);
    now += 500;
    expect((await t.call('GET', `/api/encounters/${c.id}/log`, { key: c.gmKey })).status).toBe(200);
    expect((await t.call('GET', `/api/encounters/${c.id}/log`, { key: c.gmKey })).status).toBe(429);
    now += 2_000;
    const ws = await connect(base, c.id, c.gmKey);
    await ws.waitFor((m) => m.type === 'hello');
    ws.close();
  });

  it('the defaults leave room for what the web app does on load and on reconnect', async () => {
    t = await testApp();
    const c = await t.create(fight);
    // GM page: the encounter, the pending requests, a few reconnect checks; player page: the encounter.
    for (let i = 0; i < 12; i++) {
      expect((await t.call('GET', `/api/encounters/${c.id}`, { key: c.gmKey })).status).toBe(200);
      expect((await t.call('GET', `/api/encounters/${c.id}/requests?status=pending`, { key: c.gmKey })).status).toBe(200);
      expect((await t.call('GET', `/api/encounters/${c.id}`, { key: c.playerKey })).status).toBe(200);
    }
  });
});

describe('paged reads', () => {
  it('pages the log: bounded by default, never splitting a seq, following next gives the whole log', async () => {
    t = await testApp({ limits: unlimited });
    const notes = Array.from({ length: 480 }, (_, i) => ({ type: 'note', text: i % 7 === 0 ? `Shaman whispers ${i}` : `Note ${i}`, ...(i % 5 === 0 ? { gmOnly: true } : {}) }));
    const c = await t.create({ ...fight, commands: notes });
    for (let i = 0; i < 60; i++) await t.command(c.id, c.gmKey, { type: i % 2 === 0 ? 'damage' : 'heal', combatants: ['Goblin'], amount: 1 }, '?view=false');
    await t.command(c.id, c.gmKey, { type: 'undo' }, '?view=false');
    const all = t.app.context.service.run(c.id, (l) => l.log());
    const total = (await all).length;
    expect(total).toBeGreaterThan(PAGE_DEFAULT);
    const first = (await t.call('GET', `/api/encounters/${c.id}/log`, { key: c.gmKey })).json<{ version: number; log: Line[]; next?: number }>();
    expect(first.log.length).toBeLessThanOrEqual(PAGE_DEFAULT);
    expect(first.log.length).toBeGreaterThan(PAGE_DEFAULT - 5);
    expect(first.next).toBe(first.log.at(-1)!.seq);
    const paged = await follow<Line>(t, (after) => `/api/encounters/${c.id}/log?after=${after}&limit=37`, c.gmKey, 'log');
    expect(paged.sizes.every((n) => n <= 37)).toBe(true);
    const whole = (await t.call('GET', `/api/encounters/${c.id}/log?limit=${PAGE_MAX}`, { key: c.gmKey })).json<{ log: Line[]; next?: number }>();
    expect(whole.next).toBeUndefined();
    expect(paged.items).toEqual(whole.log);
    expect(whole.log.length).toBe(total);
  });

  it('pages the player log: the GM lines are paged, then filtered, so a player page is bounded and nothing is skipped', async () => {
    t = await testApp({ limits: unlimited });
    const notes = Array.from({ length: 300 }, (_, i) => ({ type: 'note', text: i % 3 === 0 ? `Shaman ${i}` : `Note ${i}`, ...(i % 4 === 0 ? { gmOnly: true } : {}) }));
    const c = await t.create({ ...fight, commands: notes });
    const paged = await follow<Line>(t, (after) => `/api/encounters/${c.id}/log?after=${after}&limit=25`, c.playerKey, 'log');
    expect(paged.sizes.every((n) => n <= 25)).toBe(true);
    expect(paged.pages).toBeGreaterThan(10);
    const whole = (await t.call('GET', `/api/encounters/${c.id}/log?limit=${PAGE_MAX}`, { key: c.playerKey })).json<{ log: Line[] }>();
    expect(paged.items).toEqual(whole.log);
    expect(whole.log.length).toBeGreaterThan(100);
    expect(JSON.stringify(whole.log)).not.toContain('Shaman');
  });

  it('pages the events and the requests the same way', async () => {
    t = await testApp({ limits: unlimited });
    const c = await t.create({ ...fight, commands: Array.from({ length: 40 }, (_, i) => ({ type: 'note', text: `n${i}` })) });
    const events = await follow<{ seq: number }>(t, (after) => `/api/encounters/${c.id}/events?after=${after}&limit=9`, c.gmKey, 'events');
    expect(events.items.map((e) => e.seq)).toEqual(Array.from({ length: events.items.length }, (_, i) => i + 1));
    expect(events.sizes.slice(0, -1).every((n) => n === 9)).toBe(true);
    const first = (await t.call('GET', `/api/encounters/${c.id}/events?after=3&limit=2`, { key: c.gmKey })).json<{ events: { seq: number }[]; next?: number }>();
    expect(first).toMatchObject({ events: [{ seq: 4 }, { seq: 5 }], next: 5 });
    for (let i = 0; i < 7; i++) {
      const r = await t.call('POST', `/api/encounters/${c.id}/requests`, { key: c.playerKey, body: { kind: 'initiative', combatant: 'Vasquez' } });
      expect(r.status).toBe(201);
      if (i % 2 === 0) await t.call('POST', `/api/encounters/${c.id}/requests/${i + 1}/reject`, { key: c.gmKey, body: {} });
    }
    const requests = await follow<{ id: number }>(t, (after) => `/api/encounters/${c.id}/requests?after=${after}&limit=3`, c.gmKey, 'requests');
    expect(requests.items.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(requests.sizes).toEqual([3, 3, 1]);
    const pending = await follow<{ id: number }>(t, (after) => `/api/encounters/${c.id}/requests?status=pending&after=${after}&limit=2`, c.playerKey, 'requests');
    expect(pending.items.map((r) => r.id)).toEqual([2, 4, 6]);
  });

  it('refuses a limit of 0 or above the maximum with a clear 400', async () => {
    t = await testApp();
    const c = await t.create(fight);
    for (const q of ['limit=0', `limit=${PAGE_MAX + 1}`, 'limit=x', 'after=-1']) {
      for (const path of ['log', 'events', 'requests']) {
        const r = await t.call('GET', `/api/encounters/${c.id}/${path}?${q}`, { key: c.gmKey });
        expect(r.status, `${path}?${q}`).toBe(400);
        expect(r.json()).toMatchObject({ code: 'request/invalid' });
      }
    }
  });
});

describe('pageAfter', () => {
  const lines = [1, 2, 2, 2, 3, 4, 4, 5].map((seq, i) => ({ seq, i }));
  const ids = (p: { items: { i: number }[] }) => p.items.map((x) => x.i);

  it('starts after `after`, ends on a whole seq, and says where to go on', () => {
    expect(pageAfter(lines, 0, 3)).toMatchObject({ next: 1 });
    expect(ids(pageAfter(lines, 0, 3))).toEqual([0]);
    expect(ids(pageAfter(lines, 1, 3))).toEqual([1, 2, 3]);
    expect(pageAfter(lines, 1, 3).next).toBe(2);
    expect(ids(pageAfter(lines, 2, 3))).toEqual([4, 5, 6]);
    expect(pageAfter(lines, 2, 3).next).toBe(4);
    expect(ids(pageAfter(lines, 4, 3))).toEqual([7]);
    expect(pageAfter(lines, 4, 3).next).toBeUndefined();
    expect(pageAfter(lines, 9, 3)).toEqual({ items: [] });
  });

  it('takes a whole seq even when it alone is longer than the page', () => {
    expect(ids(pageAfter(lines, 1, 2))).toEqual([1, 2, 3]);
    expect(pageAfter(lines, 1, 2).next).toBe(2);
  });
});
