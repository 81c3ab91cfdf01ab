/**
 * The campaign part of the conformance suite (run from `conformance.ts`, inside its describe, with its
 * store lifecycle): campaign streams and rows, encounters' campaign and progress.
 */
import { describe, expect, it } from 'vitest';
import { AT, campaignEvents, campaignRecord, encounterRecord, events } from './conformance-fixtures.ts';
import { INITIAL_PROGRESS, isCampaignExists, isCampaignNotFound, isVersionConflict } from './event-store.ts';
import type { EventStore } from './event-store.ts';

export interface CampaignConformanceContext {
  /** A fresh, empty store (the suite closes it after each test). */
  readonly open: () => Promise<EventStore>;
  /** Closes the store and opens the same storage again; undefined for adapters that do not persist. */
  readonly reopen: () => Promise<EventStore | undefined>;
  /** A second connection to the same storage (the test closes it); undefined where there is none. */
  readonly another: () => Promise<EventStore | undefined>;
}

const RUNNING = { status: 'running', round: 3 } as const;

/** sha256 hex strings, as the server stores them. */
const PLAYER = '1'.repeat(64);
const TV = '2'.repeat(64);
const PLAYER2 = '3'.repeat(64);
const TV2 = '4'.repeat(64);

export function runCampaignConformance(ctx: CampaignConformanceContext): void {
  describe('campaigns', () => {
    it('creates a campaign with its first events and reads it back', async () => {
      const store = await ctx.open();
      const created = await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 3), AT);
      expect(created).toEqual({ id: 'c1', title: 'Campaign c1', rules: 'swn', createdAt: AT, archived: false, version: 3, playerKeyHash: null, tvKeyHash: null });
      expect(await store.getCampaign('c1')).toEqual(created);
      expect(await store.readCampaignEvents('c1')).toEqual(campaignEvents(1, 3));
      expect(await store.createCampaign(campaignRecord('c2', { archived: true }), [], AT)).toMatchObject({ archived: true, version: 0 });
      expect(await store.getCampaign('nope')).toBeUndefined();
      expect(await store.readCampaignEvents('nope')).toEqual([]);
    });

    it('refuses a second campaign with the same id, writing nothing', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 2), AT);
      const e = await store.createCampaign(campaignRecord('c1', { title: 'Other' }), campaignEvents(1, 1), AT).catch((x: unknown) => x);
      expect(isCampaignExists(e)).toBe(true);
      expect(e).toMatchObject({ code: 'store/campaign-exists', campaignId: 'c1' });
      expect(await store.getCampaign('c1')).toMatchObject({ title: 'Campaign c1', version: 2 });
      expect(await store.readCampaignEvents('c1')).toEqual(campaignEvents(1, 2));
      await expect(store.createCampaign(campaignRecord('c2'), campaignEvents(2, 1), AT)).rejects.toMatchObject({ code: 'store/bad-sequence' });
      expect(await store.getCampaign('c2')).toBeUndefined();
    });

    it('keeps campaigns and encounters apart, even with the same id', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('x'), campaignEvents(1, 2), AT);
      await store.createEncounter(encounterRecord('x'), events(1, 1), AT);
      expect(await store.readCampaignEvents('x')).toEqual(campaignEvents(1, 2));
      expect(await store.readEvents('x')).toEqual(events(1, 1));
      expect(await store.appendCampaign('x', 2, campaignEvents(3, 1, 2), AT)).toEqual({ version: 3 });
      expect((await store.getEncounter('x'))?.version).toBe(1);
      expect(await store.countEncounters()).toBe(1);
    });

    it('appends with the expected version and reads ranges in order', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 2), AT);
      expect(await store.appendCampaign('c1', 2, campaignEvents(3, 3, 2), AT)).toEqual({ version: 5 });
      expect(await store.appendCampaign('c1', 5, [], AT)).toEqual({ version: 5 });
      expect((await store.getCampaign('c1'))?.version).toBe(5);
      expect(await store.readCampaignEvents('c1')).toEqual([...campaignEvents(1, 2), ...campaignEvents(3, 3, 2)]);
      expect((await store.readCampaignEvents('c1', 3)).map((e) => e.seq)).toEqual([4, 5]);
      expect((await store.readCampaignEvents('c1', 1, 3)).map((e) => e.seq)).toEqual([2, 3]);
      expect((await store.readCampaignEvents('c1', 0, 0)).map((e) => e.seq)).toEqual([]);
      expect(await store.readCampaignEvents('c1', 5)).toEqual([]);
    });

    it('reports a stale expected version as a conflict and writes nothing', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 2), AT);
      for (const stale of [0, 1, 3, 9]) {
        const e = await store.appendCampaign('c1', stale, campaignEvents(stale + 1, 2), AT).catch((x: unknown) => x);
        expect(isVersionConflict(e)).toBe(true);
        expect(e).toMatchObject({ code: 'store/version-conflict', encounterId: 'c1', subject: 'campaign', expectedVersion: stale, actualVersion: 2 });
        expect((e as Error).message).toMatch(/^Campaign c1 is at version 2/);
      }
      expect(await store.readCampaignEvents('c1')).toEqual(campaignEvents(1, 2));
      expect((await store.getCampaign('c1'))?.version).toBe(2);
    });

    it('refuses misnumbered events and appends to unknown campaigns, writing nothing', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 1), AT);
      await expect(store.appendCampaign('c1', 1, campaignEvents(3, 1), AT)).rejects.toMatchObject({ code: 'store/bad-sequence' });
      await expect(store.appendCampaign('c1', 1, [...campaignEvents(2, 1), ...campaignEvents(2, 1)], AT)).rejects.toMatchObject({ code: 'store/bad-sequence' });
      await expect(store.appendCampaign('c1', -1, campaignEvents(0, 1), AT)).rejects.toMatchObject({ code: 'store/bad-version' });
      const e = await store.appendCampaign('ghost', 0, campaignEvents(1, 1), AT).catch((x: unknown) => x);
      expect(isCampaignNotFound(e)).toBe(true);
      expect(e).toMatchObject({ code: 'store/campaign-not-found', campaignId: 'ghost' });
      expect(await store.readCampaignEvents('c1')).toEqual(campaignEvents(1, 1));
      expect(await store.getCampaign('ghost')).toBeUndefined();
    });

    it('lets exactly one of two appends with the same expected version win (on two connections where the adapter has them)', async () => {
      const store = await ctx.open();
      const second = (await ctx.another()) ?? store;
      try {
        await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 1), AT);
        const a = campaignEvents(2, 2, 2);
        const b = campaignEvents(2, 3, 3);
        const results = await Promise.allSettled([store.appendCampaign('c1', 1, a, AT), second.appendCampaign('c1', 1, b, AT)]);
        expect(results.filter((r) => r.status === 'fulfilled').length).toBe(1);
        const lost = results.filter((r) => r.status === 'rejected');
        expect(lost.length).toBe(1);
        expect(isVersionConflict((lost[0] as PromiseRejectedResult).reason)).toBe(true);
        expect((await store.readCampaignEvents('c1')).slice(1)).toEqual(results[0]!.status === 'fulfilled' ? a : b);
      } finally {
        if (second !== store) await second.close();
      }
    });

    it('keeps campaign event JSON exactly', async () => {
      const store = await ctx.open();
      const odd = [{ seq: 1, cmd: 1, event: { type: 'x/nested', deep: { list: [1, 2.5, -3, null, true], s: '\u0000\n\t"\\' }, big: 2 ** 52 } }];
      await store.createCampaign(campaignRecord('c1'), odd, AT);
      expect(await store.readCampaignEvents('c1')).toEqual(odd);
    });

    it('lists campaigns oldest first', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('b', { createdAt: '2026-01-01T00:00:00.000Z' }), [], AT);
      await store.createCampaign(campaignRecord('a', { createdAt: '2026-01-03T00:00:00.000Z' }), [], AT);
      await store.createCampaign(campaignRecord('c', { createdAt: '2026-01-02T00:00:00.000Z' }), [], AT);
      await store.createCampaign(campaignRecord('d', { createdAt: '2026-01-02T00:00:00.000Z' }), [], AT);
      expect((await store.listCampaigns()).map((c) => c.id)).toEqual(['b', 'c', 'd', 'a']);
      expect(await store.countEncounters()).toBe(0);
    });

    it('updates the title and the archived flag', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 1), AT);
      expect(await store.updateCampaign('c1', { archived: true })).toMatchObject({ archived: true, title: 'Campaign c1', version: 1 });
      expect(await store.updateCampaign('c1', { title: 'Renamed' })).toMatchObject({ archived: true, title: 'Renamed', version: 1 });
      expect(await store.updateCampaign('c1', {})).toMatchObject({ archived: true, title: 'Renamed' });
      expect(await store.updateCampaign('nope', { archived: true })).toBeUndefined();
      expect(await store.listCampaigns()).toEqual([await store.getCampaign('c1')]);
    });

    it('starts a campaign with no key hashes, or with those it is created with', async () => {
      const store = await ctx.open();
      expect(await store.createCampaign(campaignRecord('c1'), [], AT)).toMatchObject({ playerKeyHash: null, tvKeyHash: null });
      expect(await store.getCampaign('c1')).toMatchObject({ playerKeyHash: null, tvKeyHash: null });
      const keyed = await store.createCampaign(campaignRecord('c2', { playerKeyHash: PLAYER, tvKeyHash: null }), [], AT);
      expect(keyed).toMatchObject({ playerKeyHash: PLAYER, tvKeyHash: null });
      expect(await store.getCampaign('c2')).toEqual(keyed);
      expect((await store.listCampaigns()).map((c) => [c.id, c.playerKeyHash, c.tvKeyHash])).toEqual([
        ['c1', null, null],
        ['c2', PLAYER, null],
      ]);
    });

    it('sets one campaign key hash and leaves the other, or both, and nothing else', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 2), AT);
      await store.createCampaign(campaignRecord('c2'), [], AT);
      const player = await store.setCampaignKeys('c1', { playerKeyHash: PLAYER });
      expect(player).toEqual({ id: 'c1', title: 'Campaign c1', rules: 'swn', createdAt: AT, archived: false, version: 2, playerKeyHash: PLAYER, tvKeyHash: null });
      expect(await store.getCampaign('c1')).toEqual(player);
      expect(await store.setCampaignKeys('c1', { tvKeyHash: TV })).toMatchObject({ playerKeyHash: PLAYER, tvKeyHash: TV, version: 2 });
      expect(await store.setCampaignKeys('c1', {})).toMatchObject({ playerKeyHash: PLAYER, tvKeyHash: TV });
      const both = await store.setCampaignKeys('c1', { playerKeyHash: PLAYER2, tvKeyHash: TV2 });
      expect(both).toMatchObject({ playerKeyHash: PLAYER2, tvKeyHash: TV2, title: 'Campaign c1', archived: false, version: 2 });
      expect(await store.getCampaign('c1')).toEqual(both);
      expect(await store.listCampaigns()).toEqual([both, await store.getCampaign('c2')]);
      // Other campaigns, a title or archive change and an append leave the keys alone.
      expect(await store.getCampaign('c2')).toMatchObject({ playerKeyHash: null, tvKeyHash: null });
      expect(await store.updateCampaign('c1', { title: 'Renamed', archived: true })).toMatchObject({ playerKeyHash: PLAYER2, tvKeyHash: TV2 });
      await store.appendCampaign('c1', 2, campaignEvents(3, 1, 2), AT);
      expect(await store.getCampaign('c1')).toMatchObject({ title: 'Renamed', version: 3, playerKeyHash: PLAYER2, tvKeyHash: TV2 });
      expect(await store.readCampaignEvents('c1')).toEqual([...campaignEvents(1, 2), ...campaignEvents(3, 1, 2)]);
    });

    it('sets no key hashes for a campaign there is not', async () => {
      const store = await ctx.open();
      expect(await store.setCampaignKeys('ghost', { playerKeyHash: PLAYER, tvKeyHash: TV })).toBeUndefined();
      expect(await store.setCampaignKeys('ghost', {})).toBeUndefined();
      expect(await store.getCampaign('ghost')).toBeUndefined();
      await store.createCampaign(campaignRecord('c1'), [], AT);
      await store.deleteCampaign('c1');
      expect(await store.setCampaignKeys('c1', { tvKeyHash: TV })).toBeUndefined();
      expect(await store.listCampaigns()).toEqual([]);
    });

    it('stores an encounter campaign and progress on create, listed with it', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('c1'), [], AT);
      await store.createCampaign(campaignRecord('c2'), [], AT);
      const plain = await store.createEncounter(encounterRecord('e1', { createdAt: '2026-01-03T00:00:00.000Z' }), events(1, 1), AT);
      expect(plain).toMatchObject({ campaignId: null, progress: INITIAL_PROGRESS });
      const fight = await store.createEncounter(encounterRecord('e2', { campaignId: 'c1', progress: RUNNING }), [], AT);
      expect(fight).toMatchObject({ campaignId: 'c1', progress: RUNNING });
      await store.createEncounter(encounterRecord('e3', { campaignId: 'c2', createdAt: '2026-01-01T00:00:00.000Z' }), [], AT);
      await store.createEncounter(encounterRecord('e4', { campaignId: 'c1', createdAt: '2026-01-01T00:00:00.000Z' }), [], AT);
      expect(await store.getEncounter('e2')).toEqual(fight);
      expect((await store.listEncounters()).map((e) => [e.id, e.campaignId, e.progress.status])).toEqual([
        ['e3', 'c2', 'setup'],
        ['e4', 'c1', 'setup'],
        ['e2', 'c1', 'running'],
        ['e1', null, 'setup'],
      ]);
      expect((await store.listCampaignEncounters('c1')).map((e) => e.id)).toEqual(['e4', 'e2']);
      expect(await store.listCampaignEncounters('c1')).toContainEqual(fight);
      expect(await store.listCampaignEncounters('nope')).toEqual([]);
    });

    it('refuses an encounter of an unknown campaign or with a bad progress, writing nothing', async () => {
      const store = await ctx.open();
      const e = await store.createEncounter(encounterRecord('e1', { campaignId: 'ghost' }), events(1, 1), AT).catch((x: unknown) => x);
      expect(isCampaignNotFound(e)).toBe(true);
      expect(e).toMatchObject({ campaignId: 'ghost' });
      const bad = { status: 'paused', round: 1 } as unknown as typeof RUNNING;
      await expect(store.createEncounter(encounterRecord('e1', { progress: bad }), [], AT)).rejects.toMatchObject({ code: 'store/bad-progress' });
      await expect(store.createEncounter(encounterRecord('e1', { progress: { status: 'running', round: -1 } }), [], AT)).rejects.toMatchObject({ code: 'store/bad-progress' });
      expect(await store.getEncounter('e1')).toBeUndefined();
      expect(await store.readEvents('e1')).toEqual([]);
      expect(await store.countEncounters()).toBe(0);
    });

    it('moves an encounter into a campaign and out of it', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('c1'), [], AT);
      await store.createEncounter(encounterRecord('e1'), events(1, 1), AT);
      expect(await store.updateEncounter('e1', { campaignId: 'c1' })).toMatchObject({ campaignId: 'c1', title: 'Fight e1', version: 1 });
      expect((await store.listCampaignEncounters('c1')).map((e) => e.id)).toEqual(['e1']);
      expect(isCampaignNotFound(await store.updateEncounter('e1', { campaignId: 'ghost', title: 'No' }).catch((x: unknown) => x))).toBe(true);
      expect(await store.getEncounter('e1')).toMatchObject({ campaignId: 'c1', title: 'Fight e1' });
      expect(await store.updateEncounter('e1', { title: 'Kept' })).toMatchObject({ campaignId: 'c1', title: 'Kept' });
      expect(await store.updateEncounter('e1', { campaignId: null })).toMatchObject({ campaignId: null });
      expect(await store.listCampaignEncounters('c1')).toEqual([]);
    });

    it('writes an encounter progress with its events, in the same transaction', async () => {
      const store = await ctx.open();
      await store.createEncounter(encounterRecord('e1'), events(1, 1), AT);
      await store.append('e1', 1, events(2, 2, 2), AT, { progress: RUNNING });
      expect(await store.getEncounter('e1')).toMatchObject({ version: 3, progress: RUNNING });
      // No progress: left as it was.
      await store.append('e1', 3, events(4, 1, 3), AT);
      expect((await store.getEncounter('e1'))?.progress).toEqual(RUNNING);
      // A conflict, a bad progress or a request not pending writes neither the events nor the progress.
      const ended = { status: 'ended', round: 4 } as const;
      expect(isVersionConflict(await store.append('e1', 1, events(2, 1), AT, { progress: ended }).catch((x: unknown) => x))).toBe(true);
      await expect(store.append('e1', 4, events(5, 1), AT, { progress: { status: 'ended', round: 1.5 } })).rejects.toMatchObject({ code: 'store/bad-progress' });
      await expect(store.append('e1', 4, events(5, 1), AT, { progress: ended, resolveRequest: { id: 9, result: {} } })).rejects.toMatchObject({
        code: 'store/request-not-pending',
      });
      expect(await store.getEncounter('e1')).toMatchObject({ version: 4, progress: RUNNING });
      expect((await store.readEvents('e1')).length).toBe(4);
      await store.append('e1', 4, events(5, 1, 4), AT, { progress: ended });
      expect((await store.listEncounters())[0]).toMatchObject({ version: 5, progress: ended });
    });

    it('deletes a campaign with its events; its encounters stay, detached', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 2), AT);
      await store.createCampaign(campaignRecord('c2'), campaignEvents(1, 1), AT);
      await store.createEncounter(encounterRecord('e1', { campaignId: 'c1', progress: RUNNING }), events(1, 2), AT);
      await store.createEncounter(encounterRecord('e2', { campaignId: 'c2' }), [], AT);
      expect(await store.deleteCampaign('c1')).toBe(true);
      expect(await store.deleteCampaign('c1')).toBe(false);
      expect(await store.getCampaign('c1')).toBeUndefined();
      expect(await store.readCampaignEvents('c1')).toEqual([]);
      expect((await store.listCampaigns()).map((c) => c.id)).toEqual(['c2']);
      expect(await store.getEncounter('e1')).toMatchObject({ campaignId: null, progress: RUNNING, version: 2 });
      expect(await store.readEvents('e1')).toEqual(events(1, 2));
      expect(await store.listCampaignEncounters('c1')).toEqual([]);
      expect((await store.getEncounter('e2'))?.campaignId).toBe('c2');
      expect(await store.readCampaignEvents('c2')).toEqual(campaignEvents(1, 1));
      expect(isCampaignNotFound(await store.appendCampaign('c1', 2, campaignEvents(3, 1), AT).catch((x: unknown) => x))).toBe(true);
      // A new campaign may reuse the id and starts from scratch, with no fights.
      expect(await store.createCampaign(campaignRecord('c1'), [], AT)).toMatchObject({ version: 0 });
      expect(await store.listCampaignEncounters('c1')).toEqual([]);
    });

    it('keeps campaigns, campaign ids and progress across a reopen (persistent adapters)', async () => {
      let store = await ctx.open();
      await store.createCampaign(campaignRecord('c1'), campaignEvents(1, 2), AT);
      await store.appendCampaign('c1', 2, campaignEvents(3, 1, 2), AT);
      await store.createEncounter(encounterRecord('e1', { campaignId: 'c1' }), events(1, 1), AT);
      await store.append('e1', 1, events(2, 1, 2), AT, { progress: RUNNING });
      const reopened = await ctx.reopen();
      if (!reopened) return;
      store = reopened;
      expect((await store.getCampaign('c1'))?.version).toBe(3);
      expect(await store.readCampaignEvents('c1')).toEqual([...campaignEvents(1, 2), ...campaignEvents(3, 1, 2)]);
      expect(await store.getEncounter('e1')).toMatchObject({ campaignId: 'c1', progress: RUNNING, version: 2 });
      expect(await store.appendCampaign('c1', 3, campaignEvents(4, 1, 3), AT)).toEqual({ version: 4 });
    });

    it('keeps campaign key hashes across a reopen (persistent adapters)', async () => {
      let store = await ctx.open();
      await store.createCampaign(campaignRecord('c1'), [], AT);
      await store.createCampaign(campaignRecord('c2'), [], AT);
      await store.setCampaignKeys('c1', { playerKeyHash: PLAYER });
      await store.setCampaignKeys('c1', { tvKeyHash: TV });
      await store.setCampaignKeys('c2', { tvKeyHash: TV2 });
      const reopened = await ctx.reopen();
      if (!reopened) return;
      store = reopened;
      expect(await store.getCampaign('c1')).toMatchObject({ playerKeyHash: PLAYER, tvKeyHash: TV });
      expect(await store.getCampaign('c2')).toMatchObject({ playerKeyHash: null, tvKeyHash: TV2 });
      expect(await store.setCampaignKeys('c2', { playerKeyHash: PLAYER2 })).toMatchObject({ playerKeyHash: PLAYER2, tvKeyHash: TV2 });
    });
  });
}
