import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipBytes, precompressDir } from './precompress.ts';
import { acceptedCodings, isHashedAsset } from './static-files.ts';
import { testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

const BROWSER = 'gzip, deflate, br, zstd';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Text well over the precompression threshold. */
const bigText = (what: string): string => Array.from({ length: 200 }, (_, i) => `${what}(${i});`).join('\n');
const APP_JS = bigText('console.log');
const INDEX = `<!doctype html><title>app</title><div id="root"></div><!-- ${'padding '.repeat(100)} -->`;
const SECRET = bigText('outside the web root');

let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'turnkeeper-web-'));
  const root = join(dir, 'web');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'assets', 'app-B9NLZOmv.js'), APP_JS);
  writeFileSync(join(root, 'assets', 'style-Cfvlu-sS.css'), bigText('.a{color:red}'));
  writeFileSync(join(root, 'assets', 'logo-DdAD13NG.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, ...Array<number>(600).fill(0)]));
  writeFileSync(join(root, 'notes.txt'), bigText('unhashed'));
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  await precompressDir(dir); // the secret gets variants too: they must stay out of reach
  // Written after the build step: one with only a gzip variant, one with none.
  writeFileSync(join(root, 'assets', 'gzonly-CQoaINth.js'), APP_JS);
  writeFileSync(join(root, 'assets', 'gzonly-CQoaINth.js.gz'), await gzipBytes(Buffer.from(APP_JS)));
  writeFileSync(join(root, 'assets', 'plain-TVZff4-y.js'), APP_JS);
  t = await testApp({ webRoot: root });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Raw {
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly bytes: Buffer;
}

async function get(url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET'): Promise<Raw> {
  const r = await t.app.fastify.inject({ method, url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
  return { status: r.statusCode, headers: r.headers, bytes: r.rawPayload };
}

function decode(r: Raw): string {
  const e = r.headers['content-encoding'];
  const bytes = e === 'br' ? brotliDecompressSync(r.bytes) : e === 'gzip' ? gunzipSync(r.bytes) : r.bytes;
  return bytes.toString('utf8');
}

describe('the web app', () => {
  it('serves the built files, with long caching for hashed assets', async () => {
    const js = await t.call('GET', '/assets/app-B9NLZOmv.js');
    expect([js.status, js.headers['content-type'], js.body]).toEqual([200, 'text/javascript; charset=utf-8', APP_JS]);
    expect(js.headers['cache-control']).toBe(IMMUTABLE);
    const home = await t.call('GET', '/');
    expect(home.body).toContain('<title>app</title>');
    expect(home.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for app pages (SPA), not for missing files or the API', async () => {
    expect((await t.call('GET', '/play/abc?key=tkp_x')).body).toContain('<title>app</title>');
    expect((await t.call('GET', '/gm/abc')).body).toContain('<title>app</title>');
    expect((await t.call('GET', '/some/client/route')).body).toContain('<title>app</title>');
    expect((await t.call('GET', '/assets/missing.js')).status).toBe(404);
    expect((await t.call('GET', '/api/missing')).json()).toMatchObject({ code: 'route/not-found' });
  });

  it('never serves a file outside the web root, nor its variants', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%00', '/%ff']) {
      for (const ae of [undefined, BROWSER, 'gzip']) {
        const r = await get(path, ae);
        expect(r.status, path).toBeLessThan(500);
        if (r.status === 200) expect(decode(r), path).not.toContain('outside the web root');
        expect(r.headers['content-encoding'], path).toBeUndefined();
      }
    }
  });

  it('says the app is not built yet when there is no build', async () => {
    const bare = await testApp();
    const r = await bare.call('GET', '/', { headers: { 'accept-encoding': BROWSER } });
    expect(r.body).toContain('The web app is not built yet');
    expect(r.body).toContain('/api/openapi.json');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect((await bare.call('GET', '/play/x')).body).toContain('not built yet');
    expect((await bare.call('GET', '/some/client/route')).status).toBe(404);
    await bare.close();
  });
});

describe('precompressed variants', () => {
  it('sends the best coding the request accepts, with its length and Vary', async () => {
    const cases: [string | undefined, string | undefined][] = [
      [BROWSER, 'br'],
      ['gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['br', 'br'],
      ['*', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['gzip, br;q=0', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['*;q=0, identity', undefined],
      ['identity', undefined],
      ['deflate, zstd', undefined],
      ['', undefined],
      [undefined, undefined],
    ];
    for (const [ae, expected] of cases) {
      const r = await get('/assets/app-B9NLZOmv.js', ae);
      expect(r.status, ae).toBe(200);
      expect(r.headers['content-encoding'], ae).toBe(expected);
      expect(r.headers.vary, ae).toBe('Accept-Encoding');
      expect(r.headers['content-type'], ae).toBe('text/javascript; charset=utf-8');
      expect(r.headers['content-length'], ae).toBe(String(r.bytes.length));
      expect(decode(r), ae).toBe(APP_JS);
      if (expected) expect(r.bytes.length, ae).toBeLessThan(APP_JS.length / 3);
    }
  });

  it('compresses index.html on every page route and the SPA fallback, which stay no-cache', async () => {
    for (const url of ['/', '/gm/abc', '/play/abc?key=tkp_x', '/campaign/abc', '/index.html', '/some/client/route']) {
      const r = await get(url, BROWSER);
      expect([r.status, r.headers['content-encoding'], r.headers.vary, r.headers['cache-control']], url).toEqual([200, 'br', 'Accept-Encoding', 'no-cache']);
      expect(r.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(r.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(decode(r), url).toBe(INDEX);
    }
  });

  it('caches hashed assets for a year and everything else with revalidation', async () => {
    expect((await get('/assets/style-Cfvlu-sS.css', BROWSER)).headers['cache-control']).toBe(IMMUTABLE);
    expect((await get('/assets/logo-DdAD13NG.png', BROWSER)).headers['cache-control']).toBe(IMMUTABLE);
    const notes = await get('/notes.txt', BROWSER);
    expect([notes.headers['cache-control'], notes.headers['content-encoding']]).toEqual(['no-cache', 'br']);
    expect(isHashedAsset('assets/confirm-dialog--tsp2774.js')).toBe(true);
    expect(isHashedAsset('assets/nested/index-Cfvlu-sS.css')).toBe(true);
    expect(isHashedAsset('assets/app.js')).toBe(false);
    expect(isHashedAsset('assets/app-1234.js')).toBe(false);
    expect(isHashedAsset('index.html')).toBe(false);
    expect(isHashedAsset('other/app-B9NLZOmv.js')).toBe(false);
  });

  it('leaves files that are not text as they are, without Vary', async () => {
    const png = await get('/assets/logo-DdAD13NG.png', BROWSER);
    expect([png.status, png.headers['content-type'], png.headers['content-encoding'], png.headers.vary]).toEqual([200, 'image/png', undefined, undefined]);
  });

  it('falls back to the next coding when a variant is missing', async () => {
    const gz = await get('/assets/gzonly-CQoaINth.js', BROWSER);
    expect([gz.headers['content-encoding'], decode(gz)]).toEqual(['gzip', APP_JS]);
    const plain = await get('/assets/plain-TVZff4-y.js', BROWSER);
    expect([plain.headers['content-encoding'], plain.headers.vary, plain.headers['content-length'], decode(plain)]).toEqual([undefined, 'Accept-Encoding', String(APP_JS.length), APP_JS]);
    expect((await get('/assets/gzonly-CQoaINth.js', 'br')).headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const url of ['/', '/gm/abc', '/assets/app-B9NLZOmv.js', '/some/client/route']) {
      for (const ae of [BROWSER, 'gzip', undefined]) {
        const full = await get(url, ae);
        const head = await get(url, ae, 'HEAD');
        expect(head.status, url).toBe(200);
        expect(head.bytes.length, url).toBe(0);
        for (const h of ['content-type', 'content-encoding', 'content-length', 'vary', 'cache-control']) expect(head.headers[h], `${url} ${h}`).toBe(full.headers[h]);
      }
    }
    expect((await get('/assets/missing.js', BROWSER, 'HEAD')).status).toBe(404);
  });
});

describe('acceptedCodings', () => {
  it('ranks by q-value, then br > gzip > identity, and never drops identity', () => {
    expect(acceptedCodings(undefined)).toEqual(['identity']);
    expect(acceptedCodings('')).toEqual(['identity']);
    expect(acceptedCodings(BROWSER)).toEqual(['br', 'gzip', 'identity']);
    expect(acceptedCodings('GZIP;Q=0.8, BR;q=0.9')).toEqual(['br', 'gzip', 'identity']);
    expect(acceptedCodings('gzip;q=1.0, br;q=0.5, identity;q=0.1')).toEqual(['gzip', 'br', 'identity']);
    expect(acceptedCodings('identity;q=0, gzip')).toEqual(['gzip', 'identity']);
    expect(acceptedCodings('*;q=0.5, gzip')).toEqual(['gzip', 'br', 'identity']);
    expect(acceptedCodings('*;q=0')).toEqual(['identity']);
    expect(acceptedCodings('br;q=2, gzip;q=abc, deflate')).toEqual(['identity']);
    expect(acceptedCodings('br;q=0.001')).toEqual(['br', 'identity']);
    expect(acceptedCodings('gzip;q=0.5, identity')).toEqual(['identity', 'gzip']);
  });
});
