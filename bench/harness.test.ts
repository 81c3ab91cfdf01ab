import { describe, expect, it } from 'vitest';
import { createRunner, formatRate, measure, median } from './harness.ts';

describe('bench harness', () => {
  it('formats rates', () => {
    expect(formatRate(5_234_000)).toBe('5.23M/s');
    expect(formatRate(456_000)).toBe('456k/s');
    expect(formatRate(12_345)).toBe('12.3k/s');
    expect(formatRate(950)).toBe('950/s');
    expect(formatRate(2.5e9)).toBe('2.50G/s');
  });

  it('takes medians', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });

  it('measures: the median of calibrated rounds', async () => {
    let calls = 0;
    const r = await measure('count', () => ++calls, { rounds: 3, minMs: 5, warmupMs: 5 });
    expect(r.name).toBe('count');
    expect(r.samples).toHaveLength(3);
    expect(r.samples.every((s) => s > 0)).toBe(true);
    expect(r.opsPerSec).toBe(median(r.samples));
    expect(calls).toBeGreaterThan(100);
    expect(createRunner(() => 1).round(2)).toBeGreaterThan(0);
  });
});
