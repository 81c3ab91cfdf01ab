/**
 * The live socket's messages (`/api/encounters/:id/live?key=...&after=<seq>`). JSON, each with a `type`
 * and the protocol version `v`. The GM stream carries the stored events and their log lines; the
 * player stream carries only projections (`update`: the player log lines and the player view).
 */
import { z } from 'zod';
import type { GmLogEntry, StoredEvent } from '../../core/index.ts';
import type { PlayerLogEntry } from '../players/index.ts';
import type { PlayerView } from '../players/index.ts';
import type { EncounterSettings } from '../players/index.ts';
import type { RequestView } from '../players/index.ts';
import type { SeatView } from '../players/index.ts';

export const PROTOCOL_VERSION = 1;

export type Role = 'gm' | 'player';

/** An undo or redo in a batch: strike (or restore) the log lines of that command. */
export interface Mark {
  readonly cmd: number;
  readonly undone: boolean;
}

type V = { readonly v: typeof PROTOCOL_VERSION };
/** The server's clock when the message was sent (ms since the epoch): clients keep their offset from it to show the turn timer. */
type Now = { readonly now?: number };

export type ClosedReason = 'deleted' | 'key-rotated' | 'shutdown' | 'too-slow' | 'rate-limited' | 'too-many-listeners' | 'too-many-on-key' | 'seat-freed' | 'seat-moved';

export type ServerMessage =
  /**
   * Connected. `reset`: the client's `after` was past `version` (the server's data was restored from an
   * older backup): drop what you hold; a GM receives every event from seq 1 next, a player an `update`.
   */
  | (V & Now & { readonly type: 'hello'; readonly role: Role; readonly encounter: string; readonly version: number; readonly reset?: true })
  /** GM: the events after `from - 1` up to `seq`, with their log lines. */
  | (V & Now & { readonly type: 'events'; readonly from: number; readonly seq: number; readonly events: readonly StoredEvent[]; readonly log: readonly GmLogEntry[]; readonly marks: readonly Mark[] })
  /** Player: what changed from `from` to `seq` (log lines) and the view at `seq`. `reset`: the client's `after` was ahead. */
  | (V & Now & {
      readonly type: 'update';
      readonly from: number;
      readonly seq: number;
      readonly log: readonly PlayerLogEntry[];
      readonly view: PlayerView;
      readonly marks: readonly Mark[];
      readonly reset?: true;
    })
  /** Player: the view changed without a new event (the GM changed the settings). */
  | (V & Now & { readonly type: 'view'; readonly seq: number; readonly view: PlayerView })
  | (V & { readonly type: 'settings'; readonly settings: EncounterSettings })
  | (V & { readonly type: 'request'; readonly request: RequestView })
  /** Player, on a seat's key: the seat's character as this fight knows it (sent once the socket has joined). */
  | (V & { readonly type: 'seat'; readonly seat: SeatView })
  | (V & { readonly type: 'closed'; readonly reason: ClosedReason })
  | (V & { readonly type: 'error'; readonly code: string; readonly message: string })
  | (V & Now & { readonly type: 'pong'; readonly seq: number });

/** What a client may send: a ping (answered with the current seq). */
export const clientMessageSchema = z.object({ type: z.literal('ping') }).strict();

type Unversioned<T> = T extends unknown ? Omit<T, 'v'> : never;

export function message(m: Unversioned<ServerMessage>): string {
  return JSON.stringify({ ...m, v: PROTOCOL_VERSION });
}

/**
 * Close codes: 1000 normal, 1008 policy (rate), 1009 too big (ws), 1013 try again later, 4001 key revoked
 * (a seat freed too), 4004 deleted, 4009 the seat moved (reconnect: the same key sits elsewhere now).
 */
export const CLOSE = { normal: 1000, goingAway: 1001, policy: 1008, tryLater: 1013, keyRevoked: 4001, deleted: 4004, seatMoved: 4009, unauthorized: 4401, notFound: 4404 } as const;
