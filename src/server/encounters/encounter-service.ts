/**
 * The encounters behind the API: load → decide → append(expected version) → THEN publish. Commands to
 * one encounter run one at a time (SerialQueue), each against the folded Encounter kept in memory.
 * Nothing is published or acknowledged before the store has committed it.
 *
 * When other processes write the same store (`feed.shared`: instances on one PostgreSQL), the feed's
 * notifications catch up the encounters this process holds as soon as another instance commits (from
 * the events they carry, or from the store: encounter-sync.ts), and while the feed is live the copy in
 * memory is served as it is; while it is not, the copy is checked against the store's row before
 * every use. An append that loses a race (a version conflict) catches up and decides again, for up to
 * `limits.raceRetryMs`, unless the client named the version it expects (then: 409): race-retry.ts.
 */
import type { DecideOptions, Decision, Encounter, EngineEvent, Engine } from '../../core/index.ts';
import type { EncounterChange } from '../../store/index.ts';
import { isVersionConflict } from '../../store/index.ts';
import type { EncounterRecord } from '../../store/index.ts';
import { createEncounter } from './encounter-create.ts';
import type { CreateInput, Created, Imported } from './encounter-create.ts';
import { progressOf, summaryOf } from './encounter-summary.ts';
import type { Summary } from './encounter-summary.ts';
import { applyAnnounced, syncLoaded } from './encounter-sync.ts';
import { ApiError, notFound, rejected, versionConflict } from '../shared/index.ts';
import type { LiveClient } from '../live/index.ts';
import { catchUp, publishBatch } from './live-feed.ts';
import { LoadedEncounter } from './loaded-encounter.ts';
import { readSettings } from '../players/index.ts';
import { CLOSE, message } from '../live/index.ts';
import { LostRace, untilDecided } from './race-retry.ts';
import { SerialQueue } from './serial-queue.ts';
import type { CommandResult, CommitOptions, ServiceDeps } from './service-types.ts';

export type { CommandResult, CommitOptions, ServiceDeps } from './service-types.ts';
export type { CreateInput, Created } from './encounter-create.ts';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export { progressOf, summaryOf } from './encounter-summary.ts';
export type { Summary } from './encounter-summary.ts';

export class EncounterService {
  private readonly cache = new Map<string, LoadedEncounter>();
  private readonly queue = new SerialQueue();
  /** Cached encounters to check against the store before their next use (an append failed, the feed reconnected). */
  private readonly suspect = new Set<string>();
  /** Encounters being read from the store: a change announced meanwhile is caught up after the read. */
  private readonly loading = new Set<string>();
  /** Publishes a request another process added or resolved (set by RequestService). */
  onRemoteRequest?: (l: LoadedEncounter, requestId: number) => Promise<void>;

  constructor(readonly deps: ServiceDeps) {}

  /** Whether other processes write the store too. */
  get shared(): boolean {
    return this.deps.feed?.shared === true;
  }

  /**
   * Whether the copy of `id` held here may be served without asking the store: always when nobody else
   * writes it; with other instances, while the feed delivers their changes (each is taken in as it
   * arrives, and a gap marks every copy suspect) and nothing made this copy doubtful. A change committed
   * elsewhere and not yet arrived is the same as a request that came a moment earlier; a command decided
   * on it loses its append race and is decided again (race-retry.ts).
   */
  private current(id: string): boolean {
    if (this.suspect.has(id)) return false;
    return !this.shared || this.deps.feed?.live === true;
  }

  /**
   * Takes in the other processes' changes as the feed announces them, and checks now and then for one
   * never announced (`checkHeld`); returns the function that stops both.
   */
  listen(): () => void {
    const feed = this.deps.feed;
    if (!feed) return () => {};
    const stop = feed.subscribe({ change: (c) => this.remoteChange(c), resync: () => this.resync() });
    const timer = feed.versions ? setInterval(() => void this.checkHeld(), this.deps.checkHeldMs ?? 2000) : undefined;
    timer?.unref();
    return () => {
      stop();
      clearInterval(timer);
    };
  }

  /** Catches up each copy held here that the store has moved past with no word from the feed. */
  async checkHeld(): Promise<void> {
    const versions = this.cache.size > 0 ? await this.deps.feed?.versions?.([...this.cache.keys()]) : undefined;
    for (const [id, version] of versions ?? []) {
      const l = this.cache.get(id);
      if (l && l.version < version) this.remoteChange({ encounterId: id, version });
    }
  }

