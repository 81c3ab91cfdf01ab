import { describe, expect, it } from 'vitest';
import type { Combatant } from '../../core/index.ts';
import { statsOf } from './stats.ts';

const combatant = (stats: Record<string, unknown>): Combatant =>
  ({ id: 'c1', name: 'Vasquez', kind: 'pc', side: 'pcs', tracks: {}, conditions: [], defeated: false, stats }) as unknown as Combatant;

describe('statsOf: read once per stats object', () => {
  it('gives the same reading for the same stats object, and a fresh one for new stats', () => {
    const c = combatant({ ac: 14, dexMod: 1, weapons: [] });
    const first = statsOf(c);
    expect(statsOf(c)).toBe(first);
    // Another combatant object with the same stats (a new HP, say) shares the reading.
    expect(statsOf({ ...c, defeated: true })).toBe(first);
    // Changed stats (the engine's combatant-updated makes a new object) are read afresh.
    const changed = statsOf({ ...c, stats: { ...c.stats, ac: 16, dexMod: 2 } });
    expect(changed).not.toBe(first);
    expect([changed.ac, changed.mods.dex, first.ac, first.mods.dex]).toEqual([16, 2, 14, 1]);
  });

  it('reads what it read before the cache: defaults for missing keys', () => {
    const s = statsOf(combatant({}));
    expect(s).toEqual({
      ac: 10,
      attackBonus: 0,
      mods: { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 },
      skills: {},
      weapons: [],
      vigilant: false,
      autoInitiative: false,
      surpriseImmune: false,
    });
  });
});
