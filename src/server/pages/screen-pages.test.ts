import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../web/games/index.ts';
import { chunkClosure, GAME_SOURCES, gamePagePath, isLibraryChunk, pagePath, screenOf, withPreloads } from './screen-pages.ts';
import type { BuiltChunk } from './screen-pages.ts';
import { testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

const INDEX = '<!doctype html>\n<html><head>\n    <script type="module" crossorigin src="/assets/index-AAAAAAAA.js"></script>\n    <link rel="stylesheet" crossorigin href="/assets/index-BBBBBBBB.css">\n  </head><body><div id="root"></div></body></html>\n';

describe('the screen an address shows', () => {
  it('reads the address as the web app routes it (src/web/shared/routes.ts)', () => {
    expect(screenOf('/gm/abc')).toBe('gm');
    expect(screenOf('/gm/abc?key=tkg_x')).toBe('gm');
    expect(screenOf('/play/abc?key=tkp_x')).toBe('play');
    expect(screenOf('/campaign/c1')).toBe('campaign');
    expect(screenOf('/')).toBe('start');
    expect(screenOf('/gm')).toBe('start');
    expect(screenOf('/some/client/route')).toBe('start');
    expect(pagePath('gm')).toBe('index.gm.html');
  });

  it('has a GM page per game, and no other file can be named through a game', () => {
    expect(Object.keys(GAME_SOURCES).sort()).toEqual(GAMES.map((g) => g.id).sort());
    expect(gamePagePath('gm', 'swn')).toBe('index.gm.swn.html');
    expect(gamePagePath('gm', 'fallout')).toBe('index.gm.fallout.html');
    for (const game of ['../index', 'constructor', '__proto__', 'swn/../x', '']) expect(gamePagePath('gm', game), game).toBeNull();
    expect(gamePagePath('play', 'swn')).toBeNull();
    expect(gamePagePath('start', 'swn')).toBeNull();
  });
});

describe('what a screen preloads', () => {
  const chunks = new Map<string, BuiltChunk>(
    [
      { fileName: 'assets/mount-G.js', imports: ['assets/react-R.js', 'assets/core-C.js'], css: ['assets/mount-G.css'] },
      { fileName: 'assets/core-C.js', imports: ['assets/dice-D.js', 'assets/react-R.js'], css: [] },
      { fileName: 'assets/dice-D.js', imports: ['assets/core-C.js'], css: [] },
      { fileName: 'assets/react-R.js', imports: [], css: ['assets/base-B.css'] },
      { fileName: 'assets/lazy-L.js', imports: [], css: ['assets/lazy-L.css'] },
    ].map((c) => [c.fileName, c]),
  );

  it('is the chunk and everything it imports statically, once each, cycles included; nothing loaded later', () => {
    const { scripts, styles } = chunkClosure(chunks, 'assets/mount-G.js');
    expect(scripts).toEqual(['assets/mount-G.js', 'assets/react-R.js', 'assets/core-C.js', 'assets/dice-D.js']);
    expect(styles.sort()).toEqual(['assets/base-B.css', 'assets/mount-G.css']);
  });

  it('goes in the head as modulepreload and stylesheet links, leaving out what the page loads already', () => {
    const html = withPreloads(INDEX, ['assets/index-AAAAAAAA.js', 'assets/mount-G.js'], ['assets/index-BBBBBBBB.css', 'assets/mount-G.css']);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/mount-G.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/mount-G.css">');
    expect(html.match(/index-AAAAAAAA\.js/g)).toHaveLength(1);
    expect(html.match(/index-BBBBBBBB\.css/g)).toHaveLength(1);
    expect(html.indexOf('mount-G.css')).toBeLessThan(html.indexOf('</head>'));
    expect(withPreloads(INDEX, [], [])).toBe(INDEX);
    expect(() => withPreloads('<p>no head</p>', ['assets/x.js'], [])).toThrow(/no <\/head>/);
  });

  it('runs library chunks as soon as they arrive, and only preloads the screen\'s own code', () => {
    const html = withPreloads(INDEX, ['assets/mount-G.js', 'assets/react-R.js', 'assets/core-C.js'], [], new Set(['assets/react-R.js', 'assets/core-C.js']));
    expect(html).toContain('<script type="module" async crossorigin src="/assets/react-R.js"></script>');
    expect(html).toContain('<script type="module" async crossorigin src="/assets/core-C.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/mount-G.js">');
    // In the order of the closure: the screen's chunk is asked for first.
    expect(html.indexOf('mount-G.js')).toBeLessThan(html.indexOf('react-R.js'));
    expect(html).not.toContain('src="/assets/mount-G.js"');
  });

  it('counts as library code only packages, the engine, the rules and the bundler\'s helpers', () => {
    expect(isLibraryChunk(['/w/node_modules/react-dom/cjs/react-dom-client.production.js', '/w/node_modules/scheduler/index.js'])).toBe(true);
    expect(isLibraryChunk(['/w/src/core/commands.ts', '/w/src/dice/parse.ts', '/w/src/rules/fallout/index.ts', '\0rolldown/runtime.js'])).toBe(true);
    expect(isLibraryChunk(['C:\\w\\node_modules\\zod\\index.js'])).toBe(true);
    expect(isLibraryChunk(['/w/src/core/commands.ts', '/w/src/web/gm/mount.tsx'])).toBe(false);
    expect(isLibraryChunk(['/w/src/web/api/http.ts'])).toBe(false);
    expect(isLibraryChunk(['/w/src/server/redact.ts'])).toBe(false);
    expect(isLibraryChunk([])).toBe(false);
  });
});

describe('the server sends the screen\'s page', () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'turnkeeper-pages-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'index.gm.html'), INDEX.replace('</head>', '<link rel="modulepreload" href="/assets/gm.js"></head>'));
    writeFileSync(join(dir, 'index.play.html'), INDEX.replace('</head>', '<link rel="modulepreload" href="/assets/play.js"></head>'));
    t = await testApp({ webRoot: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('on the page routes and the SPA fallback; index.html where a screen has no page of its own', async () => {
    const page = async (url: string) => {
      const r = await t.call('GET', url);
      expect([r.status, r.headers['content-type'], r.headers['cache-control']], url).toEqual([200, 'text/html; charset=utf-8', 'no-cache']);
      return r.body;
    };
    expect(await page('/gm/abc')).toContain('/assets/gm.js');
    expect(await page('/gm/abc?key=tkg_x')).toContain('/assets/gm.js');
    expect(await page('/play/abc?key=tkp_x')).toContain('/assets/play.js');
    expect(await page('/campaign/c1')).toBe(INDEX);
    expect(await page('/')).toBe(INDEX);
    expect(await page('/some/client/route')).toBe(INDEX);
  });
});
