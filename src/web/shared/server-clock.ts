/**
 * The server's clock as this page reckons it. The turn timer counts from times the server's clock gave
 * (`turn-timed`), and this device's clock may be off by seconds or minutes: every live message that
 * carries the server's `now` gives the offset, and the page keeps the largest of the last few (a message
 * is late by its trip, never early, so the largest is the closest).
 */
const KEEP = 8;
const offsets: number[] = [];

/** Takes in the server's `now` from a message just received (ignored when absent or not a number). */
export function noteServerNow(now: unknown, local: number = Date.now()): void {
  if (typeof now !== 'number' || !Number.isFinite(now)) return;
  offsets.push(now - local);
  if (offsets.length > KEEP) offsets.shift();
}

/** The server's time now, as well as this page can tell (the page's own clock until a message told it). */
export function serverNow(local: number = Date.now()): number {
  return local + (offsets.length > 0 ? Math.max(...offsets) : 0);
}

/** For tests: forget what messages said. */
export function resetServerClock(): void {
  offsets.length = 0;
}
