/**
 * The encounters behind the API: load → decide → append(expected version) → THEN publish. Commands to
 * one encounter run one at a time (SerialQueue), each against the folded Encounter kept in memory; a
 * version conflict from the store (another process wrote the same file) drops the cached copy. Nothing
 * is published or acknowledged before the store has committed it.
 */
import { runScript } from '../core/index.ts';
import type { Decision, Encounter, EncounterView, EngineEvent, Engine, GmLogEntry, StoredEvent } from '../core/index.ts';
import { isEncounterLimit, isVersionConflict } from '../store/event-store.ts';
import type { EncounterRecord, EventStore } from '../store/event-store.ts';
import { progressOf, summaryOf } from './encounter-summary.ts';
import type { Summary } from './encounter-summary.ts';
import { ApiError, notFound, rejected, versionConflict } from './errors.ts';
import type { Hub, LiveClient } from './hub.ts';
import { hashKey, newEncounterId, newKey } from './keys.ts';
import type { RandomBytes } from './keys.ts';
import type { Clock, Limits } from './limits.ts';
import { catchUp, linesFrom, publishBatch } from './live-feed.ts';
import { LoadedEncounter } from './loaded-encounter.ts';
import { CLOSE, message } from './protocol.ts';
import { SerialQueue } from './serial-queue.ts';
import { mergeSettings, readSettings, settingsSchema } from './settings.ts';
import type { EncounterSettings, SettingsPatch } from './settings.ts';

export interface ServiceDeps {
  readonly store: EventStore;
  readonly engine: Engine;
  readonly hub: Hub;
  readonly clock: Clock;
  readonly random: RandomBytes;
  readonly limits: Limits;
  readonly onError?: (error: unknown, context: string) => void;
}

export interface CreateInput {
  readonly rules: string;
  readonly title?: string;
  readonly options?: Record<string, unknown>;
  readonly seed?: number | string;
  readonly sides?: readonly { name: string; players?: boolean }[];
  readonly combatants?: readonly Record<string, unknown>[];
  readonly commands?: readonly unknown[];
  readonly settings?: SettingsPatch;
}

export interface Created {
  readonly record: EncounterRecord;
  readonly gmKey: string;
  readonly playerKey: string;
}

export interface CommandResult {
  readonly version: number;
  readonly events: readonly StoredEvent[];
  readonly log: readonly GmLogEntry[];
  readonly view?: EncounterView;
}

export interface CommitOptions {
  readonly expectedVersion?: number;
  readonly resolveRequest?: number;
  readonly view?: boolean;
}

export { progressOf, summaryOf } from './encounter-summary.ts';
export type { Summary } from './encounter-summary.ts';

export class EncounterService {
  private readonly cache = new Map<string, LoadedEncounter>();
  private readonly queue = new SerialQueue();

  constructor(readonly deps: ServiceDeps) {}

  get engine(): Engine {
    return this.deps.engine;
  }

  now(): string {
    return new Date(this.deps.clock()).toISOString();
  }

  /** The encounter's row, without loading its events (for authorisation). */
  async meta(id: string): Promise<EncounterRecord | undefined> {
    return this.cache.get(id)?.record ?? (await this.deps.store.getEncounter(id));
  }

  /** Runs `task` in the encounter's queue with the encounter loaded (404 if there is none). */
  run<T>(id: string, task: (l: LoadedEncounter) => Promise<T> | T): Promise<T> {
    return this.queue.run(id, async () => task(await this.load(id)));
  }

  private async load(id: string): Promise<LoadedEncounter> {
    const cached = this.cache.get(id);
    if (cached) {
      this.cache.delete(id);
      this.cache.set(id, cached);
      return cached;
    }
    const record = await this.deps.store.getEncounter(id);
    if (!record) throw notFound();
    const events = await this.deps.store.readEvents(id, 0, record.version);
    const loaded = new LoadedEncounter(this.engine, record, events);
    this.cache.set(id, loaded);
    this.evict();
    return loaded;
  }

  private evict(): void {
    for (const [id] of this.cache) {
      if (this.cache.size <= this.deps.limits.maxCachedEncounters) return;
      if (this.deps.hub.count(id) === 0) this.cache.delete(id);
    }
  }

