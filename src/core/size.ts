import type { EngineEvent } from './events.ts';
import { reject } from './rejection.ts';
import type { Decision } from './rejection.ts';

/**
 * The most one decision's events may take, as JSON (UTF-8 bytes). The largest legitimate decisions
 * are a new round at the 500-combatant cap: 500 Kuro combatants re-rolling 30 dice each, or 500 custom
 * combatants re-rolling with roll-offs, about 1 MB. Twice that leaves room; above it the input is wrong
 * (or 50 combatants are added at once with kilobytes of notes each: add fewer at a time). A single
 * roll is already bounded by the dice limit (100 dice, `TABLE_MAX_DICE`).
 */
export const MAX_DECISION_BYTES = 2 * 1024 * 1024;

/** A `command/too-large` rejection if the events are over the limit, else null. */
export function checkDecisionSize(type: string, events: readonly EngineEvent[]): Decision<never> | null {
  // Every decision passes here: a bound computed without building the JSON settles almost all of them.
  if (jsonBytesAtMost(events, MAX_DECISION_BYTES, 0) <= MAX_DECISION_BYTES) return null;
  const bytes = utf8Length(JSON.stringify(events));
  if (bytes <= MAX_DECISION_BYTES) return null;
  const mb = (n: number): string => `${String(Math.ceil((n / (1024 * 1024)) * 100) / 100)} MB`;
  return reject(
    'command/too-large',
    `${type}: this would record ${mb(bytes)} of events, and one command may record at most ${mb(MAX_DECISION_BYTES)}. Add fewer combatants at once, or shorten their notes and sheets.`,
    { bytes, limit: MAX_DECISION_BYTES },
  );
}

/** Bytes of `s` in UTF-8, without encoding it. */
export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 2; // a surrogate pair: 2 UTF-16 units, 4 bytes
      i++;
    } else n += 2;
  }
  return n;
}

/**
 * An upper bound of `value`'s JSON size in UTF-8 bytes (a string counts 6 bytes a character, the most
 * an escape takes), without building it; stops counting once past `limit`.
 */
function jsonBytesAtMost(value: unknown, limit: number, depth: number): number {
  if (typeof value === 'string') return 2 + 6 * value.length;
  if (typeof value !== 'object' || value === null) return 24;
  if (depth > 100) return limit + 1;
  let n = 2;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && n <= limit; i++) n += 1 + jsonBytesAtMost(value[i], limit, depth + 1);
    return n;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    n += 4 + 6 * key.length + jsonBytesAtMost((value as Record<string, unknown>)[key], limit, depth + 1);
    if (n > limit) return n;
  }
  return n;
}
