import { describe, expect, it } from 'vitest';
import type { Combatant } from '../../../core/index.ts';
import { addCommandOf, deleteParty, loadParties, memberOf, parseCount, saveParty } from './parties.ts';

class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
}

describe('quick add counts', () => {
  it('reads "4 x Thug" and its variants', () => {
    expect(parseCount('4 x Thug')).toEqual({ count: 4, name: 'Thug' });
    expect(parseCount('4x Thug')).toEqual({ count: 4, name: 'Thug' });
    expect(parseCount('Thug x4')).toEqual({ count: 4, name: 'Thug' });
    expect(parseCount('3 × Orc archer')).toEqual({ count: 3, name: 'Orc archer' });
    expect(parseCount('  Vasquez ')).toEqual({ count: 1, name: 'Vasquez' });
    expect(parseCount('X-Wing')).toEqual({ count: 1, name: 'X-Wing' });
  });
});

describe('saved parties', () => {
  const c: Combatant = {
    id: 'c1',
    name: 'Vasquez',
    side: 'crew',
    kind: 'pc',
    hidden: false,
    defeated: false,
    stats: { hp: 12, ac: 14 },
    tracks: { hp: { value: 3, max: 12 } },
    conditions: [],
    notes: 'pilot',
    gmNotes: 'secret',
  };

  it('keeps the sheet, not the wounds or the GM notes', () => {
    const m = memberOf(c, 'Crew');
    expect(m).toEqual({ name: 'Vasquez', side: 'Crew', kind: 'pc', stats: { hp: 12, ac: 14 }, notes: 'pilot' });
    expect(addCommandOf(m)).toEqual({ type: 'add-combatant', name: 'Vasquez', side: 'Crew', kind: 'pc', stats: { hp: 12, ac: 14 }, notes: 'pilot' });
    // A game whose HP is not a stat keeps the track's maximum.
    expect(memberOf({ ...c, stats: {} }, 'Crew').hp).toBe(12);
  });

  it('saves, lists per game, replaces by name and forgets', () => {
    const s = new MemoryStorage();
    const party = { name: 'Crew', rules: 'swn', members: [memberOf(c, 'Crew')], savedAt: '2025-01-01' };
    saveParty(party, s);
    saveParty({ ...party, rules: 'cwn' }, s);
    saveParty({ ...party, members: [] }, s);
    expect(loadParties('swn', s)).toEqual([{ ...party, members: [] }]);
    expect(loadParties(undefined, s)).toHaveLength(2);
    deleteParty('Crew', 'swn', s);
    expect(loadParties('swn', s)).toEqual([]);
    s.setItem('turnkeeper.parties.v1', 'not json');
    expect(loadParties('swn', s)).toEqual([]);
  });
});
