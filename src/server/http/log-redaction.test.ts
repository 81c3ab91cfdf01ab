/**
 * Keys never reach the server log, at any level: not from `?key=` URLs (player links, GM links, the
 * live socket), not from Authorization headers, not the owner token, not from error messages or
 * requests Node refuses before Fastify sees them.
 */
import { connect as tcp } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { redactSecrets } from './log-redaction.ts';
import { OWNER, connect, listen, testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Sends raw bytes and resolves with whatever comes back before the server closes. */
function raw(base: string, text: string): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve) => {
    const s = tcp(Number(port), '127.0.0.1', () => s.end(text));
    let out = '';
    s.on('data', (d) => (out += String(d)));
    s.on('close', () => resolve(out));
    s.on('error', () => resolve(out));
  });
}

describe('the request log', () => {
  it('never contains a key, whatever the level and whatever the client sends', async () => {
    const lines: string[] = [];
    t = await testApp({ logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } });
    const base = await listen(t);
    const c = await t.create({ rules: 'custom', combatants: [{ name: 'Vasquez', kind: 'pc', hp: 12 }] });
    const secrets = [OWNER, c.gmKey, c.playerKey];
    await t.call('GET', `/play/${c.id}?key=${c.playerKey}`);
    await t.call('GET', `/gm/${c.id}?x=1&key=${encodeURIComponent(c.gmKey)}#key=${c.gmKey}`);
    await t.call('GET', `/api/encounters/${c.id}/log`, { key: c.playerKey });
    await t.call('GET', `/api/encounters/${c.id}/log?KEY=${c.playerKey}`, { key: c.playerKey });
    await t.call('GET', `/api/encounters/${c.id}?key=${c.gmKey}`, { key: 'tkg_not-a-key-but-still-secret-0123456789' });
    await t.call('GET', `/api/encounters/%E0%A4%A/${c.gmKey}?key=${c.gmKey}`);
    await t.call('POST', `/api/encounters/${c.id}/commands?key=${c.gmKey}`, { key: c.gmKey, raw: `{"type": "${c.gmKey}"`, headers: { 'content-type': 'application/json' } });
    const ws = await connect(base, c.id, c.playerKey);
    await ws.waitFor((m) => m.type === 'update');
    ws.close();
    await raw(base, `GET /api/encounters/${c.id}/live?key=${c.gmKey} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${c.gmKey}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    await raw(base, `GET /api/health?key=${c.gmKey} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${c.gmKey}\r\nBroken header\r\n\r\n`);
    await new Promise((r) => setTimeout(r, 100));
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain(`"url":"/play/${c.id}?key=[redacted]"`);
    expect(log).not.toContain('rawPacket');
    for (const s of [...secrets, 'tkg_not-a-key']) {
      expect(log).not.toContain(s);
      expect(log).not.toContain(s.slice(4, 20));
      expect(log).not.toContain(encodeURIComponent(s).slice(4, 20));
    }
  });

  it('redacts key parameters and known key shapes in any text', () => {
    expect(redactSecrets('/play/abc?key=tkp_AAAA&x=1')).toBe('/play/abc?key=[redacted]&x=1');
    expect(redactSecrets('/x?a=1&Key=whatever#frag')).toBe('/x?a=1&Key=[redacted]#frag');
    expect(redactSecrets('"authorization":"Bearer tkg_abc-DEF_123"')).toBe('"authorization":"Bearer [redacted]"');
    expect(redactSecrets('token tko_abc in a message')).toBe('token tko_[redacted] in a message');
    expect(redactSecrets('a campaign TV link tkv_abc-DEF')).toBe('a campaign TV link tkv_[redacted]');
    expect(redactSecrets('a seat link tks_abc-DEF')).toBe('a seat link tks_[redacted]');
    expect(redactSecrets('nothing here: keyboard=1, monkey=2')).toBe('nothing here: keyboard=1, monkey=2');
  });
});
