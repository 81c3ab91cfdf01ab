/**
 * The settings a campaign's new fight starts with: those asked for, and the Discord webhook of the
 * campaign's newest fight unless they say otherwise (the GM pastes it once per campaign).
 */
import type { EventStore } from '../../store/index.ts';
import { readSettings } from '../players/index.ts';
import type { SettingsPatch } from '../players/index.ts';

export async function nextFightSettings(store: EventStore, campaignId: string, fightOrder: readonly string[], asked: SettingsPatch | undefined): Promise<SettingsPatch | undefined> {
  if (asked?.discord !== undefined) return asked;
  const linked = new Set(fightOrder);
  const rows = (await store.listCampaignEncounters(campaignId)).filter((r) => linked.has(r.id));
  const newest = rows.reduce<(typeof rows)[number] | undefined>((a, r) => (a === undefined || r.createdAt >= a.createdAt ? r : a), undefined);
  return newest ? { ...asked, discord: readSettings(newest.settings).discord } : asked;
}
