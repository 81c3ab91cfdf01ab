/** Slicing a log held in seq order. */

/** Log lines from seq `from` on (the log is in seq order: scan back from the end). */
export function linesFrom<L extends { readonly seq: number }>(log: readonly L[], from: number): L[] {
  let i = log.length;
  while (i > 0 && log[i - 1]!.seq >= from) i--;
  return log.slice(i);
}
