import { describe, expect, it } from 'vitest';
import type { Forecast } from '../../../forecast/index.ts';
import { fights, partyLine, percent, roundsScale, roundsText, span } from './forecast-words.ts';

const p = (x: number) => ({ p: x, low: Math.max(0, x - 0.02), high: Math.min(1, x + 0.02) });
const forecast = (pcsDown: readonly number[], partyWins: number): Forecast =>
  ({
    ok: true,
    rules: 'swn',
    runs: 2000,
    seed: 'e@3',
    roundCap: 50,
    undecided: { ...p(0), runs: 0, why: {} },
    draw: p(0),
    rounds: { mean: 3.24, low: 3.1, high: 3.4, n: 2000 },
    sides: [
      { id: 'party', name: 'Party', wins: Math.round(partyWins * 2000), ...p(partyWins) },
      { id: 'foes', name: 'Foes', wins: Math.round((1 - partyWins) * 2000), ...p(1 - partyWins) },
    ],
    combatants: [
      ...pcsDown.map((d, i) => ({ id: `c${i + 1}`, name: ['Vasquez', 'Kade'][i]!, side: 'party', kind: 'pc' as const, down: p(d) })),
      { id: 'c9', name: 'Raider', side: 'foes', kind: 'npc' as const, down: p(0.9) },
    ],
    policy: 'Everyone trades their best blow.',
    notes: [],
  }) as Forecast;

describe('forecast words', () => {
  it('says shares as whole percentages, never a rare outcome as none', () => {
    expect([0, 0.004, 0.5, 0.916, 0.996, 1].map(percent)).toEqual(['0%', '<1%', '50%', '92%', '>99%', '100%']);
    expect(span({ low: 0.881, high: 0.952 })).toBe('88–95%');
    expect(fights(2000)).toBe('2,000 fights');
    expect(roundsText(3.24)).toBe('3.2');
    expect(roundsText(3)).toBe('3.0');
  });

  it('gives the New fight line: the party’s chance, and the PC most likely to go down', () => {
    expect(partyLine(forecast([0.12, 0.31], 0.92), '3 × Raider')).toBe('3 × Raider: the party wins 92%, Kade goes down 31%');
    expect(partyLine(forecast([0, 0], 1), '1 × Rat')).toBe('1 × Rat: the party wins 100%, nobody in the party goes down');
  });

  it('scales the rounds chart past the interval', () => {
    expect(roundsScale(3.4)).toBe(5);
    expect(roundsScale(7.2)).toBe(9);
  });
});