  /** The engine's decision; an engine failure on odd input is a refusal, not a crash. */
  decide(encounter: Encounter, command: unknown): Decision<EngineEvent> {
    try {
      return this.engine.decide(encounter, command);
    } catch (e) {
      this.deps.onError?.(e, 'engine.decide');
      return { ok: false, rejection: { code: 'command/engine-error', message: 'The rules engine could not handle this command; nothing was changed.' } };
    }
  }

  /**
   * A new encounter from a script (or an imported file); `campaignId` links it to a campaign; `id` asks
   * for an id (a campaign import keeps its fights' ids where they are free).
   */
  async create(
    input: CreateInput,
    imported?: { events: StoredEvent[]; settings: EncounterSettings; title: string; rules: string },
    campaignId: string | null = null,
    id?: string,
  ): Promise<Created> {
    const { store, random, limits } = this.deps;
    let events: readonly StoredEvent[];
    let title: string;
    let rules: string;
    let settings: EncounterSettings;
    if (imported) {
      ({ events, title, rules, settings } = imported);
    } else {
      const seed = input.seed ?? Buffer.from(random(4)).readUInt32BE(0) % 2 ** 31;
      const script = { rules: input.rules, options: input.options, title: input.title, seed, sides: input.sides, combatants: input.combatants, commands: input.commands };
      let result;
      try {
        result = runScript(this.engine, JSON.parse(JSON.stringify(script)), seed);
      } catch (e) {
        this.deps.onError?.(e, 'runScript');
        throw new ApiError(422, 'command/engine-error', 'The rules engine could not set up this encounter; nothing was created.');
      }
      if (!result.ok) throw rejected({ ...result.rejection, details: { ...result.rejection.details, at: result.at } });
      events = result.events;
      title = input.title ?? '';
      rules = input.rules;
      settings = mergeSettings(readSettings({}), input.settings ?? {});
    }
    if (events.length > limits.maxEventsPerEncounter) {
      throw new ApiError(422, 'encounter/too-many-events', `An encounter holds at most ${limits.maxEventsPerEncounter} events.`);
    }
    const gmKey = newKey(random, 'gm');
    const playerKey = newKey(random, 'player');
    let record: EncounterRecord;
    try {
      // The store checks the cap in the transaction that inserts: concurrent creates never pass it.
      record = await store.createEncounter(
        {
          id: id ?? newEncounterId(random),
          title,
          rules,
          createdAt: this.now(),
          gmKeyHash: hashKey(gmKey),
          playerKeyHash: hashKey(playerKey),
          settings,
          campaignId,
          progress: progressOf(this.engine.replay(events).state),
        },
        events,
        this.now(),
        { maxEncounters: limits.maxEncounters },
      );
    } catch (e) {
      if (isEncounterLimit(e)) throw new ApiError(422, 'limit/too-many-encounters', `This server holds at most ${limits.maxEncounters} encounters: delete some first.`);
      throw e;
    }
    return { record, gmKey, playerKey };
  }

  async list(archived: 'false' | 'true' | 'any'): Promise<Summary[]> {
    const all = await this.deps.store.listEncounters();
    return all.filter((r) => archived === 'any' || r.archived === (archived === 'true')).map(summaryOf);
  }

  execute(id: string, command: unknown, options: CommitOptions = {}): Promise<CommandResult> {
    return this.run(id, (l) => this.commit(l, command, options));
  }

  /** Decide, append with the expected version, then publish. Call inside `run`. */
  async commit(l: LoadedEncounter, command: unknown, options: CommitOptions = {}): Promise<CommandResult> {
    const { limits, store } = this.deps;
    if (options.expectedVersion !== undefined && options.expectedVersion !== l.version) throw versionConflict(options.expectedVersion, l.version);
    if (l.record.archived) throw new ApiError(409, 'encounter/archived', 'The encounter is archived: unarchive it to change it.');
    const d = this.decide(l.encounter, command);
    if (!d.ok) throw rejected(d.rejection);
    if (l.version + d.events.length > limits.maxEventsPerEncounter) {
      throw new ApiError(422, 'encounter/too-many-events', `An encounter holds at most ${limits.maxEventsPerEncounter} events: export it and start a new one.`);
    }
    const before = l.encounter;
    const { encounter: next, events: stored } = this.engine.apply(before, d.events);
    const resolve = options.resolveRequest !== undefined ? { resolveRequest: { id: options.resolveRequest, result: { version: next.version } } } : {};
    // The list's status and round change with the events that change them, in the same transaction.
    const moved = next.state.status !== before.state.status || next.state.round !== before.state.round;
    try {
      await store.append(l.id, before.version, stored, this.now(), { ...resolve, ...(moved ? { progress: progressOf(next.state) } : {}) });
    } catch (e) {
      // Whatever happened in the store, the next command reads the encounter from it again.
      this.cache.delete(l.id);
      if (isVersionConflict(e)) throw versionConflict(before.version, e.actualVersion ?? before.version);
      throw e;
    }
    l.applied(stored, next);
    const lines = linesFrom(l.log(), stored[0]?.seq ?? next.version + 1);
    publishBatch(this.deps.hub, l, stored, lines);
    return { version: next.version, events: stored, log: lines, ...(options.view === false ? {} : { view: l.gmView() }) };
  }

