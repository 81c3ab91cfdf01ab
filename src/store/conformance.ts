/**
 * The conformance suite every event-store adapter runs (memory, SQLite, PostgreSQL): the same
 * behaviour, the same errors. `factory` returns a fresh, empty store; `reopen`, when the adapter
 * persists, opens the same storage again after `close`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../core/index.ts';
import { runCampaignImportConformance } from './conformance-campaign-import.ts';
import { runCampaignConformance } from './conformance-campaigns.ts';
import { runPortraitConformance } from './conformance-portraits.ts';
import { runSeatConformance } from './conformance-seats.ts';
import { AT, encounterRecord, events } from './conformance-fixtures.ts';
import { isEncounterExists, isEncounterLimit, isEncounterNotFound, isVersionConflict } from './event-store.ts';
import type { EventStore } from './event-store.ts';

export { encounterRecord, events } from './conformance-fixtures.ts';

export interface StoreHarness {
  readonly store: EventStore;
  /** Close this store and open the same storage again (persistent adapters only). */
  readonly reopen?: () => Promise<EventStore>;
  /** A second connection to the same storage, used at the same time (persistent adapters only). */
  readonly another?: () => Promise<EventStore>;
  readonly cleanup?: () => Promise<void>;
}

export function runEventStoreConformance(name: string, factory: () => Promise<StoreHarness>): void {
  describe(`event store conformance: ${name}`, () => {
    let harness: StoreHarness | undefined;
    let store: EventStore;
    const open = async (): Promise<EventStore> => {
      harness = await factory();
      store = harness.store;
      return store;
    };
    afterEach(async () => {
      await store?.close();
      await harness?.cleanup?.();
      harness = undefined;
    });

    it('creates an encounter with its first events and reads it back', async () => {
      await open();
      const created = await store.createEncounter(encounterRecord('e1'), events(1, 3), AT);
      expect(created).toMatchObject({ id: 'e1', title: 'Fight e1', rules: 'custom', archived: false, version: 3, settings: { npcHp: 'bands' } });
      expect(await store.getEncounter('e1')).toEqual(created);
      expect(await store.readEvents('e1')).toEqual(events(1, 3));
      expect(await store.getEncounter('nope')).toBeUndefined();
      expect(await store.readEvents('nope')).toEqual([]);
    });

    it('refuses a second encounter with the same id', async () => {
      await open();
      await store.createEncounter(encounterRecord('e1'), events(1, 1), AT);
      const e = await store.createEncounter(encounterRecord('e1'), events(1, 1), AT).catch((x: unknown) => x);
      expect(isEncounterExists(e)).toBe(true);
      expect((await store.listEncounters()).length).toBe(1);
    });

    it('refuses an encounter beyond the cap in the same transaction, writing nothing', async () => {
      await open();
      const cap = { maxEncounters: 2 };
      await store.createEncounter(encounterRecord('e1'), events(1, 1), AT, cap);
      await store.createEncounter(encounterRecord('e2'), [], AT, cap);
      const e = await store.createEncounter(encounterRecord('e3'), events(1, 2), AT, cap).catch((x: unknown) => x);
      expect(isEncounterLimit(e)).toBe(true);
      expect(e).toMatchObject({ code: 'store/too-many-encounters', limit: 2 });
      expect(await store.countEncounters()).toBe(2);
      expect(await store.getEncounter('e3')).toBeUndefined();
      expect(await store.readEvents('e3')).toEqual([]);
      // Without a cap, or with a higher one, it goes in.
      await store.createEncounter(encounterRecord('e3'), events(1, 2), AT, { maxEncounters: 3 });
      await store.createEncounter(encounterRecord('e4'), [], AT);
      expect(await store.countEncounters()).toBe(4);
    });

    it('never passes the cap under concurrent creates (on two connections where the adapter has them)', async () => {
      await open();
      const stores = [store, ...(harness?.another ? [await harness.another()] : [])];
      try {
        for (let i = 0; i < 20; i++) await store.createEncounter(encounterRecord(`seed${i}`), [], AT);
        const cap = { maxEncounters: 50 };
        const results = await Promise.allSettled(
          Array.from({ length: 120 }, (_, i) => stores[i % stores.length]!.createEncounter(encounterRecord(`r${i}`), events(1, 2), AT, cap)),
        );
        const refused = results.filter((r) => r.status === 'rejected');
        expect(refused.every((r) => isEncounterLimit((r as PromiseRejectedResult).reason))).toBe(true);
        expect(results.length - refused.length).toBe(30);
        expect(await store.countEncounters()).toBe(50);
      } finally {
        for (const s of stores.slice(1)) await s.close();
      }
    });

    it('lists encounters oldest first and counts them', async () => {
      await open();
      await store.createEncounter(encounterRecord('b', { createdAt: '2026-01-01T00:00:00.000Z' }), [], AT);
      await store.createEncounter(encounterRecord('a', { createdAt: '2026-01-03T00:00:00.000Z' }), [], AT);
      await store.createEncounter(encounterRecord('c', { createdAt: '2026-01-02T00:00:00.000Z' }), [], AT);
      expect((await store.listEncounters()).map((e) => e.id)).toEqual(['b', 'c', 'a']);
      expect(await store.countEncounters()).toBe(3);
    });

    it('appends with the expected version and reads ranges in order', async () => {
      await open();
      await store.createEncounter(encounterRecord('e1'), events(1, 2), AT);
      expect(await store.append('e1', 2, events(3, 3, 2), AT)).toEqual({ version: 5 });
      expect(await store.append('e1', 5, [], AT)).toEqual({ version: 5 });
      expect((await store.getEncounter('e1'))?.version).toBe(5);
      expect((await store.readEvents('e1')).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
      expect((await store.readEvents('e1', 3)).map((e) => e.seq)).toEqual([4, 5]);
      expect((await store.readEvents('e1', 1, 3)).map((e) => e.seq)).toEqual([2, 3]);
      expect(await store.readEvents('e1', 5)).toEqual([]);
    });

    it('reports a stale expected version as a conflict and writes nothing', async () => {
      await open();
      await store.createEncounter(encounterRecord('e1'), events(1, 2), AT);
      for (const stale of [0, 1, 3, 9]) {
        const e = await store.append('e1', stale, events(stale + 1, 2), AT).catch((x: unknown) => x);
        expect(isVersionConflict(e)).toBe(true);
        expect(e).toMatchObject({ code: 'store/version-conflict', encounterId: 'e1', expectedVersion: stale, actualVersion: 2 });
      }
      expect(await store.readEvents('e1')).toEqual(events(1, 2));
      expect((await store.getEncounter('e1'))?.version).toBe(2);
    });

    it('lets exactly one of two appends with the same expected version win', async () => {
      await open();
      await store.createEncounter(encounterRecord('e1'), events(1, 1), AT);
      const a = events(2, 2, 2);
      const b = events(2, 3, 3);
      const results = await Promise.allSettled([store.append('e1', 1, a, AT), store.append('e1', 1, b, AT)]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won.length).toBe(1);
      expect(lost.length).toBe(1);
      expect(isVersionConflict((lost[0] as PromiseRejectedResult).reason)).toBe(true);
      const stored = await store.readEvents('e1');
      expect(stored.slice(1)).toEqual(results[0]!.status === 'fulfilled' ? a : b);
    });

    it('refuses misnumbered events and appends to unknown encounters, writing nothing', async () => {
      await open();
      await store.createEncounter(encounterRecord('e1'), events(1, 1), AT);
      await expect(store.append('e1', 1, events(3, 1), AT)).rejects.toMatchObject({ code: 'store/bad-sequence' });
      await expect(store.append('e1', 1, [...events(2, 1), ...events(2, 1)], AT)).rejects.toMatchObject({ code: 'store/bad-sequence' });
      await expect(store.append('e1', -1, events(0, 1), AT)).rejects.toMatchObject({ code: 'store/bad-version' });
      const e = await store.append('ghost', 0, events(1, 1), AT).catch((x: unknown) => x);
      expect(isEncounterNotFound(e)).toBe(true);
      expect(await store.readEvents('e1')).toEqual(events(1, 1));
      expect(await store.getEncounter('ghost')).toBeUndefined();
    });

    it('keeps event JSON exactly', async () => {
      await open();
      const odd: StoredEvent[] = [
        { seq: 1, cmd: 1, event: { type: 'x/nested', deep: { list: [1, 2.5, -3, null, true], s: '\u0000\n\t"\\' }, big: 2 ** 52 } },
      ];
      await store.createEncounter(encounterRecord('e1'), odd, AT);
      expect(await store.readEvents('e1')).toEqual(odd);
    });

    it('updates the archived flag, settings, title and key hashes', async () => {
      await open();
      await store.createEncounter(encounterRecord('e1'), events(1, 1), AT);
      const u = await store.updateEncounter('e1', { archived: true, settings: { npcHp: 'hidden', nested: { a: [1] } }, title: 'Renamed' });
      expect(u).toMatchObject({ archived: true, settings: { npcHp: 'hidden', nested: { a: [1] } }, title: 'Renamed', version: 1 });
      const k = await store.updateEncounter('e1', { playerKeyHash: 'c'.repeat(64) });
      expect(k).toMatchObject({ playerKeyHash: 'c'.repeat(64), gmKeyHash: 'a'.repeat(64), archived: true });
      expect(await store.updateEncounter('nope', { archived: true })).toBeUndefined();
    });

    it('deletes an encounter with its events and requests', async () => {
      await open();
      await store.createEncounter(encounterRecord('e1'), events(1, 2), AT);
      await store.createEncounter(encounterRecord('e2'), events(1, 1), AT);
      await store.addRequest({ encounterId: 'e1', kind: 'end-turn', combatant: 'c1', command: { type: 'end-turn' }, createdAt: AT });
      expect(await store.deleteEncounter('e1')).toBe(true);
      expect(await store.deleteEncounter('e1')).toBe(false);
      expect(await store.getEncounter('e1')).toBeUndefined();
      expect(await store.readEvents('e1')).toEqual([]);
      expect(await store.listRequests('e1')).toEqual([]);
      expect(isEncounterNotFound(await store.append('e1', 2, events(3, 1), AT).catch((x: unknown) => x))).toBe(true);
      expect(await store.readEvents('e2')).toEqual(events(1, 1));
      // A new encounter may reuse the id and starts from scratch.
      await store.createEncounter(encounterRecord('e1'), [], AT);
      expect((await store.getEncounter('e1'))?.version).toBe(0);
    });

    it('numbers requests per encounter and resolves each once', async () => {
      await open();
      await store.createEncounter(encounterRecord('e1'), [], AT);
      await store.createEncounter(encounterRecord('e2'), [], AT);
      const base = { kind: 'initiative', combatant: 'c1', command: { type: 'roll-initiative', combatants: ['c1'] }, createdAt: AT };
      const r1 = await store.addRequest({ ...base, encounterId: 'e1' });
      const r2 = await store.addRequest({ ...base, encounterId: 'e1' });
      const other = await store.addRequest({ ...base, encounterId: 'e2' });
      expect([r1.id, r2.id, other.id]).toEqual([1, 2, 1]);
      expect(r1).toMatchObject({ status: 'pending', resolvedAt: null, result: null, command: base.command });
      const accepted = await store.resolveRequest('e1', 1, 'accepted', { version: 7 }, AT);
      expect(accepted).toMatchObject({ id: 1, status: 'accepted', result: { version: 7 }, resolvedAt: AT });
      expect(await store.resolveRequest('e1', 1, 'rejected', { reason: 'late' }, AT)).toBeUndefined();
      expect(await store.resolveRequest('e1', 99, 'rejected', {}, AT)).toBeUndefined();
      expect((await store.listRequests('e1', 'pending')).map((r) => r.id)).toEqual([2]);
      expect((await store.listRequests('e1')).map((r) => r.status)).toEqual(['accepted', 'pending']);
      expect(isEncounterNotFound(await store.addRequest({ ...base, encounterId: 'ghost' }).catch((x: unknown) => x))).toBe(true);
    });

    it('resolves an accepted request in the same transaction as its events', async () => {
      await open();
      await store.createEncounter(encounterRecord('e1'), events(1, 1), AT);
      const base = { encounterId: 'e1', kind: 'end-turn', combatant: 'c1', command: { type: 'end-turn' }, createdAt: AT };
      const r = await store.addRequest(base);
      await store.append('e1', 1, events(2, 2, 2), AT, { resolveRequest: { id: r.id, result: { version: 3 } } });
      expect((await store.listRequests('e1'))[0]).toMatchObject({ status: 'accepted', result: { version: 3 }, resolvedAt: AT });
      // Not pending any more: the append is refused whole.
      await expect(store.append('e1', 3, events(4, 1, 3), AT, { resolveRequest: { id: r.id, result: {} } })).rejects.toMatchObject({
        code: 'store/request-not-pending',
      });
      await expect(store.append('e1', 3, events(4, 1, 3), AT, { resolveRequest: { id: 42, result: {} } })).rejects.toMatchObject({
        code: 'store/request-not-pending',
      });
      expect((await store.getEncounter('e1'))?.version).toBe(3);
      expect((await store.readEvents('e1')).length).toBe(3);
      // A conflict leaves the request pending.
      const r2 = await store.addRequest(base);
      expect(isVersionConflict(await store.append('e1', 1, events(2, 1), AT, { resolveRequest: { id: r2.id, result: {} } }).catch((x: unknown) => x))).toBe(true);
      expect((await store.listRequests('e1', 'pending')).map((x) => x.id)).toEqual([r2.id]);
    });

    it('keeps everything across a reopen (persistent adapters)', async () => {
      await open();
      if (!harness?.reopen) return;
      await store.createEncounter(encounterRecord('e1'), events(1, 2), AT);
      await store.append('e1', 2, events(3, 2, 2), AT);
      await store.addRequest({ encounterId: 'e1', kind: 'end-turn', combatant: 'c1', command: { type: 'end-turn' }, createdAt: AT });
      store = await harness.reopen();
      expect((await store.getEncounter('e1'))?.version).toBe(4);
      expect(await store.readEvents('e1')).toEqual([...events(1, 2), ...events(3, 2, 2)]);
      expect((await store.listRequests('e1')).length).toBe(1);
      expect(await store.append('e1', 4, events(5, 1, 3), AT)).toEqual({ version: 5 });
    });

    const campaignContext = {
      open,
      reopen: async () => {
        if (!harness?.reopen) return undefined;
        store = await harness.reopen();
        return store;
      },
      another: async () => (harness?.another ? harness.another() : undefined),
    };
    runCampaignConformance(campaignContext);
    runCampaignImportConformance(campaignContext);
    runSeatConformance(campaignContext);
    runPortraitConformance(campaignContext);
  });
}