  get engine(): Engine {
    return this.deps.engine;
  }

  now(): string {
    return new Date(this.deps.clock()).toISOString();
  }

  /** The encounter's row, without loading its events (for authorisation). */
  async meta(id: string): Promise<EncounterRecord | undefined> {
    // Shared, with the feed down: another instance may have rotated a key a moment ago.
    const cached = this.cache.get(id);
    return cached && this.current(id) ? cached.record : await this.deps.store.getEncounter(id);
  }

  /**
   * Runs `task` in the encounter's queue with the encounter loaded (404 if there is none). With other
   * instances, the copy is first checked against the store's row, so a read is never behind a command
   * another instance has answered.
   */
  run<T>(id: string, task: (l: LoadedEncounter) => Promise<T> | T): Promise<T> {
    return this.queue.run(id, async () => task(await this.load(id)));
  }

  /**
   * `load`, without the check while the copy is current (see `current`) and at `atLeast` or past it: the
   * path of commands (their appends check the version) and of sockets (`after`: the seq the client holds).
   */
  private async loadCurrent(id: string, atLeast = 0): Promise<LoadedEncounter> {
    const cached = this.cache.get(id);
    return cached && this.current(id) && cached.version >= atLeast ? this.touch(cached) : this.load(id);
  }

  private touch(l: LoadedEncounter): LoadedEncounter {
    this.cache.delete(l.id);
    this.cache.set(l.id, l);
    return l;
  }

  private async load(id: string): Promise<LoadedEncounter> {
    const cached = this.cache.get(id);
    if (cached) {
      this.touch(cached);
      if (!this.shared && !this.suspect.has(id)) return cached;
      if (await this.refresh(cached)) return cached;
    }
    this.loading.add(id);
    let loaded: LoadedEncounter;
    try {
      const record = await this.deps.store.getEncounter(id);
      if (!record) throw notFound();
      const events = await this.deps.store.readEvents(id, 0, record.version);
      loaded = await LoadedEncounter.load(this.engine, record, events);
    } finally {
      this.loading.delete(id);
    }
    this.cache.set(id, loaded);
    this.evict();
    return loaded;
  }

  /**
   * Catches a cached encounter up with the store (publishing what others committed). False when the
   * copy was dropped (the store's stream does not continue it); 404 when the encounter is gone.
   */
  private async refresh(l: LoadedEncounter): Promise<boolean> {
    const result = await syncLoaded(this.deps, l);
    this.suspect.delete(l.id);
    if (result === 'current') return true;
    this.cache.delete(l.id);
    if (result === 'gone') {
      this.deps.hub.closeRoom(l.id, CLOSE.deleted, 'deleted');
      throw notFound();
    }
    return false;
  }

