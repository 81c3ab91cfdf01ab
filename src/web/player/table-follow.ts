/**
 * What a campaign's table link shows, as a pure function of the table's answer and the fight on the
 * screen (table.ts does the I/O): the campaign's current fight, "waiting for the next fight" with the
 * party between fights, or "this link was replaced" once the key stops opening the campaign.
 */
import type { Track } from './render.ts';

/** `GET /api/campaigns/:id/table` with the campaign's player or TV key. */
export interface TableAnswer {
  readonly campaign: { readonly id: string; readonly title: string; readonly rules: string };
  readonly screen: 'player' | 'tv';
  /** The campaign's newest fight that has not ended; null between fights. */
  readonly fight: { readonly id: string; readonly title: string; readonly status: 'setup' | 'running' | 'ended'; readonly round: number } | null;
  readonly party: readonly { readonly name: string; readonly tracks: Readonly<Record<string, Track>> }[];
  /** The seat this key is (a phone seated at one of the party), else null. */
  readonly seat?: { readonly combatant: null; readonly name: string } | null;
}

/** The table as read: its answer, or the HTTP status of a failure (0: the server could not be reached). */
export type TableRead = { readonly ok: true; readonly table: TableAnswer } | { readonly ok: false; readonly status: number };

export type TableStep =
  /** Show this fight (a new one, or the one shown before its socket gave up). */
  | { readonly kind: 'fight'; readonly id: string }
  /** The fight on the screen is still the campaign's: nothing to change. */
  | { readonly kind: 'keep' }
  /** Between fights: the campaign's title and its party as it stands. */
  | { readonly kind: 'waiting'; readonly table: TableAnswer }
  /** The key no longer opens the campaign (rotated, or the campaign deleted): stop asking. */
  | { readonly kind: 'replaced' }
  /** A failure that may pass (no network, the server busy or restarting): ask again later. */
  | { readonly kind: 'retry' };

/** How often the table is read while all is well, in ms. */
export const POLL_MS = 5_000;
/** The longest wait between reads after failures, in ms. */
export const MAX_BACKOFF_MS = 60_000;

/** `shown`: the fight on the screen (null: the waiting screen or nothing yet). */
export function followTable(read: TableRead, shown: string | null): TableStep {
  if (!read.ok) return [401, 403, 404].includes(read.status) ? { kind: 'replaced' } : { kind: 'retry' };
  const fight = read.table.fight;
  if (!fight || fight.status === 'ended') return { kind: 'waiting', table: read.table };
  return fight.id === shown ? { kind: 'keep' } : { kind: 'fight', id: fight.id };
}

/** The wait before the next read: every few seconds, doubling after each failure in a row (5, 10, 20, 40, 60 s). */
export function nextRead(failures: number): number {
  return Math.min(MAX_BACKOFF_MS, POLL_MS * 2 ** Math.max(0, Math.min(failures, 10)));
}

export function tableApiPath(campaignId: string): string {
  return `/api/campaigns/${encodeURIComponent(campaignId)}/table`;
}
