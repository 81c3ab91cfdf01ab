import { describe, expect, it } from 'vitest';
import {
  choicesKey,
  choicesOf,
  loadChoices,
  loadMarks,
  marksIn,
  marksKey,
  marksOf,
  marksText,
  marksWords,
  offersSpendAp,
  policyOptions,
  policyText,
  saveChoices,
  saveMarks,
  withStance,
} from './forecast-stances.ts';

/** A Storage that holds strings; refuses everything once `broken`. */
function fakeStorage(broken = false): Storage & { readonly map: Map<string, string> } {
  const map = new Map<string, string>();
  const refuse = () => {
    if (broken) throw new Error('SecurityError');
  };
  return {
    map,
    getItem: (k: string) => (refuse(), map.get(k) ?? null),
    setItem: (k: string, v: string) => (refuse(), void map.set(k, v)),
    removeItem: (k: string) => (refuse(), void map.delete(k)),
    clear: () => map.clear(),
    key: () => null,
    get length() {
      return map.size;
    },
  };
}

const roster = [
  { id: 'c1', name: 'Vasquez' },
  { id: 'c2', name: 'Kade' },
  { id: 'c3', name: 'Raider 2' },
];

describe('forecast stances', () => {
  it('are kept per encounter, under a versioned key, and read back', () => {
    const s = fakeStorage();
    saveMarks('enc-1', { c1: 'flee', c3: 'hold' }, s);
    expect(s.map.get('turnkeeper.forecast-stances.v1:enc-1')).toBe('{"c1":"flee","c3":"hold"}');
    expect(loadMarks('enc-1', s)).toEqual({ c1: 'flee', c3: 'hold' });
    expect(loadMarks('enc-2', s)).toEqual({});
    // No marks left: the entry goes.
    saveMarks('enc-1', {}, s);
    expect(s.map.has(marksKey('enc-1'))).toBe(false);
  });

  it('read as none when missing, unreadable or refused, and writes that fail change nothing', () => {
    expect(loadMarks('e', null)).toEqual({});
    const s = fakeStorage();
    for (const bad of ['{oops', '[1]', '"flee"', 'null']) {
      s.setItem(marksKey('e'), bad);
      expect(loadMarks('e', s), bad).toEqual({});
    }
    s.setItem(marksKey('e'), '{"c1":"flee","c2":"fight","c3":"run","c4":7}');
    expect(loadMarks('e', s)).toEqual({ c1: 'flee' });
    expect(() => saveMarks('e', { c1: 'hold' }, fakeStorage(true))).not.toThrow();
    expect(loadMarks('e', fakeStorage(true))).toEqual({});
    expect(marksOf(undefined)).toEqual({});
  });

  it('mark and unmark one combatant, fight being no mark', () => {
    const m = withStance(withStance({}, 'c1', 'flee'), 'c3', 'hold');
    expect(m).toEqual({ c1: 'flee', c3: 'hold' });
    expect(withStance(m, 'c1', 'hold')).toEqual({ c1: 'hold', c3: 'hold' });
    expect(withStance(m, 'c1', 'fight')).toEqual({ c3: 'hold' });
    expect(m).toEqual({ c1: 'flee', c3: 'hold' });
  });

  it('drop the marks of combatants no longer in the fight', () => {
    expect(marksIn({ c1: 'flee', gone: 'hold', c3: 'hold' }, ['c3', 'c1', 'c2'])).toEqual({ c3: 'hold', c1: 'flee' });
  });

  it('give the job a stable key and the panel its words', () => {
    expect(marksText({ c3: 'hold', c1: 'flee' })).toBe(marksText({ c1: 'flee', c3: 'hold' }));
    expect(marksText({ c1: 'flee', c3: 'hold' })).toBe('c1=flee c3=hold');
    expect(marksText({})).toBe('');
    expect(marksWords({ c3: 'hold', c1: 'flee' }, roster)).toBe('Vasquez flees, Raider 2 holds back');
    expect(marksWords({}, roster)).toBe('');
  });

  it('keep the policy choice beside the marks, per encounter, and leave the marks as they were stored', () => {
    const s = fakeStorage();
    saveMarks('enc-1', { c1: 'flee' }, s);
    saveChoices('enc-1', { spendAp: true }, s);
    expect(s.map.get('turnkeeper.forecast-policy.v1:enc-1')).toBe('{"spendAp":true}');
    // The marks' stored value is the old one: a browser's marks from before still read.
    expect(s.map.get(marksKey('enc-1'))).toBe('{"c1":"flee"}');
    expect(loadMarks('enc-1', s)).toEqual({ c1: 'flee' });
    expect(loadChoices('enc-1', s)).toEqual({ spendAp: true });
    expect(loadChoices('enc-2', s)).toEqual({ spendAp: false });
    // Unticked: the entry goes (the marks stay).
    saveChoices('enc-1', { spendAp: false }, s);
    expect(s.map.has(choicesKey('enc-1'))).toBe(false);
    expect(loadMarks('enc-1', s)).toEqual({ c1: 'flee' });
  });

  it('read the policy choice as unticked when missing, unreadable or refused', () => {
    expect(loadChoices('e', null)).toEqual({ spendAp: false });
    const s = fakeStorage();
    for (const bad of ['{oops', '[true]', 'true', 'null', '{"spendAp":"yes"}', '{"spendAp":1}']) {
      s.setItem(choicesKey('e'), bad);
      expect(loadChoices('e', s), bad).toEqual({ spendAp: false });
    }
    s.setItem(choicesKey('e'), '{"spendAp":true,"other":4}');
    expect(loadChoices('e', s)).toEqual({ spendAp: true });
    expect(() => saveChoices('e', { spendAp: true }, fakeStorage(true))).not.toThrow();
    expect(loadChoices('e', fakeStorage(true))).toEqual({ spendAp: false });
    expect(choicesOf(undefined)).toEqual({ spendAp: false });
  });

  it('give the job spendAp only in a Fallout fight, only when ticked, with a stable key', () => {
    expect(offersSpendAp('fallout')).toBe(true);
    for (const other of ['swn', 'cwn', 'kuro', 'popcorn', 'custom']) {
      expect(offersSpendAp(other), other).toBe(false);
      expect(policyOptions({ spendAp: true }, other), other).toBeUndefined();
    }
    expect(policyOptions({ spendAp: true }, 'fallout')).toEqual({ spendAp: true });
    expect(policyOptions({ spendAp: false }, 'fallout')).toBeUndefined();
    expect(policyText(undefined)).toBe('');
    expect(policyText({ spendAp: true })).toBe('spendAp');
    expect(policyText({ spendAp: true, initiator: 'Nora' })).toBe('initiator="Nora" spendAp');
    expect(policyText({ spendAp: true })).not.toBe(policyText(undefined));
  });
});
