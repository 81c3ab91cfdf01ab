/** The seats of the memory store: one map from key hash to seat, copied in and out as the others are. */
import { SeatTakenError, sameScope } from './seat-store.ts';
import type { SeatRecord, SeatScope, SeatStore } from './seat-store.ts';

export class MemorySeats implements SeatStore {
  private readonly byKey = new Map<string, string>();

  private all(): SeatRecord[] {
    return [...this.byKey.values()].map((s) => JSON.parse(s) as SeatRecord);
  }

  private at(scope: SeatScope, target: string): SeatRecord | undefined {
    return this.all().find((s) => sameScope(s.scope, scope) && s.target === target);
  }

  async claimSeat(seat: SeatRecord): Promise<SeatRecord> {
    if (this.at(seat.scope, seat.target) || this.byKey.has(seat.keyHash)) throw new SeatTakenError(seat.target);
    this.byKey.set(seat.keyHash, JSON.stringify(seat));
    return JSON.parse(JSON.stringify(seat)) as SeatRecord;
  }

  async putSeat(seat: SeatRecord): Promise<string | null> {
    const old = this.at(seat.scope, seat.target);
    if (old) this.byKey.delete(old.keyHash);
    this.byKey.set(seat.keyHash, JSON.stringify(seat));
    return old?.keyHash ?? null;
  }

  async getSeat(keyHash: string): Promise<SeatRecord | undefined> {
    const s = this.byKey.get(keyHash);
    return s === undefined ? undefined : (JSON.parse(s) as SeatRecord);
  }

  async listSeats(scope: SeatScope): Promise<SeatRecord[]> {
    return this.all().filter((s) => sameScope(s.scope, scope));
  }

  async moveSeat(scope: SeatScope, from: string, to: string): Promise<SeatRecord | undefined> {
    const seat = this.at(scope, from);
    if (!seat) return undefined;
    if (from === to) return seat;
    if (this.at(scope, to)) throw new SeatTakenError(to);
    const moved = { ...seat, target: to };
    this.byKey.set(seat.keyHash, JSON.stringify(moved));
    return moved;
  }

  async freeSeat(scope: SeatScope, target: string): Promise<string | null> {
    const seat = this.at(scope, target);
    if (!seat) return null;
    this.byKey.delete(seat.keyHash);
    return seat.keyHash;
  }

  /** The encounter or campaign went: its seats go with it (as the databases' foreign keys do). */
  dropScope(scope: SeatScope): void {
    for (const s of this.all()) if (sameScope(s.scope, scope)) this.byKey.delete(s.keyHash);
  }
}
