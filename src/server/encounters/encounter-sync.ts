/**
 * Bringing an encounter held in memory up to the store, when another process (another instance on the
 * same PostgreSQL) may have changed it: the events committed since are folded in and published to this
 * process's sockets exactly as a local command's are (so every socket still sees every seq, in order),
 * and a changed row is taken in with what follows from it (new settings are published, sockets opened
 * with a rotated key are closed). An append announced with its events is folded from the announcement
 * (`applyAnnounced`), without a read.
 */
import type { Engine } from '../../core/index.ts';
import type { EncounterChange, EncounterRecord, EventStore } from '../../store/index.ts';
import type { Hub } from '../live/index.ts';
import { publishBatch } from './live-feed.ts';
import type { LoadedEncounter } from './loaded-encounter.ts';
import { CLOSE, message } from '../live/index.ts';

export interface SyncDeps {
  readonly store: EventStore;
  readonly engine: Engine;
  readonly hub: Hub;
}

/**
 * `current`: `l` is the store's encounter now; `gone`: the store has no such encounter; `diverged`:
 * the store's stream does not continue `l`'s (drop it and load it again).
 */
export type SyncResult = 'current' | 'gone' | 'diverged';

/** Catches `l` up with the store (`record`: its row, if just read). Call inside the encounter's queue. */
export async function syncLoaded(deps: SyncDeps, l: LoadedEncounter, record?: EncounterRecord): Promise<SyncResult> {
  const row = record ?? (await deps.store.getEncounter(l.id));
  if (!row) return 'gone';
  if (row.version < l.version) return 'diverged';
  if (row.version > l.version) {
    const events = await deps.store.readEvents(l.id, l.version, row.version);
    if (events.length !== row.version - l.version || events.some((e, i) => e.seq !== l.version + i + 1)) return 'diverged';
    let next = l.encounter;
    for (const s of events) next = deps.engine.evolve(next, s);
    l.applied(events, next);
    publishBatch(deps.hub, l, events, l.linesFrom(events[0]!.seq));
  }
  takeRecord(deps.hub, l, row);
  return 'current';
}

/**
 * Folds the events another instance announced with its append (the change feed carries them when they
 * fit), publishing them as `syncLoaded` would, without reading the store. True when `l` is now at the
 * change's version or past it; false when the events do not continue `l` (or none came): read the store.
 */
export function applyAnnounced(deps: Omit<SyncDeps, 'store'>, l: LoadedEncounter, change: EncounterChange): boolean {
  const events = change.events;
  if (!events || events.length === 0) return false;
  if (events[events.length - 1]!.seq <= l.version) return true;
  if (events[0]!.seq !== l.version + 1) return false;
  let next = l.encounter;
  for (const s of events) next = deps.engine.evolve(next, s);
  l.applied(events, next);
  if (change.progress) l.setRecord({ ...l.record, version: next.version, progress: change.progress });
  publishBatch(deps.hub, l, events, l.linesFrom(events[0]!.seq));
  return true;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Takes in the encounter's row as another process left it, with what the change means for the sockets. */
export function takeRecord(hub: Hub, l: LoadedEncounter, record: EncounterRecord): void {
  const old = l.record;
  const unchanged =
    old.title === record.title &&
    old.archived === record.archived &&
    old.gmKeyHash === record.gmKeyHash &&
    old.playerKeyHash === record.playerKeyHash &&
    old.campaignId === record.campaignId &&
    same(old.settings, record.settings) &&
    same(old.progress, record.progress);
  if (unchanged) return;
  l.setRecord(record);
  if (!same(old.settings, record.settings)) {
    hub.publish(l.id, {
      gm: () => message({ type: 'settings', settings: l.settings }),
      player: () => message({ type: 'view', seq: l.version, view: l.playerView() }),
    });
  }
  const revoked = new Set([...(old.gmKeyHash !== record.gmKeyHash ? [old.gmKeyHash] : []), ...(old.playerKeyHash !== record.playerKeyHash ? [old.playerKeyHash] : [])]);
  if (revoked.size > 0) hub.closeRoom(l.id, CLOSE.keyRevoked, 'key-rotated', (c) => c.keyHash !== undefined && revoked.has(c.keyHash));
}
