/**
 * Fan-out of live messages per encounter. The service calls `publish` only after the append has
 * committed, inside the encounter's queue, so every socket sees batches in seq order. A message is
 * serialised once per role; a socket that does not keep up (too many unsent bytes) is closed rather
 * than buffered without bound: it reconnects with its last seq and catches up.
 */
import { CLOSE, message } from './protocol.ts';
import type { ClosedReason, Role } from './protocol.ts';
import { textFrame } from './text-frame.ts';

export interface LiveClient {
  readonly role: Role;
  /** sha256 (hex) of the key the socket was opened with: rotating that key closes it. */
  readonly keyHash?: string;
  /** Bytes queued on the socket and not yet sent. */
  readonly bufferedAmount: number;
  send(data: string): void;
  /**
   * Sends `data` already framed as a WebSocket text message (`frame`, text-frame.ts: the same bytes for
   * every socket of a batch). Optional: a client without it is sent `data`.
   */
  sendFrame?(frame: Buffer, data: string): void;
  close(code: number, reason: string): void;
}

/** A role's message of one batch: its text, and the frame built from it once a socket asks for one. */
interface Built {
  readonly data: string;
  frame?: Buffer;
}

/** Sockets per encounter (`limits.ts`): on one key, and in all (player sockets only are refused for it). */
export interface ListenerCaps {
  readonly perKey: number;
  readonly perEncounter: number;
}

export class Hub {
  private readonly rooms = new Map<string, Set<LiveClient>>();

  constructor(private readonly maxBufferedBytes: number) {}

  join(id: string, client: LiveClient): () => void {
    let room = this.rooms.get(id);
    if (!room) this.rooms.set(id, (room = new Set()));
    room.add(client);
    return () => this.leave(id, client);
  }

  private leave(id: string, client: LiveClient): void {
    const room = this.rooms.get(id);
    if (!room) return;
    room.delete(client);
    if (room.size === 0) this.rooms.delete(id);
  }

  count(id: string, role?: Role): number {
    const room = this.rooms.get(id);
    if (!room) return 0;
    if (role === undefined) return room.size;
    let n = 0;
    for (const c of room) if (c.role === role) n++;
    return n;
  }

  /** The encounter's sockets opened with the key whose hash is `keyHash`. */
  countKey(id: string, keyHash: string): number {
    let n = 0;
    for (const c of this.rooms.get(id) ?? []) if (c.keyHash === keyHash) n++;
    return n;
  }

  /** The sockets of every encounter opened with the key whose hash is `keyHash` (a seat's phones). */
  countKeyEverywhere(keyHash: string): number {
    let n = 0;
    for (const id of this.rooms.keys()) n += this.countKey(id, keyHash);
    return n;
  }

  /**
   * Why `client` may not join the encounter's sockets now, or null. Every key holds at most `perKey`
   * sockets (one player link cannot take every place); player sockets are refused once the encounter
   * has `perEncounter`, GM sockets (the GM key, the owner token) never are: only their key's cap
   * applies to them, so no number of player sockets locks the GM out.
   */
  refusal(id: string, client: LiveClient, caps: ListenerCaps): ClosedReason | null {
    if (client.keyHash !== undefined && this.countKey(id, client.keyHash) >= caps.perKey) return 'too-many-on-key';
    if (client.role === 'player' && this.count(id) >= caps.perEncounter) return 'too-many-listeners';
    return null;
  }

  total(): number {
    let n = 0;
    for (const room of this.rooms.values()) n += room.size;
    return n;
  }

  /** Sends each client its role's message, built (and framed) at most once per role. */
  publish(id: string, build: Partial<Record<Role, () => string>>): void {
    const room = this.rooms.get(id);
    if (!room) return;
    let gm: Built | undefined;
    let player: Built | undefined;
    for (const client of [...room]) {
      const make = build[client.role];
      if (!make) continue;
      if (client.bufferedAmount > this.maxBufferedBytes) {
        this.drop(id, client, CLOSE.tryLater, 'too-slow');
        continue;
      }
      const built = client.role === 'gm' ? (gm ??= { data: make() }) : (player ??= { data: make() });
      try {
        if (client.sendFrame) client.sendFrame((built.frame ??= textFrame(built.data)), built.data);
        else client.send(built.data);
      } catch {
        this.leave(id, client);
      }
    }
  }

  private drop(id: string, client: LiveClient, code: number, reason: ClosedReason): void {
    this.leave(id, client);
    try {
      client.send(message({ type: 'closed', reason }));
      client.close(code, reason);
    } catch {
      // Already gone.
    }
  }

  /** Closes the encounter's sockets (those `match` picks, or all), telling them why. */
  closeRoom(id: string, code: number, reason: ClosedReason, match: (client: LiveClient) => boolean = () => true): void {
    for (const client of [...(this.rooms.get(id) ?? [])]) {
      if (match(client)) this.drop(id, client, code, reason);
    }
  }

  /** Closes the sockets of every encounter (those `match` picks, or all), telling them why. */
  closeAll(code: number, reason: ClosedReason, match: (client: LiveClient) => boolean = () => true): void {
    for (const id of [...this.rooms.keys()]) this.closeRoom(id, code, reason, match);
  }
}
