import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { forecastOfScript } from '../../forecast/index.ts';
import { ForecastThreads, partSize } from './forecast-threads.ts';

const example = (game: string): unknown => JSON.parse(readFileSync(new URL(`../../rules/${game}/examples/fight.json`, import.meta.url), 'utf8'));

describe('a forecast shared out between threads', () => {
  const pool = new ForecastThreads(2);
  afterAll(() => pool.close());

  it.each(['swn', 'fallout', 'kuro'])('%s: worker threads play parts, and the answer is exactly one thread\'s', async (game) => {
    await pool.whenReady();
    expect(pool.ready).toBe(2);
    const source = { kind: 'script', script: example(game), from: 'start' } as const;
    const shared = await pool.forecast(source, { runs: 1_500, seed: 'threads' });
    expect(pool.lastShare.helpers).toBeGreaterThan(0);
    expect(pool.lastShare.here + pool.lastShare.helpers).toBe(1_500);
    expect(shared).toEqual(forecastOfScript(example(game), { runs: 1_500, seed: 'threads' }, 'start'));
  }, 60_000);

  it('answers a problem as a value, as one thread does', async () => {
    const alone = { rules: 'custom', combatants: [{ name: 'A', kind: 'pc', hp: 3 }] };
    const answer = await pool.forecast({ kind: 'script', script: alone, from: 'end' }, { runs: 100 });
    expect(answer).toEqual(forecastOfScript(alone, { runs: 100 }));
    expect(answer.ok).toBe(false);
  });

  it('plays a worker\'s part here when the worker dies in the middle of it', async () => {
    const fragile = new ForecastThreads(1);
    await fragile.whenReady();
    const source = { kind: 'script', script: example('fallout'), from: 'start' } as const;
    const pending = fragile.forecast(source, { runs: 3_000, seed: 9 });
    // The worker has its first part now: end it (reaching inside, as a crash would).
    const helpers = (fragile as unknown as { helpers: { worker: { terminate(): Promise<number> }; parts: unknown[] }[] }).helpers;
    expect(helpers[0]!.parts.length).toBeGreaterThan(0);
    await helpers[0]!.worker.terminate();
    const f = await pending;
    expect(f).toEqual(forecastOfScript(example('fallout'), { runs: 3_000, seed: 9 }, 'start'));
    expect(fragile.lastShare.here).toBe(3_000);
    await fragile.close();
  }, 60_000);

  it('plays everything here once its workers are closed', async () => {
    const lonely = new ForecastThreads(1);
    await lonely.whenReady();
    await lonely.close();
    const source = { kind: 'script', script: example('custom'), from: 'start' } as const;
    const f = await lonely.forecast(source, { runs: 400, seed: 2 });
    expect(f).toEqual(forecastOfScript(example('custom'), { runs: 400, seed: 2 }, 'start'));
    expect(lonely.lastShare).toEqual({ here: 400, helpers: 0 });
  });

  it('stops at the time budget and says so', async () => {
    let t = 0;
    const f = await pool.forecast({ kind: 'script', script: example('custom'), from: 'start' }, { runs: 50_000, clock: () => (t += 10), timeBudgetMs: 100 });
    if (!f.ok) throw new Error(f.message);
    expect(f.runs).toBeLessThan(50_000);
    expect(f.notes.some((n) => n.startsWith(`Stopped after ${f.runs.toLocaleString('en')} runs`))).toBe(true);
  });

  it('cuts the runs in parts each thread takes several of', () => {
    expect(partSize(10_000, 2)).toBe(500);
    expect(partSize(6_000, 2)).toBe(300);
    expect(partSize(100, 2)).toBe(25);
  });
});
