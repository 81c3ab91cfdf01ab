/**
 * Bounded pages of the long lists (the log, the events, the requests): at most `limit` items after
 * `after`, and `next` (the `after` of the following page) when more follow. Pages end on a whole key,
 * so the log lines of one event are never split across pages (a client resuming at `next` would skip
 * the rest of them).
 */

/** Items per page when the client does not say. */
export const PAGE_DEFAULT = 500;
/** The most a client may ask for in one page. */
export const PAGE_MAX = 2000;

export interface Page<T> {
  readonly items: T[];
  /** Pass it as `after` for the next page; absent on the last page. */
  readonly next?: number;
}

/** Index of the first item whose key is above `after` (items sorted by key). */
function firstAbove<T>(items: readonly T[], key: (item: T) => number, after: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(items[mid]!) <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The page of `items` (sorted by `key`, default `seq`) after `after`, at most `limit` long unless one key alone has more. */
export function pageAfter<T>(items: readonly T[], after: number, limit: number, key: (item: T) => number = (x) => (x as { seq: number }).seq): Page<T> {
  const start = firstAbove(items, key, after);
  let end = Math.min(items.length, start + limit);
  if (end < items.length) {
    const cut = key(items[end]!);
    let back = end;
    while (back > start && key(items[back - 1]!) === cut) back--;
    if (back > start) end = back;
    else while (end < items.length && key(items[end]!) === cut) end++;
  }
  const page = items.slice(start, end);
  return end < items.length && page.length > 0 ? { items: page, next: key(page[page.length - 1]!) } : { items: page };
}
