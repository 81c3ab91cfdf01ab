import { describe, expect, it } from 'vitest';
import { annotate, makeSlot } from './slots.ts';
import type { SnSlot } from './state.ts';

const slot = (label: string, initiative: number, extra: Partial<SnSlot> = {}): SnSlot =>
  makeSlot({ key: label, kind: 'actor', members: [label], initiative, tier: 0, pc: false, dex: 0, rollOffs: [], label, ...extra });

describe('sine-nomine slots: each tie says what decided it (players ask "why is he first?")', () => {
  it('PCs, then the Dex modifier, then the roll-off, then the order of joining', () => {
    const slots = annotate([
      slot('Vasquez', 6, { pc: true, dex: 2 }),
      slot('Lee', 6, { pc: true, dex: 0, rollOffs: [7] }),
      slot('Kade', 6, { pc: true, dex: 0, rollOffs: [3] }),
      slot('Pirate', 6, { rollOffs: [] }),
      slot('Pirate 2', 6),
      slot('Goblin', 2),
    ]);
    expect(slots.map((s) => s.tieBreak)).toEqual([
      undefined,
      'tied with Vasquez: higher Dex modifier (+2 vs +0)',
      'tied with Lee: roll-off 7 vs 3',
      'tied with Kade: PCs win ties',
      'tied with Pirate: in the order they joined',
      undefined,
    ]);
  });

  it('automatic initiative, and a slot the GM put against its numbers', () => {
    const slots = annotate([slot('Boss', 4, { tier: 1 }), slot('Crew', 4, { pc: true }), slot('Razors', 3), slot('Cops', 5)]);
    expect(slots.map((s) => s.tieBreak)).toEqual([undefined, 'tied with Boss: automatic initiative acts first', undefined, 'after Razors: placed by the GM']);
  });

  it('the sort key is tier, total, PC, Dex modifier, roll-offs', () => {
    expect(slot('Lee', 6, { pc: true, dex: 1, rollOffs: [4, 2], tier: 1 }).sortKey).toEqual([1, 6, 1, 1, 4, 2]);
  });
});
