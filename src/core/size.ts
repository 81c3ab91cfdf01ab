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
