/**
 * The portraits part of the conformance suite (run from `conformance.ts`, inside its describe, with its
 * store lifecycle): bytes kept exactly (every byte value, a 256 kB image), replaced, listed without
 * their bytes, deleted, refused for a campaign that is not there, and gone with their campaign.
 */
import { describe, expect, it } from 'vitest';
import type { CampaignConformanceContext } from './conformance-campaigns.ts';
import { AT, campaignEvents, campaignRecord } from './conformance-fixtures.ts';
import { isCampaignNotFound } from './event-store.ts';
import { portraitHash } from './portrait-store.ts';
import type { NewPortrait } from './portrait-store.ts';

/** Every byte value, then `size` bytes in all. */
const bytesOf = (size: number, seed = 0): Uint8Array => Uint8Array.from({ length: size }, (_, i) => (i + seed) % 256);
const portrait = (campaignId: string, owner: string, bytes: Uint8Array, type: NewPortrait['type'] = 'image/png', updatedAt = AT): NewPortrait => ({ campaignId, owner, type, bytes, updatedAt });

export function runPortraitConformance(ctx: CampaignConformanceContext): void {
  describe('portraits', () => {
    it('keeps the bytes exactly, with their type, hash and size', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 1), AT);
      const bytes = bytesOf(262_144);
      const info = await store.portraits.putPortrait(portrait('c1', 'p1', bytes));
      expect(info).toEqual({ campaignId: 'c1', owner: 'p1', type: 'image/png', hash: portraitHash(bytes), size: 262_144, updatedAt: AT });
      const got = await store.portraits.getPortrait('c1', 'p1');
      expect(got).toMatchObject(info);
      expect(Buffer.from(got!.bytes).equals(Buffer.from(bytes))).toBe(true);
      expect(await store.portraits.getPortrait('c1', 'p2')).toBeUndefined();
      expect(await store.portraits.getPortrait('c2', 'p1')).toBeUndefined();
    });

    it('replaces a portrait, and keeps nothing a caller changes afterwards', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 1), AT);
      const first = bytesOf(10);
      await store.portraits.putPortrait(portrait('c1', 't1', first));
      first[0] = 99;
      expect((await store.portraits.getPortrait('c1', 't1'))!.bytes[0]).toBe(0);
      const later = '2026-01-02T04:00:00.000Z';
      const second = bytesOf(20, 7);
      await store.portraits.putPortrait(portrait('c1', 't1', second, 'image/webp', later));
      const got = await store.portraits.getPortrait('c1', 't1');
      expect(got).toMatchObject({ type: 'image/webp', size: 20, hash: portraitHash(second), updatedAt: later });
      expect([...got!.bytes]).toEqual([...second]);
      got!.bytes[0] = 1;
      expect((await store.portraits.getPortrait('c1', 't1'))!.bytes[0]).toBe(7);
    });

    it('lists a campaign\'s portraits by owner, without their bytes', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 1), AT);
      await store.createCampaign(campaignRecord('c2'), campaignEvents(1, 1), AT);
      await store.portraits.putPortrait(portrait('c1', 't1', bytesOf(3), 'image/jpeg'));
      await store.portraits.putPortrait(portrait('c1', 'p1', bytesOf(5)));
      await store.portraits.putPortrait(portrait('c2', 'p1', bytesOf(4)));
      const list = await store.portraits.listPortraits('c1');
      expect(list.map((p) => [p.owner, p.type, p.size])).toEqual([
        ['p1', 'image/png', 5],
        ['t1', 'image/jpeg', 3],
      ]);
      expect(list.every((p) => !('bytes' in p))).toBe(true);
      expect(await store.portraits.listPortraits('nope')).toEqual([]);
    });

    it('deletes a portrait, answering whether there was one', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 1), AT);
      await store.portraits.putPortrait(portrait('c1', 'p1', bytesOf(5)));
      expect(await store.portraits.deletePortrait('c1', 'p1')).toBe(true);
      expect(await store.portraits.deletePortrait('c1', 'p1')).toBe(false);
      expect(await store.portraits.getPortrait('c1', 'p1')).toBeUndefined();
      expect(await store.portraits.listPortraits('c1')).toEqual([]);
    });

    it('refuses a portrait for a campaign that is not there, writing nothing', async () => {
      const store = await ctx.open();
      const e = await store.portraits.putPortrait(portrait('nope', 'p1', bytesOf(5))).catch((x: unknown) => x);
      expect(isCampaignNotFound(e)).toBe(true);
      expect(await store.portraits.getPortrait('nope', 'p1')).toBeUndefined();
    });

    it('drops the portraits of a deleted campaign', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 1), AT);
      await store.portraits.putPortrait(portrait('c1', 'p1', bytesOf(5)));
      await store.deleteCampaign('c1');
      expect(await store.portraits.getPortrait('c1', 'p1')).toBeUndefined();
      expect(await store.portraits.listPortraits('c1')).toEqual([]);
      await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 1), AT);
      expect(await store.portraits.listPortraits('c1')).toEqual([]);
    });

    it('keeps portraits across a restart', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 1), AT);
      const bytes = bytesOf(300, 3);
      await store.portraits.putPortrait(portrait('c1', 'p1', bytes, 'image/jpeg'));
      const again = await ctx.reopen();
      if (!again) return; // the memory store does not persist
      expect([...(await again.portraits.getPortrait('c1', 'p1'))!.bytes]).toEqual([...bytes]);
    });
  });
}
