import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withThousands } from './digits.ts';

describe('numbers in messages', () => {
  it('group thousands with commas, as en-US does', () => {
    expect(withThousands(0)).toBe('0');
    expect(withThousands(999)).toBe('999');
    expect(withThousands(1000)).toBe('1,000');
    expect(withThousands(1_000_000)).toBe('1,000,000');
    expect(withThousands(-12345)).toBe('-12,345');
  });

  it('read exactly as toLocaleString("en-US") for every safe whole number', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => withThousands(n) === n.toLocaleString('en-US')));
  });

  it('leave other numbers as JavaScript writes them', () => {
    expect(withThousands(1.5)).toBe('1.5');
    expect(withThousands(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});
