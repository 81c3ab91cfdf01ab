import type { Command, GmLogEntry, StoredEvent } from '../../../core/index.ts';
import type { Mark } from '../../../server/live/index.ts';
import type { EncounterSettings, RequestView } from '../../../server/players/index.ts';
import type { LinkStatus } from '../../api/live.ts';

/**
 * How the GM store (data/encounter-store.ts) and its command in doubt (command-doubt.ts) reach the
 * server: data/server-transport.ts over the real one, a stand-in in tests.
 */
export interface Transport {
  /** Start receiving events after `after()`; returns a function that stops. */
  subscribe(after: () => number, on: Incoming): () => void;
  send(command: Command, expectedVersion: number): Promise<Sent>;
  /** The stored events after `after` (one page); null when the server cannot be read now. */
  read(after: number): Promise<EventsRead | null>;
}

/** What the live socket delivers to the store. */
export interface Incoming {
  /** A batch of events up to `seq`, with its log lines and undo marks. */
  events(seq: number, events: readonly StoredEvent[], log: readonly GmLogEntry[], marks: readonly Mark[]): void;
  request(r: RequestView): void;
  settings(s: EncounterSettings): void;
  status(s: LinkStatus, detail?: string): void;
  /** The server holds only `version` events now, fewer than delivered (a restore): everything from seq 1 follows. */
  reset(version: number): void;
}

export type Sent =
  | { readonly ok: true; readonly events: readonly StoredEvent[]; readonly log?: readonly GmLogEntry[] }
  /** `unknown`: the answer was lost, the command may have been applied (lost-answer.ts, `answerSays`; command-doubt.ts). */
  | { readonly ok: false; readonly code: string; readonly message: string; readonly unknown?: true };

/** A page of the server's stored events. */
export interface EventsRead {
  readonly events: readonly StoredEvent[];
  /** No more follow (else the next page would). */
  readonly complete: boolean;
}
