/**
 * Changes to an encounter's row rather than its events: settings, the archived flag, the keys. Each runs
 * in the encounter's queue, writes the store, then tells the sockets what follows from it.
 */
import type { EncounterRecord } from '../../store/index.ts';
import type { EncounterService } from './encounter-service.ts';
import { notFound } from '../shared/index.ts';
import { hashKey, newKey } from '../shared/index.ts';
import { CLOSE, message } from '../live/index.ts';
import { mergeSettings, settingsSchema } from '../players/index.ts';
import type { EncounterSettings, SettingsPatch } from '../players/index.ts';

export function updateSettings(service: EncounterService, id: string, patch: SettingsPatch): Promise<EncounterSettings> {
  return service.run(id, async (l) => {
    const settings = settingsSchema.parse(mergeSettings(l.settings, patch));
    const record = await service.deps.store.updateEncounter(id, { settings });
    if (!record) throw notFound();
    l.setRecord(record);
    service.deps.hub.publish(id, {
      gm: () => message({ type: 'settings', settings }),
      player: () => message({ type: 'view', seq: l.version, view: l.playerView(), now: service.deps.clock() }),
    });
    return settings;
  });
}

export function setArchived(service: EncounterService, id: string, archived: boolean): Promise<EncounterRecord> {
  return service.run(id, async (l) => {
    const record = await service.deps.store.updateEncounter(id, { archived });
    if (!record) throw notFound();
    l.setRecord(record);
    return record;
  });
}

/**
 * New keys; the old ones stop working and the sockets opened with them are closed (sockets joining
 * later are checked again in `subscribe`; other instances close theirs as they take in the new row).
 * Owner-token sockets stay: the token is not the encounter's.
 */
export function rotateKeys(service: EncounterService, id: string, which: 'gm' | 'player' | 'both'): Promise<{ gmKey?: string; playerKey?: string }> {
  return service.run(id, async (l) => {
    const old = l.record;
    const gmKey = which !== 'player' ? newKey(service.deps.random, 'gm') : undefined;
    const playerKey = which !== 'gm' ? newKey(service.deps.random, 'player') : undefined;
    const record = await service.deps.store.updateEncounter(id, {
      ...(gmKey ? { gmKeyHash: hashKey(gmKey) } : {}),
      ...(playerKey ? { playerKeyHash: hashKey(playerKey) } : {}),
    });
    if (!record) throw notFound();
    l.setRecord(record);
    const revoked = new Set([...(gmKey ? [old.gmKeyHash] : []), ...(playerKey ? [old.playerKeyHash] : [])]);
    service.deps.hub.closeRoom(id, CLOSE.keyRevoked, 'key-rotated', (c) => c.keyHash !== undefined && revoked.has(c.keyHash));
    return { ...(gmKey ? { gmKey } : {}), ...(playerKey ? { playerKey } : {}) };
  });
}
