import { describe, expect, it } from 'vitest';
import { cached, loadFold, loadGame } from './index.ts';

describe("loading a game's rules", () => {
  it('loads each game once, and tries again after a failed load', async () => {
    const cache = new Map<string, Promise<string>>();
    let calls = 0;
    const flaky = () => (++calls === 1 ? Promise.reject(new Error('network error')) : Promise.resolve(`rules ${calls}`));
    await expect(cached(cache, 'swn', flaky)).rejects.toThrow('network error');
    await expect(cached(cache, 'swn', flaky)).resolves.toBe('rules 2');
    await expect(cached(cache, 'swn', flaky)).resolves.toBe('rules 2');
    expect(calls).toBe(2);
  });

  it('says so for a game it does not know', async () => {
    await expect(loadGame('chess')).rejects.toThrow('There are no "chess" rules.');
    await expect(loadFold('chess')).rejects.toThrow('There are no "chess" rules.');
  });

  it("the fold half and the whole module of a game are the same game; the whole one comes with its engine", async () => {
    const [fold, whole] = await Promise.all([loadFold('kuro'), loadGame('kuro')]);
    expect(fold.fold.id).toBe('kuro');
    expect(whole.module.evolve).toBe(fold.fold.evolve);
    expect(whole.engine.modules.get('kuro')).toBe(whole.module);
    expect(await loadGame('kuro')).toBe(whole);
  });
});
