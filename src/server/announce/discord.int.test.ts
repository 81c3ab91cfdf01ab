/**
 * Discord posts through the real server, against a local stub of Discord's webhooks (discord-stub-kit.ts)
 * that records posts and answers 429 once: posts arrive in order, coalesced, the 429 waited out as it
 * asks; the fight's commands never wait on Discord (a webhook that hangs slows none); failures show to
 * the GM; a webhook to localhost or http: is refused in words and changes nothing; the webhook never
 * reaches a player; a campaign's next fight keeps it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER, connect, listen, testApp } from '../test-kit.ts';
import type { Created, TestApp } from '../test-kit.ts';
import { TEST_MESSAGE } from './announcer.ts';
import { RETRY_AFTER_S, discordStub } from './discord-stub-kit.ts';
import type { DiscordStub } from './discord-stub-kit.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const MIN_GAP_MS = 200;
const TIMEOUT_MS = 1500;
const hook = (token: string) => `https://discord.com/api/webhooks/123456789012345678/${token}`;

let stub: DiscordStub;
let t: TestApp;
let base: string;
beforeAll(async () => {
  stub = await discordStub();
  // Reads unlimited: the tests poll the status.
  const lots = 1_000_000;
  t = await testApp({ announce: { fetch: stub.fetchVia, minGapMs: MIN_GAP_MS, timeoutMs: TIMEOUT_MS }, limits: { readsPerSecond: lots, readBurst: lots } });
  base = await listen(t);
});
afterAll(async () => {
  await t.close();
  await stub.close();
});

async function until<T>(what: string, probe: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (performance.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A fight with a hidden NPC between the PC and the Goblin in the order. */
const fight = (webhook: string | null) =>
  t.create({
    rules: 'custom',
    title: 'Ambush',
    combatants: [
      { name: 'Vasquez', kind: 'pc', hp: 12 },
      { name: 'Zorblax', hp: 9, hidden: true, gmNotes: 'GMSECRET-zorblax' },
      { name: 'Goblin', hp: 5 },
    ],
    ...(webhook ? { settings: { discord: { webhook } } } : {}),
  });

const start = { type: 'start', dice: { Vasquez: 10, Zorblax: 8, Goblin: 4 } };
const PLAYED = ['**Round 1**', 'Vasquez is up.', 'The GM is deciding.', 'Goblin is up.', '**Round 2**', 'Vasquez is up.'];

async function play(c: Created): Promise<number[]> {
  const took: number[] = [];
  for (const command of [start, { type: 'end-turn' }, { type: 'end-turn' }, { type: 'end-turn' }]) {
    const t0 = performance.now();
    await t.command(c.id, c.gmKey, command);
    took.push(performance.now() - t0);
  }
  return took;
}

const status = async (c: Created): Promise<Json> => (await t.call('GET', `/api/encounters/${c.id}/discord`, { key: c.gmKey })).json<Json>().discord;

