/**
 * A request as clients see it. The GM sees every request as stored. Players see a request only while
 * everyone it names is someone they may see (a PC the GM hides later takes its requests, its dice and
 * its targets with it), name combatants by the ids they know them by (player-ids.ts), read what a
 * player wrote (a reaction's label, a popcorn group) exactly as it was written, whatever it mentions
 * (players wrote it: scrubbing it would confirm their guesses), and read the GM's reasons with secret
 * names replaced.
 */
import type { RequestRecord } from '../../store/index.ts';
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

/** Fields of a request's command (requests.ts builds them) that hold a combatant's id, or several. */
const ID_FIELDS = new Set(['combatant', 'actor', 'to', 'target']);
const IDS_FIELDS = new Set(['combatants', 'targets']);
/** Fields holding what the player wrote. */
export const PLAYER_WORDS = ['label', 'group'] as const;

/** The id players know a combatant by; SECRET thrown when they may not know it. */
function playerId(id: unknown, secrets: Secrets): string {
  const alias = typeof id === 'string' && !secrets.ids.has(id) ? secrets.playerIds.of(id) : undefined;
  if (alias === undefined) throw SECRET;
  return alias;
}

/** A copy of a request's command for players; SECRET thrown when it names someone they may not know of. */
function commandForPlayers(command: Readonly<Record<string, unknown>>, secrets: Secrets): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(command)) {
    if (ID_FIELDS.has(k)) out[k] = playerId(v, secrets);
    else if (IDS_FIELDS.has(k) && Array.isArray(v)) out[k] = v.map((x) => playerId(x, secrets));
    else if ((PLAYER_WORDS as readonly string[]).includes(k)) out[k] = v;
    else if (k === 'dice' && typeof v === 'object' && v !== null) {
      // Faces typed in, keyed by the combatant's name.
      for (const name of Object.keys(v)) if (secrets.ids.has(name) || secrets.mentions(name)) throw SECRET;
      out[k] = v;
    } else if (typeof v === 'string' && secrets.ids.has(v)) throw SECRET;
    else out[k] = v;
  }
  return out;
}

/** The GM's answer for players: its words (a reason) read through the secrets. */
function resultForPlayers(result: Readonly<Record<string, unknown>>, secrets: Secrets): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(result)) out[k] = typeof v === 'string' ? secrets.scrub(v) : v;
  return out;
}

/**
 * The request as players may read it now: null when it is a secret combatant's or names one (a target,
 * dice typed in under its name); the player's own words as written; the GM's reason with secret names
 * replaced.
 */
export function playerRequestView(r: RequestRecord, secrets: Secrets): RequestView | null {
  try {
    const combatant = playerId(r.combatant, secrets);
    const command = commandForPlayers(r.command, secrets);
    const result = r.result === null ? null : resultForPlayers(r.result, secrets);
    return { ...requestView(r), combatant, command, result };
  } catch (e) {
    if (e === SECRET) return null;
    throw e;
  }
}

/** What the player wrote in a request (to quote back as it is). */
export function playerWords(command: Readonly<Record<string, unknown>>): string[] {
  return PLAYER_WORDS.map((k) => command[k]).filter((v): v is string => typeof v === 'string');
}