  /**
   * Sends what the client missed after `after`, then joins it to the live stream (atomically). `admits`
   * checks the socket's key again against the encounter as it is now, in the encounter's queue: a key
   * checked before a rotation but joining after it is turned away (4001) instead of listening on.
   */
  subscribe(
    id: string,
    client: LiveClient & { readonly closed: boolean },
    after: number,
    admits: (record: EncounterRecord) => boolean = () => true,
  ): Promise<(() => void) | null> {
    return this.run(id, (l) => {
      if (client.closed) return null;
      if (!admits(l.record)) {
        client.send(message({ type: 'closed', reason: 'key-rotated' }));
        client.close(CLOSE.keyRevoked, 'key-rotated');
        return null;
      }
      if (this.deps.hub.count(id) >= this.deps.limits.maxListenersPerEncounter) {
        client.send(message({ type: 'closed', reason: 'too-many-listeners' }));
        client.close(CLOSE.tryLater, 'too many listeners');
        return null;
      }
      catchUp(client, l, after);
      return this.deps.hub.join(id, client);
    });
  }

  updateSettings(id: string, patch: SettingsPatch): Promise<EncounterSettings> {
    return this.run(id, async (l) => {
      const settings = settingsSchema.parse(mergeSettings(l.settings, patch));
      const record = await this.deps.store.updateEncounter(id, { settings });
      if (!record) throw notFound();
      l.setRecord(record);
      this.deps.hub.publish(id, {
        gm: () => message({ type: 'settings', settings }),
        player: () => message({ type: 'view', seq: l.version, view: l.playerView() }),
      });
      return settings;
    });
  }

  setArchived(id: string, archived: boolean): Promise<EncounterRecord> {
    return this.run(id, async (l) => {
      const record = await this.deps.store.updateEncounter(id, { archived });
      if (!record) throw notFound();
      l.setRecord(record);
      return record;
    });
  }

  /**
   * New keys; the old ones stop working and the sockets opened with them are closed (sockets joining
   * later are checked again in `subscribe`). Owner-token sockets stay: the token is not the encounter's.
   */
  rotateKeys(id: string, which: 'gm' | 'player' | 'both'): Promise<{ gmKey?: string; playerKey?: string }> {
    return this.run(id, async (l) => {
      const old = l.record;
      const gmKey = which !== 'player' ? newKey(this.deps.random, 'gm') : undefined;
      const playerKey = which !== 'gm' ? newKey(this.deps.random, 'player') : undefined;
      const record = await this.deps.store.updateEncounter(id, {
        ...(gmKey ? { gmKeyHash: hashKey(gmKey) } : {}),
        ...(playerKey ? { playerKeyHash: hashKey(playerKey) } : {}),
      });
      if (!record) throw notFound();
      l.setRecord(record);
      const revoked = new Set([...(gmKey ? [old.gmKeyHash] : []), ...(playerKey ? [old.playerKeyHash] : [])]);
      this.deps.hub.closeRoom(id, CLOSE.keyRevoked, 'key-rotated', (c) => c.keyHash !== undefined && revoked.has(c.keyHash));
      return { ...(gmKey ? { gmKey } : {}), ...(playerKey ? { playerKey } : {}) };
    });
  }

  delete(id: string): Promise<boolean> {
    return this.queue.run(id, async () => {
      const deleted = await this.deps.store.deleteEncounter(id);
      this.cache.delete(id);
      this.deps.hub.closeRoom(id, CLOSE.deleted, 'deleted');
      return deleted;
    });
  }
}
