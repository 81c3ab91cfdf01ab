import { describe, expect, it, vi } from 'vitest';
import type { FoldModule, StoredEvent } from '../../../core/index.ts';
import type { FoldKit } from '../../games/index.ts';
import { firstData } from './first-data.ts';

/** The first events of a stored log, as the server keeps them (only what firstData reads matters). */
function storedLog(): StoredEvent[] {
  return [
    { seq: 1, event: { type: 'encounter-created', rules: { id: 'swn', version: 1 }, options: {}, title: 'Docks', rng: {} } },
    { seq: 2, event: { type: 'side-added', side: { id: 'pcs', name: 'PCs' } } },
  ] as unknown as StoredEvent[];
}

const kit: FoldKit = { fold: { id: 'swn' } as FoldModule };

describe('the GM screen’s first data', () => {
  it('is the early events with the rules of the game the first one names', async () => {
    const log = storedLog();
    const load = vi.fn(() => Promise.resolve(kit));
    await expect(firstData(Promise.resolve(log), 1000, load)).resolves.toEqual({ events: log, kit });
    expect(load).toHaveBeenCalledWith('swn');
  });

  it('is nothing without the first event, when the rules cannot load, or when they take too long', async () => {
    const log = storedLog();
    const load = vi.fn(() => Promise.resolve(kit));
    await expect(firstData(Promise.resolve(log.slice(1)), 1000, load)).resolves.toBeNull();
    await expect(firstData(Promise.resolve([]), 1000, load)).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
    await expect(firstData(Promise.resolve(log), 1000, () => Promise.reject(new Error('offline')))).resolves.toBeNull();
    await expect(firstData(Promise.reject(new Error('offline')), 1000, load)).resolves.toBeNull();
    vi.useFakeTimers();
    try {
      const waiting = firstData(new Promise<readonly StoredEvent[]>(() => undefined), 1500, load);
      await vi.advanceTimersByTimeAsync(1500);
      await expect(waiting).resolves.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
