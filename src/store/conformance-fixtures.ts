/** Records and events the conformance suites store (kept apart so both suites import them without a cycle). */
import type { StoredEvent } from '../core/index.ts';
import type { NewCampaignRecord, NewEncounterRecord, StoredCampaignEvent } from './event-store.ts';

export const AT = '2026-01-02T03:04:05.000Z';

export function encounterRecord(id: string, extra: Partial<NewEncounterRecord> = {}): NewEncounterRecord {
  return { id, title: `Fight ${id}`, rules: 'custom', createdAt: AT, gmKeyHash: 'a'.repeat(64), playerKeyHash: 'b'.repeat(64), settings: { npcHp: 'bands' }, ...extra };
}

export function events(from: number, count: number, cmd = 1): StoredEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    seq: from + i,
    cmd,
    event: { type: 'note-added', text: `Note ${from + i} — ünïcødé "quoted" 🎲`, gmOnly: i % 2 === 0 },
  }));
}

export function campaignRecord(id: string, extra: Partial<NewCampaignRecord> = {}): NewCampaignRecord {
  return { id, title: `Campaign ${id}`, rules: 'swn', createdAt: AT, ...extra };
}

export function campaignEvents(from: number, count: number, cmd = 1): StoredCampaignEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    seq: from + i,
    cmd,
    event: { type: 'pc-added', pc: `p${from + i}`, name: `Vasquez ${from + i} — “ünïcødé” 🎲`, stats: { hp: 12, list: [1, null, true] } },
  }));
}
