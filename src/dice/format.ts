/**
 * One-line rendering of a roll:
 *   '1d20+3: [14] + 3 = 17'
 *   '4d6kh3: [6, 4, 3, (1)] = 13'                  dropped dice in parentheses
 *   '2d20<=12cs<=1: [1*, 15] = 2 successes'        '*' marks a crit
 *   '1d6!: [6!, 2] = 8'                            '!' marks a die that exploded
 *   '4dC: [1:effect, 2, 0, 1:effect] = 4 (effect: 2)'
 * Dice show their value (what they count for) with their tags; tag counts over kept dice follow the
 * total (crits are already visible as '*').
 */
import { parseCached } from './expr.ts';
import { rollNotation } from './stored-notation.ts';
import type { DieRoll, RollResult } from './types.ts';

function die(d: DieRoll): string {
  let s = String(d.value);
  let crit = false;
  if (d.tags) {
    for (const t of d.tags) {
      if (t === 'crit') crit = true;
      else s += ':' + t;
    }
  }
  if (crit) s += '*';
  if (d.exploded) s += '!';
  return d.kept ? s : `(${s})`;
}

function group(dice: readonly DieRoll[]): string {
  return `[${dice.map(die).join(', ')}]`;
}

/** Splits the dice of a result into one group per term; null if they do not fit the notation. */
function split(r: RollResult, notation: string): Array<{ sign: number; text: string }> | null {
  let terms;
  try {
    terms = parseCached(notation).terms;
  } catch {
    return null;
  }
  const parts: Array<{ sign: number; text: string }> = [];
  let j = 0;
  for (const t of terms) {
    if (t.kind === 'const') {
      parts.push({ sign: t.sign, text: String(t.value) });
      continue;
    }
    const start = j;
    for (let i = 0; i < t.count; i++) {
      for (;;) {
        const d = r.dice[j];
        if (!d || d.die !== t.die.name) return null;
        j++;
        if (!d.exploded) break;
      }
    }
    parts.push({ sign: t.sign, text: group(r.dice.slice(start, j)) });
  }
  return j === r.dice.length ? parts : null;
}

/** The roll in one line; a roll stored with an old spelling is shown with today's (stored-notation.ts). */
export function formatRoll(r: RollResult): string {
  const notation = rollNotation(r);
  const parts = split(r, notation);
  let body: string;
  if (parts) {
    body = parts
      .map((p, i) => (i === 0 ? (p.sign < 0 ? '-' : '') + p.text : `${p.sign < 0 ? ' - ' : ' + '}${p.text}`))
      .join('');
  } else {
    body = group(r.dice);
  }
  const successes = r.dice.some((d) => d.successes !== undefined);
  let out = `${notation}: ${body} = ${r.total}`;
  if (successes) out += r.total === 1 || r.total === -1 ? ' success' : ' successes';
  const tags = Object.entries(r.tags).filter(([t, n]) => t !== 'crit' && n > 0);
  if (tags.length) out += ` (${tags.map(([t, n]) => `${t}: ${n}`).join(', ')})`;
  return out;
}
