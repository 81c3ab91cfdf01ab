import { describe, expect, it } from 'vitest';
import type { Condition } from '../../../core/index.ts';
import { leftInWords, roundsLeft, suggestedInWords } from './condition-words.ts';
import { forgetCondition, gameListBeside, loadSavedConditions, SAVED_LIMIT, saveCondition } from './saved-conditions.ts';

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

describe("the GM's saved conditions (issue 21: a custom condition saved is offered next time)", () => {
  it('are kept per game, newest first, with their default duration, and come back from storage', () => {
    const s = new MemoryStorage();
    saveCondition('swn', { name: 'Pinned down', lasts: { rounds: 2 } }, s);
    saveCondition('swn', { name: 'Blinded by flare' }, s);
    saveCondition('kuro', { name: 'Bleeding', lasts: 'until-removed' }, s);
    expect(loadSavedConditions('swn', s)).toEqual([{ name: 'Blinded by flare' }, { name: 'Pinned down', lasts: { rounds: 2 } }]);
    expect(loadSavedConditions('kuro', s)).toEqual([{ name: 'Bleeding', lasts: 'until-removed' }]);
    expect(loadSavedConditions('cwn', s)).toEqual([]);
  });

  it('replace one of the same name in any case, forget by name, and keep at most the limit', () => {
    const s = new MemoryStorage();
    saveCondition('swn', { name: 'Pinned down', lasts: { rounds: 2 } }, s);
    saveCondition('swn', { name: 'pinned DOWN ', lasts: 'turn-end' }, s);
    expect(loadSavedConditions('swn', s)).toEqual([{ name: 'pinned DOWN', lasts: 'turn-end' }]);
    expect(forgetCondition('swn', 'Pinned Down', s)).toEqual([]);
    for (let i = 0; i < SAVED_LIMIT + 5; i++) saveCondition('swn', { name: `C${i}` }, s);
    const all = loadSavedConditions('swn', s);
    expect(all).toHaveLength(SAVED_LIMIT);
    expect(all[0]!.name).toBe(`C${SAVED_LIMIT + 4}`);
  });

  it('leave out what they cannot read, and work without storage', () => {
    const s = new MemoryStorage();
    s.setItem('turnkeeper.conditions.v1', JSON.stringify({ swn: [{ name: 'Ok', lasts: { rounds: 0 } }, { name: '' }, 3, null, { lasts: 'until-removed' }] }));
    expect(loadSavedConditions('swn', s)).toEqual([{ name: 'Ok' }]);
    s.setItem('turnkeeper.conditions.v1', '{not json');
    expect(loadSavedConditions('swn', s)).toEqual([]);
    expect(saveCondition('swn', { name: 'Ok' }, null)).toEqual([{ name: 'Ok' }]);
  });

  it("beside the game's list: a name the GM saved is offered once, as the GM saved it", () => {
    const game = [
      { name: 'Prone', meaning: 'flat' },
      { name: 'Surprised', meaning: 'caught' },
    ];
    expect(gameListBeside(game, [{ name: 'prone', lasts: { rounds: 1 } }]).map((k) => k.name)).toEqual(['Surprised']);
  });
});

describe('a condition on the roster in words (issue 21: rounds left, not "2r")', () => {
  const stunned = (rounds: number, expiresAtRound?: number): Condition => ({ id: 'k1', name: 'Stunned', duration: { kind: 'rounds', rounds }, ...(expiresAtRound ? { expiresAtRound } : {}) });
  const names = (id: string) => ({ c1: 'Vex' })[id] ?? id;

  it('counts the rounds left from the round it ends at', () => {
    // Added in round 3 for 2 rounds: it lasts through round 4 and ends at the start of round 5.
    expect(leftInWords(stunned(2, 5), 3, names)).toBe('2 rounds left');
    expect(leftInWords(stunned(2, 5), 4, names)).toBe('1 round left');
    // Added before the fight (round 0 counts as round 1): all its rounds are left.
    expect(roundsLeft(stunned(3, 4), 0)).toBe(3);
    expect(leftInWords(stunned(1), 2, names)).toBe('1 round left');
  });

  it("says whose turn ends it, and nothing for one that lasts until removed", () => {
    expect(leftInWords({ id: 'k', name: 'Defending +1', duration: { kind: 'turn-start', of: 'c1' } }, 1, names)).toBe("until Vex's turn");
    expect(leftInWords({ id: 'k', name: 'Aiming', duration: { kind: 'turn-end', of: 'c1' } }, 1, names)).toBe("until end of Vex's turn");
    expect(leftInWords({ id: 'k', name: 'Prone', duration: { kind: 'until-removed' } }, 1, names)).toBe('');
  });

  it('words a suggested duration', () => {
    expect([suggestedInWords({ rounds: 1 }), suggestedInWords({ rounds: 3 }), suggestedInWords('until-removed'), suggestedInWords(undefined)]).toEqual(['1 round', '3 rounds', 'until removed', '']);
  });
});
