import { describe, expect, it } from 'vitest';
import { benchServer, percentile } from './server.ts';

describe('server load benchmark', () => {
  it('runs a tiny load in-process and reports rates and percentiles', async () => {
    const lines: string[] = [];
    const runs = await benchServer((l) => lines.push(l), { encounters: 3, listeners: 2, warmupMs: 100, durationMs: 400, thinkMs: 20, inWorker: false, readLoops: 2, readNotes: 300 });
    expect(runs.map((r) => r.label)).toEqual([
      'paced (each GM pauses 20 ms after every command)',
      'saturated (no pause)',
      expect.stringMatching(/^paced, while 2 loops read GET \/log of a 0\.\d MB log \(\d+ lines\) with a player key, each as fast as answered$/),
      'paced, the GMs end turns; 2 of the 2 listeners are seated phones reading "You\'re up"',
    ]);
    // Every end of turn makes the other PC up: its seated phone says so, timed from the GM's send.
    expect(runs[3]!.up!.n).toBeGreaterThan(5);
    expect(runs[3]!.up!.p99).toBeGreaterThanOrEqual(runs[3]!.up!.p50);
    expect(lines.join('\n')).toContain('"You\'re up" on the seated phone');
    expect(runs[2]!.reads!.reads).toBeGreaterThan(0);
    expect(runs[2]!.reads!.byStatus['200']).toBeGreaterThan(0);
    for (const r of runs) {
      expect(r.errors).toBe(0);
      expect(r.commands).toBeGreaterThan(5);
      expect(r.listener.p99).toBeGreaterThanOrEqual(r.listener.p50);
      expect(r.all.p50).toBeGreaterThanOrEqual(r.listener.p50);
    }
    expect(lines.join('\n')).toContain('commands/s');
  }, 20_000);

  it('computes percentiles by rank', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile(Array.from({ length: 100 }, (_, i) => i + 1), 99)).toBe(99);
    expect(Number.isNaN(percentile([], 50))).toBe(true);
  });
});
