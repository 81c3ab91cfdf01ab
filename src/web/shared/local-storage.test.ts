import { afterEach, describe, expect, it } from 'vitest';
import { readStored, writeStored } from './local-storage.ts';

/** A Storage that holds strings, and refuses writes once `full`. */
function fakeStorage(full = false): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (full) throw new Error('QuotaExceededError');
      m.set(k, v);
    },
    removeItem: (k: string) => void m.delete(k),
    clear: () => m.clear(),
    key: () => null,
    get length() {
      return m.size;
    },
  };
}

const g = globalThis as { localStorage?: Storage };
afterEach(() => {
  delete g.localStorage;
});

describe('records kept in the browser', () => {
  it('read back what was written', () => {
    g.localStorage = fakeStorage();
    expect(writeStored('k', { a: { x: 1 } })).toBe(true);
    expect(readStored<{ x: number }>('k')).toEqual({ a: { x: 1 } });
  });

  it('read as empty when missing, unreadable or not an object, and say when a write failed', () => {
    expect(readStored('k')).toEqual({});
    expect(writeStored('k', {})).toBe(false);
    g.localStorage = fakeStorage();
    for (const bad of ['{oops', '[1,2]', '"text"', 'null']) {
      g.localStorage.setItem('k', bad);
      expect(readStored('k'), bad).toEqual({});
    }
    g.localStorage = fakeStorage(true);
    expect(writeStored('k', { a: 1 })).toBe(false);
  });
});
