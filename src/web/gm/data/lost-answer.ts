/**
 * A command whose answer was lost: the connection dropped after the server may have committed it (a
 * network error, or a reverse proxy's 502, 503 or 504 for an instance that died). Pure decisions, used
 * by the GM store (data/encounter-store.ts).
 *
 * Why this can be decided at all: the GM screen sends every command with `expectedVersion` = the
 * version it held when the GM decided it (`sentAt`), so the server applies it AT that version or never.
 * If it was applied, its events are the batch right after `sentAt` (seq sentAt + 1…, one `cmd`);
 * anything else there is another command's (another tab, a player request accepted), and then this one
 * can no longer apply. Sending it again with the SAME `expectedVersion` can therefore never apply it
 * twice: at most one command is applied at a version, and a 409 means the version moved on.
 *
 * Whether the batch after `sentAt` is this command's: events carry no command id (`cmd` is a counter,
 * the same for any command applied at `sentAt`), so the screen decides the command again on the
 * encounter as it was at `sentAt`, with the same engine the server runs. Deciding is deterministic: the
 * dice come from the encounter's stored generator state, and the one input the engine lacks, the
 * server's clock, is read back from the batch's timed events. The same events: it was applied (or an
 * identical command was, which leaves the fight exactly as this one would). Different events, or a
 * refusal: it was another command, and this one was not applied.
 */
import type { Decision, EngineEvent, StoredEvent } from '../../../core/index.ts';

/** What a command's answer tells: applied, refused by Turnkeeper (its JSON error says so), or nothing. */
export type Said = 'applied' | 'refused' | 'unknown';

/** A command's answer as http.ts gives it. */
export interface AnswerFacts {
  readonly ok: boolean;
  readonly status: number;
  readonly code?: string;
  /** The answer was not Turnkeeper's JSON (none at all, or a proxy's page). */
  readonly unanswered?: boolean;
}

/**
 * Unknown: no answer (status 0), a 5xx without Turnkeeper's JSON body (a proxy's 502, 503 or 504), or
 * Turnkeeper's own `server/internal` (it failed in the middle: the events may have been stored). Every
 * other error carries Turnkeeper's JSON and was refused before anything was stored: a 409 version
 * conflict, 422, 429, and a 503 `encounter/busy` with Retry-After ("nothing was changed") among them.
 * A 4xx without that body is a proxy that did not pass the command on.
 */
export function answerSays(a: AnswerFacts): Said {
  if (a.ok) return 'applied';
  if (a.status === 0) return 'unknown';
  if (a.unanswered) return a.status >= 500 ? 'unknown' : 'refused';
  return a.code === 'server/internal' ? 'unknown' : 'refused';
}

/** What the server's events after `sentAt` say about a command sent at `sentAt`. */
export type Verdict =
  /** Its events are the batch right after `sentAt`. */
  | 'applied'
  /** The server is still at `sentAt`: not applied (yet). Sending it again at `sentAt` is safe. */
  | 'not-applied'
  /** Another command was applied at `sentAt`: this one was not, and cannot be any more. */
  | 'other'
  /** The screen cannot tell (the rules are not loaded, or the batch is longer than the page read). */
  | 'unknown';

/**
 * `after`: the server's stored events after `sentAt`, in order (one page; `complete`: no more follow).
 * `dryRun(at)`: the command decided again on the encounter at `sentAt`, with the server's clock `at`
 * if the batch has one; null when the screen cannot decide it (its rules have not loaded).
 */
export function whatHappened(
  sentAt: number,
  after: readonly StoredEvent[],
  complete: boolean,
  dryRun: (at: number | undefined) => Decision<EngineEvent> | null,
): Verdict {
  const events = after.filter((e) => e.seq > sentAt).sort((a, b) => a.seq - b.seq);
  const first = events[0];
  if (!first) return 'not-applied';
  if (first.seq !== sentAt + 1) return 'unknown';
  const batch = leading(events, first.cmd);
  // The batch may go on in the next page: it cannot be compared whole.
  if (batch.length === events.length && !complete) return 'unknown';
  const d = dryRun(clockOf(batch));
  if (d === null) return 'unknown';
  if (!d.ok) return 'other';
  return d.events.length === batch.length && d.events.every((e, i) => sameJson(e, batch[i]!.event)) ? 'applied' : 'other';
}

/** The events of command `cmd` from the start, one seq after another. */
function leading(events: readonly StoredEvent[], cmd: number): StoredEvent[] {
  const out: StoredEvent[] = [];
  for (const e of events) {
    if (e.cmd !== cmd || (out.length > 0 && e.seq !== out[out.length - 1]!.seq + 1)) break;
    out.push(e);
  }
  return out;
}

/** The server's clock when it decided the batch, from its timed events (src/core/turn-clock.ts). */
function clockOf(batch: readonly StoredEvent[]): number | undefined {
  for (const { event } of batch) {
    if ((event.type === 'turn-timed' || event.type === 'clock-paused' || event.type === 'clock-resumed') && typeof event.at === 'number') return event.at;
  }
  return undefined;
}

/** Equal as JSON: key order aside (a database may reorder keys), keys holding `undefined` absent. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra).filter((k) => ra[k] !== undefined);
  const kb = Object.keys(rb).filter((k) => rb[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && sameJson(ra[k], rb[k]));
}
