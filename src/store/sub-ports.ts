/**
 * The seats and the portraits as parts of the store port (`EventStore.seats`, `EventStore.portraits`):
 * an adapter whose part is synchronous (SQLite, in its thread; the memory store's portraits) offers it
 * through these, each call's throw becoming the rejection.
 */
import { CampaignNotFoundError } from './event-store.ts';
import type { NewPortrait, Portrait, PortraitInfo, PortraitStore } from './portrait-store.ts';
import type { SeatRecord, SeatScope, SeatStore } from './seat-store.ts';

function settle<T>(f: () => T): Promise<T> {
  try {
    return Promise.resolve(f());
  } catch (e) {
    return Promise.reject(e);
  }
}

export interface SyncSeats {
  claim(seat: SeatRecord): SeatRecord;
  put(seat: SeatRecord): string | null;
  get(keyHash: string): SeatRecord | undefined;
  list(scope: SeatScope): SeatRecord[];
  move(scope: SeatScope, from: string, to: string): SeatRecord | undefined;
  free(scope: SeatScope, target: string): string | null;
}

export function seatPort(s: SyncSeats): SeatStore {
  return {
    claimSeat: (seat) => settle(() => s.claim(seat)),
    putSeat: (seat) => settle(() => s.put(seat)),
    getSeat: (keyHash) => settle(() => s.get(keyHash)),
    listSeats: (scope) => settle(() => s.list(scope)),
    moveSeat: (scope, from, to) => settle(() => s.move(scope, from, to)),
    freeSeat: (scope, target) => settle(() => s.free(scope, target)),
  };
}

export interface SyncPortraits {
  put(p: NewPortrait): PortraitInfo;
  get(campaignId: string, owner: string): Portrait | undefined;
  delete(campaignId: string, owner: string): boolean;
  list(campaignId: string): PortraitInfo[];
}

/** `campaignExists`: where no foreign key refuses a portrait of no campaign (the memory store). */
export function portraitPort(p: SyncPortraits, campaignExists?: (id: string) => boolean): PortraitStore {
  return {
    putPortrait: (portrait) =>
      settle(() => {
        if (campaignExists && !campaignExists(portrait.campaignId)) throw new CampaignNotFoundError(portrait.campaignId);
        return p.put(portrait);
      }),
    getPortrait: (campaignId, owner) => settle(() => p.get(campaignId, owner)),
    deletePortrait: (campaignId, owner) => settle(() => p.delete(campaignId, owner)),
    listPortraits: (campaignId) => settle(() => p.list(campaignId)),
  };
}
