/**
 * An encounter held in memory: its row, its events, the folded Encounter, and what is derived from
 * them on demand (the log, the GM view, the player view), each computed once per version.
 */
import { viewOf } from '../core/index.ts';
import type { Encounter, EncounterView, Engine, LogEntry, StoredEvent } from '../core/index.ts';
import type { EncounterRecord } from '../store/event-store.ts';
import { newLogLines } from './incremental-log.ts';
import { logSource, playerLog, playerView } from './redact.ts';
import type { LogSource, PlayerLogEntry, PlayerView } from './redact.ts';
import { secretsOf } from './secrets.ts';
import { readSettings } from './settings.ts';
import type { EncounterSettings } from './settings.ts';

export class LoadedEncounter {
  record: EncounterRecord;
  settings: EncounterSettings;
  encounter: Encounter;
  readonly events: StoredEvent[];
  /** Hidden combatants removed from the fight (id → name): their names stay out of player text. */
  readonly removedHidden = new Map<string, string>();
  private logCache: LogEntry[] | null = null;
  private playerCache: PlayerView | null = null;

  constructor(
    private readonly engine: Engine,
    record: EncounterRecord,
    events: StoredEvent[],
  ) {
    this.record = record;
    this.settings = readSettings(record.settings);
    this.events = events;
    let e = engine.replay([]);
    for (const stored of events) e = this.step(e, stored);
    this.encounter = e;
  }

  get id(): string {
    return this.record.id;
  }

  get version(): number {
    return this.encounter.version;
  }

  private step(before: Encounter, stored: StoredEvent): Encounter {
    const ev = stored.event;
    if (ev.type === 'combatant-removed') {
      const gone = before.state.combatants[(ev as { id: string }).id];
      if (gone?.hidden) this.removedHidden.set(gone.id, gone.name);
    }
    return this.engine.evolve(before, stored);
  }

  /** Takes in committed events (already folded into `next`). */
  applied(stored: readonly StoredEvent[], next: Encounter): void {
    const before = this.encounter;
    for (const s of stored) {
      if (s.event.type !== 'combatant-removed') continue;
      const gone = before.state.combatants[(s.event as { id: string }).id];
      if (gone?.hidden) this.removedHidden.set(gone.id, gone.name);
    }
    if (this.logCache) {
      const lines = newLogLines(this.engine, before, stored);
      if (lines) this.logCache.push(...lines);
      else this.logCache = null;
    }
    this.events.push(...stored);
    this.encounter = next;
    this.record = { ...this.record, version: next.version };
    this.playerCache = null;
  }

  setRecord(record: EncounterRecord): void {
    this.record = record;
    this.settings = readSettings(record.settings);
    this.playerCache = null;
  }

  /** The whole log: built from the start once, then extended line by line (see incremental-log.ts). */
  log(): LogEntry[] {
    return (this.logCache ??= this.engine.log(this.events));
  }

  gmView(): EncounterView {
    return viewOf(this.engine, this.encounter);
  }

  logSource(): LogSource {
    return logSource(this.events, this.log());
  }

  /** The lines players may read among `lines`; `before`: the state before them, when they are new. */
  playerLines(lines: readonly LogEntry[], before?: Encounter): PlayerLogEntry[] {
    const states = before ? [before.state, this.encounter.state] : [this.encounter.state];
    return playerLog(lines, secretsOf(states, this.encounter.state, this.removedHidden), this.logSource());
  }

  playerView(): PlayerView {
    return (this.playerCache ??= playerView(this.engine, this.encounter, this.settings, this.removedHidden));
  }
}
