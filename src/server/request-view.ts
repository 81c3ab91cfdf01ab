/**
 * A request as clients see it. The GM sees every request as stored. Players see a request only while
 * everyone it names is someone they may see (a PC the GM hides later takes its requests, its dice and
 * its targets with it), and read the GM's reasons with secret names replaced.
 */
import type { RequestRecord } from '../store/event-store.ts';
import type { Secrets } from './secrets.ts';

export interface RequestView {
  readonly id: number;
  readonly kind: string;
  readonly combatant: string;
  readonly command: Readonly<Record<string, unknown>>;
  readonly status: RequestRecord['status'];
  readonly createdAt: string;
  readonly resolvedAt: string | null;
  readonly result: Readonly<Record<string, unknown>> | null;
}

export function requestView(r: RequestRecord): RequestView {
  return { id: r.id, kind: r.kind, combatant: r.combatant, command: r.command, status: r.status, createdAt: r.createdAt, resolvedAt: r.resolvedAt, result: r.result };
}

class Secret {}
const SECRET = new Secret();

/** A copy of a request's command for players: free text scrubbed; naming a secret id or name as a key or reference, SECRET thrown. */
function forPlayers(v: unknown, secrets: Secrets): unknown {
  if (typeof v === 'string') {
    if (secrets.ids.has(v)) throw SECRET;
    return secrets.scrub(v);
  }
  if (Array.isArray(v)) return v.map((x) => forPlayers(x, secrets));
  if (typeof v === 'object' && v !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      // Keys are dice keys: a combatant's name.
      if (secrets.ids.has(k) || secrets.mentions(k)) throw SECRET;
      out[k] = forPlayers(x, secrets);
    }
    return out;
  }
  return v;
}

/**
 * The request as players may read it now: null when it is a secret combatant's or names one (a target,
 * dice typed in under its name); free text (a label, the GM's reason) with secret names replaced.
 */
export function playerRequestView(r: RequestRecord, secrets: Secrets): RequestView | null {
  if (secrets.ids.has(r.combatant)) return null;
  try {
    const command = forPlayers(r.command, secrets) as Record<string, unknown>;
    const result = r.result === null ? null : (forPlayers(r.result, secrets) as Record<string, unknown>);
    return { ...requestView(r), command, result };
  } catch (e) {
    if (e === SECRET) return null;
    throw e;
  }
}
