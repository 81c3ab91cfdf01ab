/** The portraits of the memory store: bytes copied in and out, as the others copy their JSON. */
import { byOwner, ownBytes, portraitHash } from './portrait-store.ts';
import type { NewPortrait, Portrait, PortraitInfo } from './portrait-store.ts';

const keyOf = (campaignId: string, owner: string) => JSON.stringify([campaignId, owner]);

function info(p: Portrait): PortraitInfo {
  const { bytes: _bytes, ...rest } = p;
  return { ...rest };
}

export class MemoryPortraits {
  private readonly all = new Map<string, Portrait>();

  /** The caller has checked that the campaign exists. */
  put(p: NewPortrait): PortraitInfo {
    const bytes = ownBytes(p.bytes);
    const stored: Portrait = { campaignId: p.campaignId, owner: p.owner, type: p.type, hash: portraitHash(bytes), size: bytes.length, updatedAt: p.updatedAt, bytes };
    this.all.set(keyOf(p.campaignId, p.owner), stored);
    return info(stored);
  }

  get(campaignId: string, owner: string): Portrait | undefined {
    const p = this.all.get(keyOf(campaignId, owner));
    return p ? { ...p, bytes: ownBytes(p.bytes) } : undefined;
  }

  delete(campaignId: string, owner: string): boolean {
    return this.all.delete(keyOf(campaignId, owner));
  }

  list(campaignId: string): PortraitInfo[] {
    return [...this.all.values()].filter((p) => p.campaignId === campaignId).map(info).sort(byOwner);
  }

  /** The campaign went: its portraits go with it (as the databases' foreign keys do). */
  dropCampaign(campaignId: string): void {
    for (const p of this.list(campaignId)) this.all.delete(keyOf(campaignId, p.owner));
  }
}
