/**
 * The conformance suite's part for creating a campaign with its encounters in one transaction (a
 * campaign import): all of it is stored, or, whatever fails on the way (an encounter id taken, the
 * encounter cap, the campaign's id), nothing. Run from `conformance.ts` with its store lifecycle.
 */
import { describe, expect, it } from 'vitest';
import type { CampaignConformanceContext } from './conformance-campaigns.ts';
import { AT, campaignEvents, campaignRecord, encounterRecord, events } from './conformance-fixtures.ts';
import { isCampaignExists, isEncounterExists, isEncounterLimit } from './event-store.ts';
import type { EventStore, NewEncounterWithEvents } from './event-store.ts';

const fights = (...ids: string[]): NewEncounterWithEvents[] =>
  ids.map((id, i) => ({ record: encounterRecord(id, { progress: { status: 'running', round: i + 1 } }), events: events(1, i + 1) }));

/** Nothing of campaign `c1` or of these encounters is stored. */
async function nothingOf(store: EventStore, ids: readonly string[]): Promise<void> {
  expect(await store.getCampaign('c1')).toBeUndefined();
  expect(await store.readCampaignEvents('c1')).toEqual([]);
  expect(await store.listCampaignEncounters('c1')).toEqual([]);
  for (const id of ids) {
    expect(await store.getEncounter(id)).toBeUndefined();
    expect(await store.readEvents(id)).toEqual([]);
  }
}

export function runCampaignImportConformance(ctx: CampaignConformanceContext): void {
  describe('a campaign created with its encounters', () => {
    it('stores the campaign, its events and every encounter with its events, each linked to it', async () => {
      const store = await ctx.open();
      const made = await store.createCampaignWithEncounters(campaignRecord('c1'), campaignEvents(1, 3), fights('f1', 'f2', 'f3'), AT, { maxEncounters: 3 });
      expect(made).toEqual({ id: 'c1', title: 'Campaign c1', rules: 'swn', createdAt: AT, archived: false, version: 3, playerKeyHash: null, tvKeyHash: null });
      expect(await store.getCampaign('c1')).toEqual(made);
      expect(await store.readCampaignEvents('c1')).toEqual(campaignEvents(1, 3));
      const listed = await store.listCampaignEncounters('c1');
      expect(listed.map((e) => [e.id, e.version, e.campaignId, e.progress.round])).toEqual([
        ['f1', 1, 'c1', 1],
        ['f2', 2, 'c1', 2],
        ['f3', 3, 'c1', 3],
      ]);
      expect(await store.readEvents('f3')).toEqual(events(1, 3));
      expect(await store.countEncounters()).toBe(3);
    });

    it('stores nothing when an encounter id is taken, even by the last of them', async () => {
      const store = await ctx.open();
      await store.createEncounter(encounterRecord('f3'), events(1, 1), AT);
      const e = await store.createCampaignWithEncounters(campaignRecord('c1'), campaignEvents(1, 2), fights('f1', 'f2', 'f3'), AT).catch((x: unknown) => x);
      expect(isEncounterExists(e)).toBe(true);
      expect(e).toMatchObject({ encounterId: 'f3' });
      await nothingOf(store, ['f1', 'f2']);
      expect((await store.getEncounter('f3'))?.campaignId).toBeNull();
      expect(await store.countEncounters()).toBe(1);
    });

    it('stores nothing when the file names an encounter twice', async () => {
      const store = await ctx.open();
      const e = await store.createCampaignWithEncounters(campaignRecord('c1'), campaignEvents(1, 2), fights('f1', 'f2', 'f1'), AT).catch((x: unknown) => x);
      expect(isEncounterExists(e)).toBe(true);
      await nothingOf(store, ['f1', 'f2']);
    });

    it('stores nothing past the encounter cap', async () => {
      const store = await ctx.open();
      await store.createEncounter(encounterRecord('e1'), events(1, 1), AT);
      const e = await store.createCampaignWithEncounters(campaignRecord('c1'), campaignEvents(1, 2), fights('f1', 'f2'), AT, { maxEncounters: 2 }).catch((x: unknown) => x);
      expect(isEncounterLimit(e)).toBe(true);
      await nothingOf(store, ['f1', 'f2']);
      expect(await store.countEncounters()).toBe(1);
    });

    it('stores nothing when the campaign id is taken, or an encounter is misnumbered or has a bad progress', async () => {
      const store = await ctx.open();
      await store.createCampaign(campaignRecord('c0'), campaignEvents(1, 1), AT);
      const taken = await store.createCampaignWithEncounters(campaignRecord('c0'), campaignEvents(1, 2), fights('f1'), AT).catch((x: unknown) => x);
      expect(isCampaignExists(taken)).toBe(true);
      expect(await store.readCampaignEvents('c0')).toEqual(campaignEvents(1, 1));
      const misnumbered = [...fights('f1'), { record: encounterRecord('f2'), events: events(2, 1) }];
      await expect(store.createCampaignWithEncounters(campaignRecord('c1'), campaignEvents(1, 2), misnumbered, AT)).rejects.toMatchObject({ code: 'store/bad-sequence' });
      const badProgress = [...fights('f1'), { record: encounterRecord('f2', { progress: { status: 'running', round: -1 } }), events: events(1, 1) }];
      await expect(store.createCampaignWithEncounters(campaignRecord('c1'), campaignEvents(1, 2), badProgress, AT)).rejects.toMatchObject({ code: 'store/bad-progress' });
      await nothingOf(store, ['f1', 'f2']);
      expect(await store.countEncounters()).toBe(0);
    });

    it('keeps all of it across a reopen (persistent adapters)', async () => {
      let store = await ctx.open();
      await store.createCampaignWithEncounters(campaignRecord('c1'), campaignEvents(1, 2), fights('f1', 'f2'), AT);
      const reopened = await ctx.reopen();
      if (!reopened) return;
      store = reopened;
      expect(await store.getCampaign('c1')).toMatchObject({ version: 2, playerKeyHash: null, tvKeyHash: null });
      expect((await store.listCampaignEncounters('c1')).map((e) => e.id)).toEqual(['f1', 'f2']);
      expect(await store.readEvents('f2')).toEqual(events(1, 2));
    });
  });
}
