import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './test-kit.ts';
import type { TestApp } from './test-kit.ts';

let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'turnkeeper-web-'));
  const root = join(dir, 'web');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'app-1234.js'), 'console.log("app")');
  writeFileSync(join(dir, 'secret.txt'), 'outside the web root');
  t = await testApp({ webRoot: root });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the web app', () => {
  it('serves the built files, with long caching for hashed assets', async () => {
    const js = await t.call('GET', '/assets/app-1234.js');
    expect([js.status, js.headers['content-type'], js.body]).toEqual([200, 'text/javascript; charset=utf-8', 'console.log("app")']);
    expect(js.headers['cache-control']).toContain('immutable');
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

  it('never serves a file outside the web root', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%00', '/%ff']) {
      const r = await t.call('GET', path);
      expect(r.body, path).not.toContain('outside the web root');
      expect(r.status, path).toBeLessThan(500);
    }
  });

  it('says the app is not built yet when there is no build', async () => {
    const bare = await testApp();
    const r = await bare.call('GET', '/');
    expect(r.body).toContain('The web app is not built yet');
    expect(r.body).toContain('/api/openapi.json');
    expect((await bare.call('GET', '/play/x')).body).toContain('not built yet');
    expect((await bare.call('GET', '/some/client/route')).status).toBe(404);
    await bare.close();
  });
});
