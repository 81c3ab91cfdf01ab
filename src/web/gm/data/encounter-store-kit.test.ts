import { describe, expect, it, vi } from 'vitest';
import type { FoldModule, StoredEvent } from '../../../core/index.ts';
import { engine, swn } from '../../../rules/index.ts';
import { swnFold } from '../../../rules/swn/fold.ts';
import type { GameKit } from '../../games/index.ts';
import { EncounterStore } from './encounter-store.ts';
import type { Transport } from './store-transport.ts';

// The whole rules fail to load once (a dropped connection), then load.
const loadGame = vi.fn<(id: string) => Promise<GameKit>>();
vi.mock('../../games/index.ts', () => ({ loadGame: (id: string) => loadGame(id), loadFold: () => Promise.reject(new Error('not used here')) }));

const quiet: Transport = { subscribe: () => () => undefined, send: () => Promise.resolve({ ok: false, code: 'x', message: 'not sent' }), read: () => Promise.resolve(null) };

function storedLog(): StoredEvent[] {
  const created = engine.create({ rules: 'swn', seed: 3, title: 'Docks' });
  if (!created.ok) throw new Error(created.rejection.message);
  const r = engine.apply(engine.replay([]), created.events);
  const added = engine.execute(r.encounter, { type: 'add-combatant', name: 'Vasquez', kind: 'pc', stats: { hp: 12 } });
  if (!added.ok) throw new Error(added.rejection.message);
  return [...r.events, ...added.events];
}

describe('the GM store when the whole rules cannot load', () => {
  it('keeps showing the fight, says why, and loads them when asked again', async () => {
    loadGame.mockRejectedValueOnce(new Error('network error')).mockResolvedValue({ module: swn, engine } as unknown as GameKit);
    const store = new EncounterStore(quiet);
    store.prime(storedLog(), { fold: swnFold as FoldModule });
    await expect(store.wholeKit()).rejects.toThrow('network error');
    let snap = store.getSnapshot();
    expect(snap.view?.combatants.map((c) => c.name)).toEqual(['Vasquez']);
    expect(snap.kit).toBeNull();
    expect(snap.error).toMatch(/^The rules could not load \(network error\)/);
    const kit = await store.wholeKit();
    snap = store.getSnapshot();
    expect(snap.kit).toBe(kit);
    expect(snap.error).toBeNull();
    expect(loadGame).toHaveBeenCalledTimes(2);
  });
});