describe('Discord posts', () => {
  it('arrive in order, as players read them, coalesced; a 429 is waited out as Discord asks, then retried', async () => {
    const token = 'ratelimited-AbCdEfGhIjKlMnOp';
    const c = await fight(hook(token));
    await play(c);
    const lines = await until('the lines posted', () => stub.lines(token), (l) => l.length >= PLAYED.length);
    expect(lines).toEqual(PLAYED);
    const mine = stub.posts.filter((p) => p.path.endsWith(token));
    expect(mine[0]!.status).toBe(429);
    expect(mine[1]!.body).toEqual(mine[0]!.body);
    expect(mine[1]!.at - mine[0]!.at).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000 - 20);
    // Four commands, two posts: the lines that came while the first waited joined the next.
    const answered = mine.filter((p) => p.status === 204);
    expect(answered.length).toBeLessThan(4);
    for (let i = 1; i < answered.length; i++) expect(answered[i]!.at - answered[i - 1]!.at).toBeGreaterThanOrEqual(MIN_GAP_MS - 20);
    expect(mine.every((p) => p.body.username === 'Turnkeeper' && JSON.stringify(p.body.allowed_mentions) === '{"parse":[]}')).toBe(true);
    expect(JSON.stringify(mine)).not.toMatch(/Zorblax|GMSECRET/);
    const s = await until('the status', () => status(c), (x) => x.lastOk !== null && x.waiting === 0);
    expect(s).toMatchObject({ webhook: true, lastFailure: null });
  });

  it('never hold up the fight: with a webhook that never answers, commands answer at once; the timeout shows to the GM', async () => {
    const c = await fight(hook('hang-AbCdEfGhIjKlMnOp'));
    const took = await play(c);
    expect(Math.max(...took), `commands took ${took.map((x) => x.toFixed(0)).join(', ')} ms`).toBeLessThan(500);
    const s = await until('a failure', () => status(c), (x) => x.lastFailure !== null, TIMEOUT_MS + 3000);
    expect(s.lastFailure).toMatchObject({ status: 0, message: expect.stringMatching(/Discord did not answer within 2 s/) });
  });

  it('a failing webhook shows to the GM: the last failure with its status and what to do; the test message says so at once', async () => {
    const c = await fight(hook('gone-AbCdEfGhIjKlMnOp'));
    await t.command(c.id, c.gmKey, start);
    const s = await until('a failure', () => status(c), (x) => x.lastFailure !== null);
    expect(s.lastFailure).toMatchObject({ status: 404, message: expect.stringMatching(/does not know this webhook \(404\): it was deleted/) });
    expect(s.lastOk).toBeNull();
    const test = await t.call('POST', `/api/encounters/${c.id}/discord/test`, { key: c.gmKey });
    expect(test.status).toBe(200);
    expect(test.json()).toMatchObject({ ok: false, status: 404 });
  });

  it('the test message: posted and answered once Discord has; without a webhook, a clear 409', async () => {
    const token = 'fine-AbCdEfGhIjKlMnOp';
    const c = await fight(hook(token));
    const test = await t.call('POST', `/api/encounters/${c.id}/discord/test`, { key: c.gmKey });
    expect(test.json()).toMatchObject({ ok: true, status: 204, discord: { webhook: true, lastFailure: null } });
    expect(stub.lines(token)).toEqual([TEST_MESSAGE]);
    const none = await fight(null);
    const refused = await t.call('POST', `/api/encounters/${none.id}/discord/test`, { key: none.gmKey });
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'discord/no-webhook', message: expect.stringMatching(/paste the webhook address/) });
  });

  it('refuses a webhook to localhost or http: in words, changing nothing and saying nothing of what is hidden', async () => {
    const c = await fight(hook('kept-AbCdEfGhIjKlMnOp'));
    const before = (await t.call('GET', `/api/encounters/${c.id}/settings`, { key: c.gmKey })).body;
    const cases: [string, RegExp][] = [
      ['https://localhost/api/webhooks/123456789/abcdefghijklmnop', /must be on discord\.com \(this one is on localhost\)/],
      ['http://discord.com/api/webhooks/123456789/abcdefghijklmnop', /must be an https:\/\/ address/],
      ['http://127.0.0.1:4646/api/webhooks/123456789/abcdefghijklmnop', /must be an https:\/\/ address/],
    ];
    for (const [webhook, words] of cases) {
      const r = await t.call('PATCH', `/api/encounters/${c.id}/settings`, { key: c.gmKey, body: { npcHp: 'exact', discord: { webhook } } });
      expect(r.status, r.body).toBe(400);
      expect(r.json()).toMatchObject({ code: 'request/invalid', message: expect.stringMatching(words) });
      expect(r.body).not.toMatch(/Zorblax|GMSECRET|hidden/i);
      expect((await t.call('GET', `/api/encounters/${c.id}/settings`, { key: c.gmKey })).body).toBe(before);
      const listed = (await t.call('GET', '/api/encounters', { key: OWNER })).json<Json>().encounters.length;
      expect((await t.call('POST', '/api/encounters', { key: OWNER, body: { rules: 'custom', settings: { discord: { webhook } } } })).status).toBe(400);
      expect((await t.call('GET', '/api/encounters', { key: OWNER })).json<Json>().encounters.length).toBe(listed);
    }
    expect(stub.posts.some((p) => p.path.includes('kept-'))).toBe(false);
  });

  it('the webhook is the GM’s: no player read, socket frame or route carries it', async () => {
    const token = 'secret-token-AbCdEfGhIjKlMnOp';
    const c = await fight(null);
    const live = await connect(base, c.id, c.playerKey, 0);
    await t.call('PATCH', `/api/encounters/${c.id}/settings`, { key: c.gmKey, body: { discord: { webhook: hook(token) } } });
    await play(c);
    await until('the posts', () => stub.lines(token), (l) => l.length >= PLAYED.length);
    const reads = [
      (await t.call('GET', `/api/encounters/${c.id}`, { key: c.playerKey })).body,
      (await t.call('GET', `/api/encounters/${c.id}/log`, { key: c.playerKey })).body,
      (await t.call('GET', `/api/encounters/${c.id}/requests`, { key: c.playerKey })).body,
    ];
    await live.waitFor((m) => m.type === 'update' && (m.view as Json).round === 2);
    live.close();
    for (const text of [...reads, ...live.frames]) expect(text).not.toMatch(/webhook|discord|secret-token/i);
    for (const path of ['settings', 'discord']) expect((await t.call('GET', `/api/encounters/${c.id}/${path}`, { key: c.playerKey })).status).toBe(403);
    expect((await t.call('POST', `/api/encounters/${c.id}/discord/test`, { key: c.playerKey })).status).toBe(403);
    // The GM's own reads do carry it.
    expect((await t.call('GET', `/api/encounters/${c.id}`, { key: c.gmKey })).body).toContain(token);
  });

  it('a campaign’s next fight keeps the webhook of its newest fight (paste it once); started at once, it posts its first round', async () => {
    const token = 'campaign-AbCdEfGhIjKlMnOp';
    const campaign = (await t.call('POST', '/api/campaigns', { key: OWNER, body: { rules: 'custom', title: 'The Long Road' } })).json<Json>().campaign.id as string;
    await t.call('POST', `/api/campaigns/${campaign}/commands`, { key: OWNER, body: { type: 'add-pc', name: 'Vasquez', hp: 12 } });
    const newFight = async (body: Json = {}): Promise<Json> => {
      const r = await t.call('POST', `/api/campaigns/${campaign}/fights`, { key: OWNER, body });
      expect(r.status, r.body).toBe(201);
      return r.json<Json>();
    };
    const settingsOf = async (f: Json) => (await t.call('GET', `/api/encounters/${f.id}/settings`, { key: f.gmKey })).json<Json>().settings.discord;
    const first = await newFight();
    expect((await settingsOf(first)).webhook).toBeNull();
    await t.call('PATCH', `/api/encounters/${first.id}/settings`, { key: first.gmKey, body: { discord: { webhook: hook(token), events: { summary: false } } } });
    const second = await newFight({ start: true });
    expect(await settingsOf(second)).toEqual({ webhook: hook(token), events: { round: true, up: true, summary: false } });
    expect(await until('the first round', () => stub.lines(token), (l) => l.length >= 2)).toEqual(['**Round 1**', 'Vasquez is up.']);
    const third = await newFight({ settings: { discord: { webhook: null } } });
    expect((await settingsOf(third)).webhook).toBeNull();
  });
});
