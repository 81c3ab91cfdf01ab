/**
 * Where players' phones can reach this server: from the address it listens on and the machine's
 * network interfaces. A server on 127.0.0.1 (the default) is for this computer only; on 0.0.0.0 or ::
 * it answers on every LAN address of the machine. Pure but for the defaults of `lanAddresses`.
 */
import { networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';

export type Interfaces = ReturnType<typeof networkInterfaces>;

/** What the share dialog needs to hand out a link a phone can open. */
export interface NetworkInfo {
  /** The address the server listens on ("0.0.0.0", "127.0.0.1"); "" when it does not listen (tests). */
  readonly host: string;
  readonly port: number;
  /** "network": phones on the LAN can open the addresses below; "this-computer": only this machine can. */
  readonly reach: 'network' | 'this-computer';
  /** Base addresses players can open ("http://192.168.1.20:4646"), the configured public URL first. */
  readonly addresses: readonly string[];
}

/** Listening on every interface (IPv4 or IPv6 wildcard). */
export function everywhere(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

/** 127.x.x.x, ::1, localhost (and IPv4-mapped loopback). */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '').replace(/^::ffff:/, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** IPv4 addresses of this machine on the local network (not loopback). */
export function lanAddresses(interfaces: Interfaces = networkInterfaces()): string[] {
  const out: string[] = [];
  for (const list of Object.values(interfaces)) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal && !out.includes(a.address)) out.push(a.address);
  }
  return out;
}

function base(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Where phones can reach the server listening at `listening` (`server.address()`): every LAN address
 * when it listens on all interfaces, its own address when that is not loopback, none otherwise. A
 * configured public URL (a reverse proxy, a DNS name) comes first and always counts as reachable.
 */
export function networkInfo(listening: AddressInfo | string | null, interfaces: Interfaces, publicUrl?: string): NetworkInfo {
  const host = typeof listening === 'object' && listening !== null ? listening.address : '';
  const port = typeof listening === 'object' && listening !== null ? listening.port : 0;
  const found = host === '' || isLoopback(host) ? [] : everywhere(host) ? lanAddresses(interfaces).map((ip) => base(ip, port)) : [base(host, port)];
  const pub = publicUrl?.replace(/\/+$/, '');
  const addresses = pub ? [pub, ...found.filter((a) => a !== pub)] : found;
  const reach = pub || (host !== '' && !isLoopback(host)) ? 'network' : 'this-computer';
  return { host, port, reach, addresses };
}
