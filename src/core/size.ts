import type { EngineEvent } from './events.ts';
import { reject } from './rejection.ts';
import type { Decision } from './rejection.ts';

/**
 * The most one decision's events may take, as JSON (UTF-8 bytes). The largest real decisions are
 * 50 combatants added at once with full sheets, or a new round re-rolling 500 combatants' initiative
 * (Kuro): a few hundred kB at the very most. Above this, something is wrong with the input.
 */
export const MAX_DECISION_BYTES = 1024 * 1024;

/** A `command/too-large` rejection if the events are over the limit, else null. */
export function checkDecisionSize(type: string, events: readonly EngineEvent[]): Decision<never> | null {
  const bytes = utf8Length(JSON.stringify(events));
  if (bytes <= MAX_DECISION_BYTES) return null;
  const kb = (n: number): string => `${Math.ceil(n / 1024).toLocaleString('en-US')} kB`;
  return reject(
    'command/too-large',
    `${type}: this would record ${kb(bytes)} of events, and one command may record at most ${kb(MAX_DECISION_BYTES)}. Roll fewer dice, add fewer combatants at once, or shorten their notes.`,
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
