/**
 * The phone's seat keys, one per link (a fight's id, or `table:<campaign>`): kept in this browser so a
 * reload, or the next fight of a campaign, finds the phone still seated. A seat link (`tks_` key, made
 * by the GM for one character) is its own seat.
 */
import { readStored, writeStored } from '../shared/local-storage.ts';

const STORE = 'turnkeeper.seat-keys.v1';

export const isSeatKey = (key: string): boolean => key.startsWith('tks_');

/** The seat key kept for this link, if any. */
export function seatKeyFor(scope: string): string | null {
  const k = readStored<unknown>(STORE)[scope];
  return typeof k === 'string' && isSeatKey(k) ? k : null;
}

export function keepSeatKey(scope: string, key: string): void {
  writeStored(STORE, { ...readStored<unknown>(STORE), [scope]: key });
}

export function forgetSeatKey(scope: string): void {
  const all = readStored<unknown>(STORE);
  delete all[scope];
  writeStored(STORE, all);
}
