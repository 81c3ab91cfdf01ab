import { describe, expect, test } from 'vitest';
import { edgesOf, wholeLinesHeight } from './scroll-edges.ts';

describe('edgesOf', () => {
  test('a box that fits has nothing hidden', () => {
    expect(edgesOf({ scrollTop: 0, clientHeight: 200, scrollHeight: 200 })).toEqual({ above: false, below: false });
  });
  test('at the top of a longer box, more is below', () => {
    expect(edgesOf({ scrollTop: 0, clientHeight: 200, scrollHeight: 500 })).toEqual({ above: false, below: true });
  });
  test('in the middle, more both ways', () => {
    expect(edgesOf({ scrollTop: 100, clientHeight: 200, scrollHeight: 500 })).toEqual({ above: true, below: true });
  });
  test('at the end (within a pixel of rounding), more is above only', () => {
    expect(edgesOf({ scrollTop: 299.5, clientHeight: 200, scrollHeight: 500 })).toEqual({ above: true, below: false });
  });
});

describe('wholeLinesHeight', () => {
  // Lines 20 px tall, one of 40 (wrapped) at 60: tops 0, 20, 40, 60, 100, 120; 140 in all.
  const tops = [0, 20, 40, 60, 100, 120];
  test('everything fits: no height of its own', () => {
    expect(wholeLinesHeight(tops, 140, 140)).toBeNull();
    expect(wholeLinesHeight(tops, 140, 300)).toBeNull();
  });
  test('scrolled to the end, the first line in sight starts at the top', () => {
    // 90 px would show the last 10 px of the wrapped line: the height stops at 80 (from the wrapped line's top).
    expect(wholeLinesHeight(tops, 140, 90)).toBe(80);
    expect(wholeLinesHeight(tops, 140, 100)).toBe(100);
    expect(wholeLinesHeight(tops, 140, 70)).toBe(40);
  });
  test('a cap smaller than the last line: nothing better to do', () => {
    expect(wholeLinesHeight(tops, 140, 10)).toBeNull();
  });
});
