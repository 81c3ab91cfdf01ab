import { describe, expect, it } from 'vitest';
import { push, pushBounded } from './stack.ts';
import type { Stack } from './stack.ts';

const items = <T>(s: Stack<T>): T[] => {
  const out: T[] = [];
  for (let x = s; x; x = x.rest) out.push(x.top);
  return out;
};

describe('persistent stacks', () => {
  it('push shares the tail and counts', () => {
    const a = push(push(null, 1), 2);
    const b = push(a, 3);
    expect(items(b)).toEqual([3, 2, 1]);
    expect(items(a)).toEqual([2, 1]);
    expect(b!.rest).toBe(a);
    expect(b!.size).toBe(3);
  });
  it('a bounded stack keeps at least the limit and never more than twice it, newest first', () => {
    let s: Stack<number> = null;
    for (let i = 1; i <= 1000; i++) {
      s = pushBounded(s, i, 10);
      expect(s!.size).toBeLessThanOrEqual(20);
      expect(s!.size).toBeGreaterThanOrEqual(Math.min(i, 10));
    }
    expect(items(s).slice(0, 10)).toEqual([1000, 999, 998, 997, 996, 995, 994, 993, 992, 991]);
  });
});
