import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { blockJson, EARLY_EVENTS_ID, privatePage, withEarlyEvents } from './page-data.ts';
import { OWNER, testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

const INDEX = '<!doctype html>\n<html><head>\n    <script type="module" crossorigin src="/assets/index-AAAAAAAA.js"></script>\n  </head><body><div id="root"></div></body></html>\n';
const BLOCK = new RegExp(`<script type="application/json" id="${EARLY_EVENTS_ID}">(.*?)</script>`, 's');

describe('the data block of a GM page', () => {
  it('is the one the GM screen reads', () => {
    // The web app is type-checked on its own (DOM library): its source is read here, not imported.
    const web = readFileSync(new URL('../../web/gm/data/early-events.ts', import.meta.url), 'utf8');
    expect(web).toContain(`export const EARLY_EVENTS_ID = '${EARLY_EVENTS_ID}';`);
  });

  it('holds JSON that reads back the same and can neither end the block nor open markup', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = blockJson(v);
        expect(text).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(v)));
      }),
    );
    const sneaky = { text: '</script><script>alert(1)</script><!-- & \u2028' };
    expect(blockJson(sneaky)).toBe('{"text":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028"}');
  });

  it('goes at the end of the body, after the head the browser acts on first', () => {
    const page = withEarlyEvents(INDEX, { id: 'e1', version: 0, events: [] });
    expect(page.indexOf(EARLY_EVENTS_ID)).toBeGreaterThan(page.indexOf('<div id="root">'));
    expect(page.match(BLOCK)?.[1]).toBe('{"id":"e1","version":0,"events":[]}');
    expect(() => withEarlyEvents('<p>no body</p>', { id: 'e1', version: 0, events: [] })).toThrow(/no <\/body>/);
  });

  it('is sent compressed as the request accepts, and never cached', () => {
    const html = withEarlyEvents(INDEX, { id: 'e1', version: 1, events: [{ seq: 1 }] });
    const br = privatePage(html, 'gzip, deflate, br');
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'no-store', vary: 'Accept-Encoding', 'content-type': 'text/html; charset=utf-8' });
    expect(brotliDecompressSync(br.body as Buffer).toString('utf8')).toBe(html);
    const gz = privatePage(html, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body as Buffer).toString('utf8')).toBe(html);
    const plain = privatePage(html, undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.body)).toBe(html);
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(html)));
  });
});

const fight = {
  rules: 'swn',
  title: 'Cargo bay',
  options: { initiative: 'individual' },
  seed: 7,
  sides: [{ name: 'PCs', players: true }, { name: 'Pirates' }],
  combatants: [
    { name: 'Vasquez', kind: 'pc', side: 'PCs', stats: { hp: 12, ac: 14 } },
    { name: 'Hidden sniper', side: 'Pirates', hidden: true, stats: { hp: 7, ac: 13 } },
  ],
};

describe('the GM page the server sends', () => {
  let dir: string;
  let t: TestApp | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'turnkeeper-page-data-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'index.gm.html'), INDEX.replace('</head>', '<link rel="modulepreload" href="/assets/gm.js"></head>'));
    writeFileSync(join(dir, 'index.gm.swn.html'), INDEX.replace('</head>', '<link rel="modulepreload" href="/assets/gm.js"><link rel="modulepreload" href="/assets/swn.js"></head>'));
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('with the GM key (or the owner token): the game announced and the first page of events, as the events route answers, never cached', async () => {
    t = await testApp({ webRoot: dir });
    const c = await t.create(fight);
    const events = (await t.call('GET', `/api/encounters/${c.id}/events?after=0`, { key: c.gmKey })).json();
    for (const key of [c.gmKey, OWNER]) {
      const r = await t.call('GET', `/gm/${c.id}?key=${encodeURIComponent(key)}`);
      expect([r.status, r.headers['cache-control'], r.headers['content-type']]).toEqual([200, 'no-store', 'text/html; charset=utf-8']);
      expect(r.body).toContain('/assets/swn.js');
      expect(JSON.parse(r.body.match(BLOCK)![1]!)).toEqual({ id: c.id, ...events });
      expect(r.body).toContain('Hidden sniper');
    }
  });

  it('with the player key, a wrong key or none: the plain page, the same for an encounter that does not exist', async () => {
    t = await testApp({ webRoot: dir });
    const c = await t.create(fight);
    const plain = await t.call('GET', `/gm/${c.id}`);
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toContain('/assets/gm.js');
    expect(plain.body).not.toContain('/assets/swn.js');
    expect(plain.body).not.toContain(EARLY_EVENTS_ID);
    for (const url of [`/gm/${c.id}?key=${c.playerKey}`, `/gm/${c.id}?key=tkg_wrong`, `/gm/nosuchencount?key=${c.gmKey}`, `/gm/nosuchencount`]) {
      const r = await t.call('GET', url);
      expect([r.status, r.body, r.headers['cache-control']], url).toEqual([200, plain.body, 'no-cache']);
    }
  });

  it('counts as one read of the key: with none left the page still announces the game but leaves the events to the screen', async () => {
    const now = 1_000_000;
    t = await testApp({ webRoot: dir, clock: () => now, limits: { readsPerSecond: 1, readBurst: 2 } });
    const c = await t.create(fight);
    const url = `/gm/${c.id}?key=${c.gmKey}`;
    expect((await t.call('GET', url)).body).toContain(EARLY_EVENTS_ID);
    expect((await t.call('GET', url)).body).toContain(EARLY_EVENTS_ID);
    const third = await t.call('GET', url);
    expect(third.status).toBe(200);
    expect(third.body).toContain('/assets/swn.js');
    expect(third.body).not.toContain(EARLY_EVENTS_ID);
    expect((await t.call('GET', `/api/encounters/${c.id}/events`, { key: c.gmKey })).status).toBe(429);
  });
});
