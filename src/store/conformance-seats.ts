/**
 * The seats part of the conformance suite (run from `conformance.ts`, inside its describe, with its
 * store lifecycle): one seat per target, claims that refuse, keys replaced, seats moved and freed, and
 * seats going with their encounter or campaign.
 */
import { describe, expect, it } from 'vitest';
import type { CampaignConformanceContext } from './conformance-campaigns.ts';
import { AT, campaignEvents, campaignRecord, encounterRecord, events } from './conformance-fixtures.ts';
import { isSeatTaken } from './seat-store.ts';
import type { SeatRecord, SeatScope } from './seat-store.ts';

const hash = (n: number) => n.toString(16).padStart(64, '0');
const E1: SeatScope = { kind: 'encounter', id: 'e1' };
const C1: SeatScope = { kind: 'campaign', id: 'c1' };
const seat = (n: number, scope: SeatScope, target: string, at = `2026-11-27T10:00:0${n % 10}.000Z`): SeatRecord => ({ keyHash: hash(n), scope, target, createdAt: at });

export function runSeatConformance(ctx: CampaignConformanceContext): void {
  describe('seats', () => {
    it('claims one seat per target and refuses a second claim, writing nothing', async () => {
      const store = await ctx.open();
      await store.createEncounter(encounterRecord('e1'), events(1, 1), AT);
      expect(await store.seats.claimSeat(seat(1, E1, 'a'))).toEqual(seat(1, E1, 'a'));
      const e = await store.seats.claimSeat(seat(2, E1, 'a')).catch((x: unknown) => x);
      expect(isSeatTaken(e)).toBe(true);
      expect(await store.seats.getSeat(hash(2))).toBeUndefined();
      await store.seats.claimSeat(seat(3, E1, 'b'));
      expect((await store.seats.listSeats(E1)).map((s) => s.target)).toEqual(['a', 'b']);
      expect(await store.seats.getSeat(hash(1))).toEqual(seat(1, E1, 'a'));
      expect(await store.seats.getSeat(hash(9))).toBeUndefined();
    });

    it('keeps scopes apart: the same target in a campaign and in an encounter are two seats', async () => {
      const store = await ctx.open();
      await store.createEncounter(encounterRecord('e1'), events(1, 1), AT);
      await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 1), AT);
      await store.seats.claimSeat(seat(1, E1, 'p1'));
      await store.seats.claimSeat(seat(2, C1, 'p1'));
      expect((await store.seats.listSeats(C1)).map((s) => s.keyHash)).toEqual([hash(2)]);
      expect((await store.seats.listSeats({ kind: 'encounter', id: 'c1' })).length).toBe(0);
    });

    it('gives a seat a new key, answering the one it replaced', async () => {
      const store = await ctx.open();
      await store.createEncounter(encounterRecord('e1'), events(1, 1), AT);
      expect(await store.seats.putSeat(seat(1, E1, 'a'))).toBeNull();
      expect(await store.seats.putSeat(seat(2, E1, 'a'))).toBe(hash(1));
      expect(await store.seats.getSeat(hash(1))).toBeUndefined();
      expect((await store.seats.listSeats(E1)).map((s) => s.keyHash)).toEqual([hash(2)]);
    });

    it('moves a seat with its key, never onto a taken one', async () => {
      const store = await ctx.open();
      await store.createEncounter(encounterRecord('e1'), events(1, 1), AT);
      await store.seats.claimSeat(seat(1, E1, 'a'));
      await store.seats.claimSeat(seat(2, E1, 'b'));
      const e = await store.seats.moveSeat(E1, 'a', 'b').catch((x: unknown) => x);
      expect(isSeatTaken(e)).toBe(true);
      expect(await store.seats.getSeat(hash(1))).toMatchObject({ target: 'a' });
      expect(await store.seats.moveSeat(E1, 'a', 'c')).toMatchObject({ keyHash: hash(1), target: 'c' });
      expect(await store.seats.getSeat(hash(1))).toMatchObject({ target: 'c' });
      expect(await store.seats.moveSeat(E1, 'nobody', 'd')).toBeUndefined();
    });

    it('frees a seat, answering its key', async () => {
      const store = await ctx.open();
      await store.createEncounter(encounterRecord('e1'), events(1, 1), AT);
      await store.seats.claimSeat(seat(1, E1, 'a'));
      expect(await store.seats.freeSeat(E1, 'a')).toBe(hash(1));
      expect(await store.seats.freeSeat(E1, 'a')).toBeNull();
      expect(await store.seats.getSeat(hash(1))).toBeUndefined();
      await store.seats.claimSeat(seat(2, E1, 'a'));
    });

    it('drops the seats of a deleted encounter or campaign', async () => {
      const store = await ctx.open();
      await store.createEncounter(encounterRecord('e1'), events(1, 1), AT);
      await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 1), AT);
      await store.seats.claimSeat(seat(1, E1, 'a'));
      await store.seats.claimSeat(seat(2, C1, 'p1'));
      await store.deleteEncounter('e1');
      await store.deleteCampaign('c1');
      expect(await store.seats.getSeat(hash(1))).toBeUndefined();
      expect(await store.seats.getSeat(hash(2))).toBeUndefined();
    });

    it('keeps seats across a restart', async () => {
      const store = await ctx.open();
      await store.createEncounter(encounterRecord('e1'), events(1, 1), AT);
      await store.seats.claimSeat(seat(1, E1, 'a'));
      const again = await ctx.reopen();
      if (!again) return; // the memory store does not persist
      expect(await again.seats.getSeat(hash(1))).toEqual(seat(1, E1, 'a'));
    });
  });
}
