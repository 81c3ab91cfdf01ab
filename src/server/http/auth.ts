/**
 * Who is asking. The owner token (printed at start) creates, lists, imports and deletes encounters and
 * counts as the GM of every encounter; a GM key opens one encounter fully; a player key opens its player
 * view (read-only, plus requests). A campaign's table key (its player or TV link) opens the player view
 * of that campaign's fights, and its table (`auth: 'table'`): nothing more. A seat key (`tks_`) opens the
 * player view of its fight (or its campaign's fights and table) as one character. A key that opens nothing
 * gets the same 404 as a missing encounter or campaign.
 */
import type { FastifyRequest } from 'fastify';
import type { EncounterRecord, SeatRecord } from '../../store/index.ts';
import type { AppContext } from './context.ts';
import { ApiError, gmOnly, notFound, unauthenticated, wrongOwner } from '../shared/index.ts';

const campaignKeyNotFound = (): ApiError => new ApiError(404, 'campaign/not-found', 'There is no such campaign, or this link was replaced: ask the GM for the new one.');
import { digestMatches, keyDigest } from '../shared/index.ts';

import type { TableScreen } from '../campaigns/index.ts';

export type Auth = 'none' | 'owner' | 'gm' | 'any' | 'table';

export interface Access {
  readonly role: 'owner' | 'gm' | 'player';
  /** The encounter, for encounter routes. */
  readonly record?: EncounterRecord;
  /** sha256 of the key used (rate limits are per key). */
  readonly keyId: string;
  /** The key is a campaign's table link: which campaign, and which link. */
  readonly table?: { readonly campaignId: string; readonly screen: TableScreen };
  /** The key is a seat's (a phone sitting at one player character): the player view, and requests for that character only. */
  readonly seat?: SeatRecord;
}

const MAX_KEY = 200;

/** The key of `Authorization: Bearer <key>`, if well-formed. */
export function bearerKey(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^\s*bearer\s+(\S+)\s*$/i.exec(h);
  return m && m[1]!.length <= MAX_KEY ? m[1] : undefined;
}

/** What a key (its sha256 digest) opens on this encounter; every comparison is made, in constant time. */
export function roleOn(record: EncounterRecord, digest: Buffer, ownerHash: string): Access['role'] | null {
  const owner = digestMatches(digest, ownerHash);
  const gm = digestMatches(digest, record.gmKeyHash);
  const player = digestMatches(digest, record.playerKeyHash);
  return owner ? 'owner' : gm ? 'gm' : player ? 'player' : null;
}

export async function authorize(ctx: AppContext, key: string | undefined, auth: Auth, encounterId?: string): Promise<Access | undefined> {
  if (auth === 'none') return undefined;
  if (key === undefined || key === '' || key.length > MAX_KEY) throw unauthenticated();
  const digest = keyDigest(key);
  const keyId = digest.toString('hex');
  if (auth === 'owner') {
    if (!digestMatches(digest, ctx.ownerHash)) throw wrongOwner();
    return { role: 'owner', keyId };
  }
  if (encounterId === undefined) throw notFound();
  if (auth === 'table') {
    if (digestMatches(digest, ctx.ownerHash)) return { role: 'owner', keyId, table: { campaignId: encounterId, screen: 'player' } };
    const screen = await ctx.campaigns.tableScreen(encounterId, digest);
    if (screen) return { role: 'player', keyId, table: { campaignId: encounterId, screen } };
    const seat = await ctx.seats.seatAtTable(encounterId, digest);
    if (!seat) throw campaignKeyNotFound();
    return { role: 'player', keyId, table: { campaignId: encounterId, screen: 'player' }, seat };
  }
  const record = await ctx.service.meta(encounterId);
  if (!record) throw notFound();
  const role = roleOn(record, digest, ctx.ownerHash);
  if (role) {
    if (auth === 'gm' && role === 'player') throw gmOnly();
    return { role, record, keyId };
  }
  // A table key of the fight's campaign: the player view, as with the fight's own player key.
  const screen = record.campaignId ? await ctx.campaigns.tableScreen(record.campaignId, digest) : null;
  if (screen) {
    if (auth === 'gm') throw gmOnly();
    return { role: 'player', record, keyId, table: { campaignId: record.campaignId!, screen } };
  }
  // A seat of this fight, or of its campaign: the player view, as its own character.
  const seat = await ctx.seats.seatOn(record, digest);
  if (!seat) throw notFound();
  if (auth === 'gm') throw gmOnly();
  return { role: 'player', record, keyId, seat };
}
