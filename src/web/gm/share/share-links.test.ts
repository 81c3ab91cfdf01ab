import { describe, expect, it } from 'vitest';
import { hostOf, isLoopbackHost, playerLink, shareWhere } from './share-links.ts';
import type { NetworkAnswer } from './share-links.ts';

const lan: NetworkAnswer = { host: '0.0.0.0', port: 4646, reach: 'network', addresses: ['http://192.168.1.20:4646', 'http://10.0.0.5:4646'] };
const loopback: NetworkAnswer = { host: '127.0.0.1', port: 4646, reach: 'this-computer', addresses: [] };

describe('the address the share dialog hands out', () => {
  it('knows the addresses only this computer opens', () => {
    for (const h of ['127.0.0.1', '127.0.1.1', 'localhost', 'turnkeeper.localhost', '[::1]', '::1']) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['192.168.1.20', 'turnkeeper.example', '[fd00::7]', '0.0.0.0']) expect(isLoopbackHost(h), h).toBe(false);
  });

  it('offers the network addresses when the page was opened on 127.0.0.1 and the server listens on the network', () => {
    expect(shareWhere('127.0.0.1', lan)).toEqual({ kind: 'network', addresses: lan.addresses });
    expect(shareWhere('localhost', lan).kind).toBe('network');
    expect(shareWhere('127.0.0.1', { ...lan, addresses: [] })).toEqual({ kind: 'no-network' });
  });

  it('says phones cannot open it when the server listens on this computer only', () => {
    expect(shareWhere('127.0.0.1', loopback)).toEqual({ kind: 'this-computer' });
  });

  it('keeps the page’s own address when it was opened from the network, or before the server answers', () => {
    expect(shareWhere('192.168.1.20', lan)).toEqual({ kind: 'here' });
    expect(shareWhere('192.168.1.20', loopback)).toEqual({ kind: 'here' });
    expect(shareWhere('127.0.0.1', null)).toEqual({ kind: 'here' });
  });

  it('builds the player and TV links on the chosen address', () => {
    expect(playerLink('http://192.168.1.20:4646', 'enc 1', 'tkp_a/b')).toBe('http://192.168.1.20:4646/play/enc%201?key=tkp_a%2Fb');
    expect(playerLink('http://192.168.1.20:4646/', 'e1', 'tkp_x', true)).toBe('http://192.168.1.20:4646/play/e1?key=tkp_x&tv');
    expect(hostOf('http://192.168.1.20:4646')).toBe('192.168.1.20:4646');
  });
});
