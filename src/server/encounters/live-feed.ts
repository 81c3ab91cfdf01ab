/**
 * What live sockets receive: each committed batch (GM: the events and their log lines; players: the
 * lines they may read and the player view), and on connect everything after the client's `after`.
 */
import type { GmLogEntry, StoredEvent } from '../../core/index.ts';
import type { Hub, LiveClient } from '../live/index.ts';
import type { LoadedEncounter } from './loaded-encounter.ts';
import { message } from '../live/index.ts';
import { linesFrom } from './log-lines.ts';

export { linesFrom } from './log-lines.ts';
import type { Mark } from '../live/index.ts';

/** Events per catch-up message to a GM. */
const GM_CHUNK = 500;

/** Publishes a committed batch (and its log lines). Call only after the commit. */
export function publishBatch(hub: Hub, l: LoadedEncounter, stored: readonly StoredEvent[], lines: readonly GmLogEntry[], now?: number): void {
  if (stored.length === 0) return;
  const from = stored[0]!.seq;
  const seq = stored[stored.length - 1]!.seq;
  const marks: Mark[] = [];
  for (const s of stored) {
    if (s.event.type === 'undone' || s.event.type === 'redone') marks.push({ cmd: (s.event as { cmd: number }).cmd, undone: s.event.type === 'undone' });
  }
  const at = now !== undefined ? { now } : {};
  // Methods, not arrow properties: tsx's esbuild would define the `name` of each arrow, on every batch.
  hub.publish(l.id, {
    gm() {
      return message({ type: 'events', from, seq, events: stored, log: lines, marks, ...at });
    },
    player() {
      return message({ type: 'update', from, seq, log: l.playerLines(lines), view: l.playerView(), marks, ...at });
    },
  });
}

/**
 * Sends `hello` and what the client missed after `after` (its log lines carry today's undo marks). An
 * `after` past the store's version (the server's data was restored from an older backup) is a reset:
 * `hello` says so, and a GM receives every event from seq 1, to fold again from scratch.
 */
export function catchUp(client: LiveClient, l: LoadedEncounter, after: number, now?: number): void {
  const version = l.version;
  const reset = after > version;
  const start = Math.min(Math.max(0, Math.floor(after)), version);
  client.send(message({ type: 'hello', role: client.role, encounter: l.id, version, ...(reset ? { reset: true as const } : {}), ...(now !== undefined ? { now } : {}) }));
  if (client.role === 'gm') {
    const from = reset ? 0 : start;
    const log = l.log();
    for (let i = from; i < version; i += GM_CHUNK) {
      const events = l.events.slice(i, Math.min(i + GM_CHUNK, version));
      const seq = i + events.length;
      const lines = linesFrom(log, i + 1).filter((x) => x.seq <= seq);
      client.send(message({ type: 'events', from: i + 1, seq, events, log: lines, marks: [] }));
    }
    return;
  }
  const log = l.playerLines(linesFrom(l.log(), start + 1));
  client.send(message({ type: 'update', from: start + 1, seq: version, log, view: l.playerView(), marks: [], ...(reset ? { reset: true as const } : {}) }));
}