  /** Another process changed an encounter: catch up now if someone here listens to it or holds it. */
  private remoteChange(c: EncounterChange): void {
    const id = c.encounterId;
    if (!this.cache.has(id) && !this.loading.has(id) && this.deps.hub.count(id) === 0) return;
    this.queue
      .run(id, async () => {
        const l = this.cache.get(id);
        if (c.version === -1 || !l) {
          this.cache.delete(id);
          if (c.version === -1) this.deps.hub.closeRoom(id, CLOSE.deleted, 'deleted');
          return;
        }
        // An append that came with its events, continuing the copy held here: no read.
        if (!this.suspect.has(id) && applyAnnounced(this.deps, l, c)) return;
        if ((await this.refresh(l)) && c.requestId !== undefined) await this.onRemoteRequest?.(l, c.requestId);
      })
      .catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 404) return;
        this.suspect.add(id);
        this.deps.onError?.(e, 'change feed');
      });
  }

  /** The feed may have missed changes: check every cached encounter, at once those with sockets. */
  private resync(): void {
    for (const id of this.cache.keys()) {
      this.suspect.add(id);
      if (this.deps.hub.count(id) > 0) this.remoteChange({ encounterId: id });
    }
  }

  private evict(): void {
    for (const [id] of this.cache) {
      if (this.cache.size <= this.deps.limits.maxCachedEncounters) return;
      if (this.deps.hub.count(id) === 0) this.cache.delete(id);
    }
  }

  /** The engine's decision; an engine failure on odd input is a refusal, not a crash. */
  decide(encounter: Encounter, command: unknown, options: DecideOptions = {}): Decision<EngineEvent> {
    try {
      return this.engine.decide(encounter, command, options);
    } catch (e) {
      this.deps.onError?.(e, 'engine.decide');
      return { ok: false, rejection: { code: 'command/engine-error', message: 'The rules engine could not handle this command; nothing was changed.' } };
    }
  }

  /**
   * A new encounter from a script (or an imported file); `campaignId` links it to a campaign; `id` asks
   * for an id (a campaign import keeps its fights' ids where they are free).
   */
  async create(input: CreateInput, imported?: Imported, campaignId: string | null = null, id?: string): Promise<Created> {
    const created = await createEncounter({ ...this.deps, now: () => this.now() }, input, imported, campaignId, id);
    // A fight created already started (a campaign's "start now") is a batch too: told later, off this path.
    const told = this.deps.onCommitted;
    if (told && !imported && (input.commands?.length ?? 0) > 0 && readSettings(created.record.settings).discord.webhook !== null) {
      this.run(created.record.id, (l) => told(l, null, l.events)).catch((e: unknown) => this.deps.onError?.(e, 'announcing a new fight'));
    }
    return created;
  }

  async list(archived: 'false' | 'true' | 'any'): Promise<Summary[]> {
    const all = await this.deps.store.listEncounters();
    return all.filter((r) => archived === 'any' || r.archived === (archived === 'true')).map(summaryOf);
  }

  execute(id: string, command: unknown, options: CommitOptions = {}): Promise<CommandResult> {
    // A client that expects a version past the copy held here saw it on another instance: catch up first.
    return this.queue.run(id, async () => this.commit(await this.loadCurrent(id, options.expectedVersion), command, options));
  }

  /**
   * Decide, append with the expected version, then publish. Call inside `run`. A lost race (another
   * process appended first) is caught up and decided again, unless the client expected a version.
   */
  commit(l: LoadedEncounter, command: unknown, options: CommitOptions = {}): Promise<CommandResult> {
    const steps = { attempt: () => this.commitOnce(l, command, options), catchUp: () => this.refresh(l), version: () => l.version };
    const timing = { budgetMs: this.deps.limits.raceRetryMs, now: () => performance.now(), sleep: pause, random: this.deps.random };
    return untilDecided(steps, options.expectedVersion, timing);
  }

  private async commitOnce(l: LoadedEncounter, command: unknown, options: CommitOptions): Promise<CommandResult> {
    const { limits, store } = this.deps;
    if (options.expectedVersion !== undefined && options.expectedVersion !== l.version) throw versionConflict(options.expectedVersion, l.version);
    if (l.record.archived) throw new ApiError(409, 'encounter/archived', 'The encounter is archived: unarchive it to change it.');
    // The server's clock times the turns (turn-timed, pause-clock): the engine has none.
    const d = this.decide(l.encounter, command, { at: this.deps.clock(), ...(options.resolveRequest !== undefined ? { playerWords: true } : {}) });
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
      if (isVersionConflict(e)) throw new LostRace(before.version, e.actualVersion ?? before.version);
      // It may have committed or not: the next use reads the store first.
      this.suspect.add(l.id);
      throw e;
    }
    l.applied(stored, next);
    const lines = l.linesFrom(stored[0]?.seq ?? next.version + 1);
    publishBatch(this.deps.hub, l, stored, lines, this.deps.clock());
    this.deps.onCommitted?.(l, before, stored);
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
    // A client holding a seq past the copy here heard it from another instance: catch up first.
    return this.queue.run(id, async () => {
      const l = await this.loadCurrent(id, after);
      if (client.closed) return null;
      if (!admits(l.record)) {
        client.send(message({ type: 'closed', reason: 'key-rotated' }));
        client.close(CLOSE.keyRevoked, 'key-rotated');
        return null;
      }
      const full = this.deps.hub.refusal(id, client, { perKey: this.deps.limits.maxListenersPerKey, perEncounter: this.deps.limits.maxListenersPerEncounter });
      if (full) {
        client.send(message({ type: 'closed', reason: full }));
        client.close(CLOSE.tryLater, full === 'too-many-on-key' ? 'too many sockets on this key' : 'too many listeners');
        return null;
      }
      catchUp(client, l, after, this.deps.clock());
      return this.deps.hub.join(id, client);
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
