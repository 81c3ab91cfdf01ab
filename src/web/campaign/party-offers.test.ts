import { describe, expect, it } from 'vitest';
import type { Party } from '../gm/setup/parties.ts';
import { addPcCommands, markOffered, partiesToOffer } from './party-offers.ts';

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

const crew: Party = {
  name: 'Crew',
  rules: 'swn',
  savedAt: '2025-01-01T00:00:00.000Z',
  members: [
    { name: 'Vasquez', side: 'Crew', kind: 'pc', stats: { hp: 12, ac: 14 }, notes: 'pilot' },
    { name: 'Kade', side: 'Crew', kind: 'pc', stats: { hp: 10 } },
  ],
};
const heroes: Party = { name: 'Heroes', rules: 'custom', savedAt: '2025-01-02T00:00:00.000Z', members: [{ name: 'Ana', side: 'Heroes', kind: 'pc', stats: {}, hp: 9 }] };
const empty: Party = { name: 'Empty', rules: 'swn', savedAt: '2025-01-03T00:00:00.000Z', members: [] };

describe('saved parties offered to a campaign', () => {
  it('offers the parties of the game, once', () => {
    const s = new MemoryStorage();
    expect(partiesToOffer([crew, heroes, empty], 'swn', s)).toEqual([crew]);
    markOffered([crew], s);
    expect(partiesToOffer([crew, heroes], 'swn', s)).toEqual([]);
    expect(partiesToOffer([crew, heroes], 'custom', s)).toEqual([heroes]);
    // Saved again (a new savedAt): offered again.
    expect(partiesToOffer([{ ...crew, savedAt: '2025-02-01T00:00:00.000Z' }], 'swn', s)).toHaveLength(1);
  });

  it('survives a damaged note', () => {
    const s = new MemoryStorage();
    s.setItem('turnkeeper.party-offers.v1', '{not json');
    expect(partiesToOffer([crew], 'swn', s)).toEqual([crew]);
    markOffered([crew], s);
    expect(partiesToOffer([crew], 'swn', s)).toEqual([]);
  });

  it('adds members as PCs on the campaign side, skipping names the party has', () => {
    expect(addPcCommands(crew, ['vasquez'])).toEqual([{ type: 'add-pc', name: 'Kade', stats: { hp: 10 } }]);
    expect(addPcCommands(crew, [])[0]).toEqual({ type: 'add-pc', name: 'Vasquez', stats: { hp: 12, ac: 14 }, notes: 'pilot' });
    expect(addPcCommands(heroes, [])).toEqual([{ type: 'add-pc', name: 'Ana', stats: {}, hp: 9 }]);
  });
});
