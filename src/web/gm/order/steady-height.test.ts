import { expect, test } from 'vitest';
import { steadyHeight } from './steady-height.ts';

test('a panel keeps the tallest height it has had', () => {
  expect(steadyHeight(0, 300)).toEqual({ tallest: 300, least: 300 });
  expect(steadyHeight(300, 200)).toEqual({ tallest: 300, least: 300 });
  expect(steadyHeight(300, 420)).toEqual({ tallest: 420, least: 420 });
});

test('up to its cap: past it, a shorter content lets the panel shrink back to the cap', () => {
  expect(steadyHeight(0, 500, 240)).toEqual({ tallest: 500, least: 240 });
  expect(steadyHeight(500, 150, 240)).toEqual({ tallest: 500, least: 240 });
  expect(steadyHeight(0, 150, 240)).toEqual({ tallest: 150, least: 150 });
});
