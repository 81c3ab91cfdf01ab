/**
 * Which address the share dialog hands out. A page opened on 127.0.0.1 would give the players a link
 * their phones cannot open: the server says where it listens (`GET /api/encounters/:id/network`) and
 * the dialog offers its network addresses instead, or says how to open it to the network. Pure.
 */
import { playPath } from '../../shared/routes.ts';

/** The server's answer (src/server/http/network.ts). */
export interface NetworkAnswer {
  readonly host: string;
  readonly port: number;
  readonly reach: 'network' | 'this-computer';
  readonly addresses: readonly string[];
}

export type ShareWhere =
  /** The page was opened on an address other computers use: its own address works for them too. */
  | { readonly kind: 'here' }
  /** Opened on this computer, and the server answers on the network: pick one of its addresses. */
  | { readonly kind: 'network'; readonly addresses: readonly string[] }
  /** The server listens on every interface, but this computer has no network address (no Wi-Fi?). */
  | { readonly kind: 'no-network' }
  /** The server listens on this computer only: phones cannot open any link. */
  | { readonly kind: 'this-computer' };

/** 127.x.x.x, ::1, localhost: the address only this computer can open. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** `pageHost`: the hostname the GM's page was opened on; `net`: the server's answer (null while unknown). */
export function shareWhere(pageHost: string, net: NetworkAnswer | null): ShareWhere {
  if (!isLoopbackHost(pageHost) || !net) return { kind: 'here' };
  if (net.reach === 'this-computer') return { kind: 'this-computer' };
  return net.addresses.length ? { kind: 'network', addresses: net.addresses } : { kind: 'no-network' };
}

/** The player link on `base` (an origin such as http://192.168.1.20:4646); the TV's shows no request controls. */
export function playerLink(base: string, id: string, key: string, tv = false): string {
  return `${base.replace(/\/+$/, '')}${playPath(id, key)}${tv ? '&tv' : ''}`;
}

/** "http://192.168.1.20:4646" → "192.168.1.20:4646", for the choice's labels. */
export function hostOf(base: string): string {
  return base.replace(/^https?:\/\//, '').replace(/\/+$/, '');
}
