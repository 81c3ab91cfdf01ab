import { afterEach, describe, expect, it } from 'vitest';
import type { NetworkInterfaceInfo } from 'node:os';
import { everywhere, isLoopback, lanAddresses, networkInfo } from './network.ts';
import type { Interfaces } from './network.ts';
import { OWNER, listen, testApp } from '../test-kit.ts';
import type { TestApp } from '../test-kit.ts';

function iface(address: string, family: 'IPv4' | 'IPv6', internal: boolean): NetworkInterfaceInfo {
  const common = { address, netmask: family === 'IPv4' ? '255.255.255.0' : 'ffff:ffff:ffff:ffff::', mac: '00:00:00:00:00:00', internal, cidr: null };
  return family === 'IPv4' ? { ...common, family } : { ...common, family, scopeid: 0 };
}

/** A laptop on the table's Wi-Fi and a wired network, with loopback and IPv6 addresses to leave out. */
const LAPTOP: Interfaces = {
  lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
  wlan0: [iface('192.168.1.20', 'IPv4', false), iface('fe80::1', 'IPv6', false)],
  eth0: [iface('10.0.0.5', 'IPv4', false)],
};

const at = (address: string, port = 4646) => ({ address, port, family: address.includes(':') ? 'IPv6' : 'IPv4' });

describe('where phones can reach the server', () => {
  it('tells the wildcard and loopback addresses apart', () => {
    expect(everywhere('0.0.0.0')).toBe(true);
    expect(everywhere('::')).toBe(true);
    expect(everywhere('127.0.0.1')).toBe(false);
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) expect(isLoopback(h), h).toBe(true);
    for (const h of ['0.0.0.0', '192.168.1.20', '::', 'fe80::1']) expect(isLoopback(h), h).toBe(false);
  });

  it('lists the LAN IPv4 addresses only, once each', () => {
    expect(lanAddresses(LAPTOP)).toEqual(['192.168.1.20', '10.0.0.5']);
    expect(lanAddresses({ ...LAPTOP, br0: [iface('10.0.0.5', 'IPv4', false)] })).toEqual(['192.168.1.20', '10.0.0.5']);
    expect(lanAddresses({ lo: [iface('127.0.0.1', 'IPv4', true)] })).toEqual([]);
  });

  it('offers every LAN address with the port when the server listens on all interfaces', () => {
    expect(networkInfo(at('0.0.0.0'), LAPTOP)).toEqual({ host: '0.0.0.0', port: 4646, reach: 'network', addresses: ['http://192.168.1.20:4646', 'http://10.0.0.5:4646'] });
    expect(networkInfo(at('::', 8080), LAPTOP).addresses).toEqual(['http://192.168.1.20:8080', 'http://10.0.0.5:8080']);
  });

  it('offers nothing when the server listens on loopback only', () => {
    expect(networkInfo(at('127.0.0.1'), LAPTOP)).toEqual({ host: '127.0.0.1', port: 4646, reach: 'this-computer', addresses: [] });
    expect(networkInfo(at('::1'), LAPTOP).reach).toBe('this-computer');
    expect(networkInfo(null, LAPTOP)).toEqual({ host: '', port: 0, reach: 'this-computer', addresses: [] });
  });

  it('offers the one address a server bound to a LAN address listens on, and a public URL first', () => {
    expect(networkInfo(at('192.168.1.20'), LAPTOP).addresses).toEqual(['http://192.168.1.20:4646']);
    expect(networkInfo(at('fd00::7'), LAPTOP).addresses).toEqual(['http://[fd00::7]:4646']);
    expect(networkInfo(at('0.0.0.0'), LAPTOP, 'https://turnkeeper.example/').addresses).toEqual(['https://turnkeeper.example', 'http://192.168.1.20:4646', 'http://10.0.0.5:4646']);
    // Behind a reverse proxy the server may listen on loopback: the public URL still reaches it.
    expect(networkInfo(at('127.0.0.1'), LAPTOP, 'https://turnkeeper.example')).toMatchObject({ reach: 'network', addresses: ['https://turnkeeper.example'] });
  });
});

describe('GET /api/encounters/:id/network', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers the GM key and the owner token, and refuses players and strangers', async () => {
    t = await testApp({ network: { address: () => at('0.0.0.0'), interfaces: () => LAPTOP } });
    const enc = await t.create({ rules: 'custom', title: 'Docks' });
    const url = `/api/encounters/${enc.id}/network`;
    for (const key of [enc.gmKey, OWNER]) {
      const r = await t.call('GET', url, { key });
      expect(r.status).toBe(200);
      expect(r.json()).toEqual({ host: '0.0.0.0', port: 4646, reach: 'network', addresses: ['http://192.168.1.20:4646', 'http://10.0.0.5:4646'] });
    }
    const player = await t.call('GET', url, { key: enc.playerKey });
    expect(player.status).toBe(403);
    expect(player.body).not.toContain('192.168');
    const none = await t.call('GET', url);
    expect(none.status).toBe(401);
    expect(none.body).not.toContain('192.168');
    const wrong = await t.call('GET', url, { key: 'tkg_not-a-key-of-this-server-000000' });
    expect(wrong.status).toBe(404);
    expect((await t.call('GET', '/api/encounters/nope/network', { key: OWNER })).status).toBe(404);
  });

  it('reads the real listening address: a server on 127.0.0.1 says phones cannot reach it', async () => {
    t = await testApp({ network: { interfaces: () => LAPTOP } });
    const base = await listen(t);
    const enc = await t.create({ rules: 'custom' });
    const r = await fetch(`${base}/api/encounters/${enc.id}/network`, { headers: { authorization: `Bearer ${enc.gmKey}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const body = (await r.json()) as { host: string; port: number; reach: string; addresses: string[] };
    expect(body).toEqual({ host: '127.0.0.1', port: Number(new URL(base).port), reach: 'this-computer', addresses: [] });
  });

  it('is in the OpenAPI description, for GMs', async () => {
    t = await testApp();
    const doc = (await t.call('GET', '/api/openapi.json')).json<{ paths: Record<string, { get?: { responses: Record<string, unknown> } }> }>();
    const op = doc.paths['/api/encounters/{id}/network']?.get;
    expect(op).toBeDefined();
    expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '429']));
  });
});
