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

/** Every string anywhere in a value (a request's command: its combatant, targets, dice keys). */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (typeof v === 'object' && v !== null) {
    for (const [k, x] of Object.entries(v)) {
      out.push(k);
      strings(x, out);
    }
  }
  return out;
}

/** The request as players may read it now, or null when it names someone they may not see. */
export function playerRequestView(r: RequestRecord, secrets: Secrets): RequestView | null {
  if (secrets.ids.has(r.combatant)) return null;
  if (strings(r.command).some((s) => secrets.ids.has(s) || secrets.mentions(s))) return null;
  const result = r.result === null ? null : (JSON.parse(JSON.stringify(r.result), (_k, v: unknown) => (typeof v === 'string' ? secrets.scrub(v) : v)) as Record<string, unknown>);
  return { ...requestView(r), result };
}
