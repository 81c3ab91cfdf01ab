/**
 * Security headers on pages and API answers, and the documented {code, message} body on the
 * refusals Fastify and Node's HTTP parser make before any route runs.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as tcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

let t: TestApp | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Sends raw bytes; resolves with the status and the JSON body of the answer. */
function raw(base: string, text: string): Promise<{ status: number; body: unknown }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const s = tcp(Number(port), '127.0.0.1', () => s.write(text));
    let out = '';
    s.on('data', (d) => (out += String(d)));
    s.on('error', () => undefined);
    s.on('close', () => {
      const m = /^HTTP\/1\.1 (\d{3})[^]*?\r\n\r\n([^]*)$/.exec(out);
      if (!m) return reject(new Error(`no HTTP answer: ${JSON.stringify(out.slice(0, 200))}`));
      resolve({ status: Number(m[1]), body: JSON.parse(m[2]!) as unknown });
    });
  });
}

const directive = (csp: string, name: string): string => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';

describe('security headers', () => {
  it('pages get a CSP without inline script, no framing and no referrer', async () => {
    const root = mkdtempSync(join(tmpdir(), 'turnkeeper-web-'));
    dirs.push(root);
    writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
    t = await testApp({ webRoot: root });
    for (const url of ['/', '/play/abc?key=tkp_x', '/gm/abc', '/some/app/path']) {
      const r = await t.call('GET', url, { headers: { host: 'table.local:4646' } });
      expect(r.status, url).toBe(200);
      const csp = String(r.headers['content-security-policy']);
      expect(directive(csp, 'script-src')).toBe("script-src 'self'");
      expect(directive(csp, 'default-src')).toBe("default-src 'self'");
      expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive(csp, 'object-src')).toBe("object-src 'none'");
      expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob:");
      expect(directive(csp, 'connect-src')).toBe("connect-src 'self' ws://table.local:4646 wss://table.local:4646");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
    // A Host that does not look like one is not repeated in the policy.
    const odd = await t.call('GET', '/', { headers: { host: 'evil.example; script-src *' } });
    expect(directive(String(odd.headers['content-security-policy']), 'connect-src')).toBe("connect-src 'self'");
  });

  it('the page shown before the web app is built passes its own policy (its one inline style, by hash)', async () => {
    t = await testApp();
    const r = await t.call('GET', '/');
    const style = /<style>([^<]*)<\/style>/.exec(r.body)![1]!;
    const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
    expect(directive(String(r.headers['content-security-policy']), 'style-src')).toBe(`style-src 'self' ${hash}`);
    expect(r.body).not.toContain('<script');
  });

  it('API answers allow nothing to load and refuse framing', async () => {
    t = await testApp();
    for (const url of ['/api/health', '/api/encounters/nope', '/api/nope']) {
      const r = await t.call('GET', url);
      expect(r.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});

describe("Fastify's and Node's own refusals", () => {
  it('a malformed URL and a path parameter over the router limit answer {code, message}', async () => {
    t = await testApp();
    const bad = await t.call('GET', '/api/encounters/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(bad.json()).toEqual({ code: 'request/bad-url', message: expect.any(String) });
    const long = await t.call('GET', `/api/encounters/${'x'.repeat(300)}`);
    expect(long.status).toBe(414);
    expect(long.json()).toEqual({ code: 'request/uri-too-long', message: expect.any(String) });
  });

  it('headers over 16 kB (431), a URL over 16 kB (414) and malformed HTTP (400), on a real socket', async () => {
    t = await testApp();
    const base = await listen(t);
    const big = await raw(base, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big).toEqual({ status: 431, body: { code: 'request/headers-too-large', message: expect.stringContaining('16 kB') } });
    const url = await raw(base, `GET /api/health?pad=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(url).toEqual({ status: 414, body: { code: 'request/uri-too-long', message: expect.stringContaining('16 kB') } });
    const broken = await raw(base, 'GET /api/health HTTP/1.1\r\nHost: x\r\nBroken header\r\n\r\n');
    expect(broken).toEqual({ status: 400, body: { code: 'request/malformed', message: expect.any(String) } });
    // The server still answers afterwards.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});
