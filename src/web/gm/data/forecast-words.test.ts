import { describe, expect, it } from 'vitest';
import type { Forecast } from '../../../forecast/index.ts';
import { fights, partyLine, percent, roundsBars, roundsText, roundsWords, span } from './forecast-words.ts';

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
    rounds: { mean: 3.24, low: 3.1, high: 3.4, n: 2000, histogram: [] },
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

  it('makes a bar per round count, the empty ones between included', () => {
    const bars = roundsBars([
      { value: 2, runs: 30 },
      { value: 3, runs: 50 },
      { value: 5, runs: 20 },
    ]);
    expect(bars.map((b) => [b.label, b.runs, b.share])).toEqual([
      ['2', 30, 0.3],
      ['3', 50, 0.5],
      ['4', 0, 0],
      ['5', 20, 0.2],
    ]);
    expect(bars.some((b) => b.open)).toBe(false);
    expect(roundsBars([])).toEqual([]);
    expect(roundsBars([{ value: 1, runs: 7 }])).toEqual([{ from: 1, open: false, label: '1', runs: 7, share: 1 }]);
  });

  it('gathers a long tail into a last "N+" bar', () => {
    const histogram = Array.from({ length: 30 }, (_, i) => ({ value: i + 1, runs: i < 5 ? 100 : 1 }));
    const bars = roundsBars(histogram);
    expect(bars).toHaveLength(10);
    expect(bars.map((b) => b.label)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10+']);
    expect(bars.at(-1)).toMatchObject({ from: 10, open: true, runs: 21 });
    expect(bars.reduce((n, b) => n + b.runs, 0)).toBe(525);
    expect(roundsBars(histogram, 4).map((b) => b.label)).toEqual(['1', '2', '3', '4+']);
    // Exactly as many round counts as bars, none rare: no tail to gather.
    const even = Array.from({ length: 10 }, (_, i) => ({ value: i + 1, runs: 10 }));
    expect(roundsBars(even).map((b) => b.label).at(-1)).toBe('10');
  });

  it('gathers the rare last rounds, after 99% of the fights were over, when that gathers two or more', () => {
    const histogram = [
      { value: 1, runs: 100 },
      { value: 2, runs: 400 },
      { value: 3, runs: 300 },
      { value: 4, runs: 195 },
      { value: 6, runs: 3 },
      { value: 9, runs: 2 },
    ];
    expect(roundsBars(histogram).map((b) => `${b.label}:${b.runs}`)).toEqual(['1:100', '2:400', '3:300', '4:195', '5+:5']);
    // One round count past the 99%: drawn as it is.
    expect(roundsBars([...histogram.slice(0, 4), { value: 5, runs: 3 }]).map((b) => b.label)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('says the bars in words, a rare count never as none', () => {
    const bars = roundsBars([
      { value: 1, runs: 12 },
      { value: 2, runs: 40 },
      { value: 4, runs: 47 },
      { value: 5, runs: 1 },
    ]);
    expect(roundsWords(bars)).toBe('Rounds: 1 round 12%, 2 rounds 40%, 4 rounds 47%, 5 rounds 1%');
    expect(roundsWords(roundsBars([{ value: 3, runs: 999 }, { value: 40, runs: 1 }], 3))).toBe('Rounds: 3 rounds >99%, 4+ rounds <1%');
  });
});
