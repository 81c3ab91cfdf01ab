/**
 * Portraits: an optional image per campaign PC or bestiary template, kept with the campaign (and gone
 * with it). The store keeps the bytes as they were checked (the server checks the type by content and
 * the size before putting one); it computes the hash (sha256 hex, the ETag) and the size itself.
 */
import { createHash } from 'node:crypto';

export const PORTRAIT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type PortraitType = (typeof PORTRAIT_TYPES)[number];

/** A portrait without its bytes (lists). */
export interface PortraitInfo {
  readonly campaignId: string;
  /** The campaign PC id or template id it belongs to ('p1', 't3'). */
  readonly owner: string;
  readonly type: PortraitType;
  /** sha256 (hex) of the bytes. */
  readonly hash: string;
  readonly size: number;
  readonly updatedAt: string;
}

export interface Portrait extends PortraitInfo {
  readonly bytes: Uint8Array;
}

export interface NewPortrait {
  readonly campaignId: string;
  readonly owner: string;
  readonly type: PortraitType;
  readonly bytes: Uint8Array;
  readonly updatedAt: string;
}

export interface PortraitStore {
  /** Stores or replaces the owner's portrait. Throws CampaignNotFoundError (nothing written) when there is no such campaign. */
  putPortrait(portrait: NewPortrait): Promise<PortraitInfo>;
  getPortrait(campaignId: string, owner: string): Promise<Portrait | undefined>;
  /** False when there was none. */
  deletePortrait(campaignId: string, owner: string): Promise<boolean>;
  /** The campaign's portraits without their bytes, by owner ([] for an unknown campaign). */
  listPortraits(campaignId: string): Promise<PortraitInfo[]>;
}

export function portraitHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The bytes as a Buffer over their own copy (nothing the caller keeps can change them). */
export function ownBytes(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes);
}

export const byOwner = (a: { readonly owner: string }, b: { readonly owner: string }): number => (a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : 0);

/** A `portraits` row without its bytes, as the SQL adapters read it (`size`: the bytes' length). */
export interface PortraitInfoRow {
  campaign_id: string;
  owner: string;
  media_type: string;
  hash: string;
  size: number | string;
  updated_at: string;
}

export function portraitInfoFromRow(r: PortraitInfoRow): PortraitInfo {
  return { campaignId: r.campaign_id, owner: r.owner, type: r.media_type as PortraitType, hash: r.hash, size: Number(r.size), updatedAt: r.updated_at };
}
