/**
 * An encounter held in memory: its row, its events, the folded Encounter, the history of its roster
 * (for redaction), and what is derived from them on demand (the log, the GM view, the player view and
 * the log players read), each computed once and kept until what it depends on changes.
 */
import { fightStory, gmLogEntry, viewOf } from '../../core/index.ts';
import type { Encounter, EncounterView, Engine, GmLogEntry, LogEntry, StoredEvent, StorySummary } from '../../core/index.ts';
import type { EncounterRecord } from '../../store/index.ts';
import { newLogLines } from './incremental-log.ts';
import { linesFrom } from './log-lines.ts';
import { playerLine, playerReader } from '../players/index.ts';
import type { PlayerLogEntry } from '../players/index.ts';
import { playerStory, playerView } from '../players/index.ts';
import type { StorySource } from '../players/index.ts';
import type { PlayerView } from '../players/index.ts';
import { RosterHistory } from '../players/index.ts';
import { secretsOf } from '../players/index.ts';
import type { Secrets } from '../players/index.ts';
import { readSettings } from '../players/index.ts';
import type { EncounterSettings } from '../players/index.ts';

interface PlayerLogCache {
  readonly stamp: number;
  readonly settings: EncounterSettings;
  /** Seq of the last log line rendered. */
  upTo: number;
  readonly lines: PlayerLogEntry[];
}

export class LoadedEncounter {
  record: EncounterRecord;
  settings: EncounterSettings;
  encounter: Encounter;
  readonly events: StoredEvent[];
  /** Every name and hidden flag the roster has had (former names, combatants gone from the fight). */
  readonly history: RosterHistory;
  private full: LogEntry[] | null = null;
  private gm: GmLogEntry[] | null = null;
  private playerCache: PlayerView | null = null;
  private secretsCache: { stamp: number; secrets: Secrets } | null = null;
  private playerLog: PlayerLogCache | null = null;
  private storyCache: { version: number; story: StorySummary } | null = null;
  /**
   * The last batch's lines, described on their own while the whole log is not built: what is published
   * for a batch needs only its own lines, so a big fight loaded to take one command or to pass on
   * another instance's append does not build its whole log (hundreds of ms at 10,000 events).
   */
  private recent: { readonly from: number; readonly lines: LogEntry[] } | null = null;
  private playerStoryCache: { version: number; stamp: number; settings: EncounterSettings; story: StorySummary } | null = null;

  constructor(
    private readonly engine: Engine,
    record: EncounterRecord,
    events: StoredEvent[],
    folded?: { readonly encounter: Encounter; readonly history: RosterHistory },
  ) {
    this.record = record;
    this.settings = readSettings(record.settings);
    this.events = events;
    if (folded) {
      this.history = folded.history;
      this.encounter = folded.encounter;
      return;
    }
    this.history = new RosterHistory();
    let e = engine.replay([]);
    for (const stored of events) {
      e = engine.evolve(e, stored);
      this.history.observe(stored.event, e.state);
    }
    this.encounter = e;
  }

  /**
   * Folds a stored encounter, `slice` events at a time with a turn of the event loop between: a big
   * fight (20,000 events take tens of ms to fold) loads without holding up every other fight on the server.
   */
  static async load(engine: Engine, record: EncounterRecord, events: StoredEvent[], slice = 2000): Promise<LoadedEncounter> {
    if (events.length <= slice) return new LoadedEncounter(engine, record, events);
    const history = new RosterHistory();
    let e = engine.replay([]);
    for (let i = 0; i < events.length; i++) {
      if (i > 0 && i % slice === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      e = engine.evolve(e, events[i]!);
      history.observe(events[i]!.event, e.state);
    }
    return new LoadedEncounter(engine, record, events, { encounter: e, history });
  }

  get id(): string {
    return this.record.id;
  }

  get version(): number {
    return this.encounter.version;
  }

  /** Takes in committed events (already folded into `next`). */
  applied(stored: readonly StoredEvent[], next: Encounter): void {
    const before = this.encounter;
    if (stored.some((s) => RosterHistory.touches(s.event))) {
      // The roster history needs the state after each such event: fold again (batches are small).
      let e = before;
      for (const s of stored) {
        e = this.engine.evolve(e, s);
        this.history.observe(s.event, e.state);
      }
    }
    const lines = stored.length > 0 ? newLogLines(this.engine, before, stored) : [];
    if (this.full) {
      if (lines) {
        this.full.push(...lines);
        this.gm?.push(...lines.map(gmLogEntry));
      } else {
        this.full = null;
        this.gm = null;
        this.playerLog = null;
      }
    }
    this.recent = !this.full && lines && stored.length > 0 ? { from: stored[0]!.seq, lines } : null;
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

  /** The whole log with its parts: built from the start once, then extended line by line (see incremental-log.ts). */
  fullLog(): LogEntry[] {
    return (this.full ??= this.engine.log(this.events));
  }

  /** The log as GM clients receive it (the lines without their parts). */
  log(): GmLogEntry[] {
    return (this.gm ??= this.fullLog().map(gmLogEntry));
  }

  /** The GM lines from seq `from` on: the last batch's own, when the whole log is not built and they cover it. */
  linesFrom(from: number): GmLogEntry[] {
    const recent = this.recent;
    if (!this.full && recent && from >= recent.from) return recent.lines.filter((l) => l.seq >= from).map(gmLogEntry);
    return linesFrom(this.log(), from);
  }

  gmView(): EncounterView {
    return viewOf(this.engine, this.encounter);
  }

  /** What players may not know now. */
  secrets(): Secrets {
    const stamp = this.history.stamp;
    if (this.secretsCache?.stamp !== stamp) this.secretsCache = { stamp, secrets: secretsOf(this.encounter.state, this.history) };
    return this.secretsCache.secrets;
  }

  /** The lines players read among the log lines `lines` (any slice of `log()`, by their seqs). */
  playerLines(lines: readonly { readonly seq: number }[]): PlayerLogEntry[] {
    if (lines.length === 0) return [];
    const from = lines[0]!.seq;
    const to = lines[lines.length - 1]!.seq;
    const recent = this.recent;
    if (!this.full && recent && from >= recent.from) {
      // Read as the whole log's cache would extend itself with them: with the reader of the fight as it is now.
      const reader = playerReader(this.encounter.state, this.settings, this.secrets(), this.history);
      const out: PlayerLogEntry[] = [];
      for (const line of recent.lines) {
        if (line.seq < from || line.seq > to) continue;
        const read = playerLine(line, reader);
        if (read) out.push(read);
      }
      return out;
    }
    const all = this.playerLogLines();
    let lo = 0;
    let hi = all.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (all[mid]!.seq < from) lo = mid + 1;
      else hi = mid;
    }
    const out: PlayerLogEntry[] = [];
    for (let i = lo; i < all.length && all[i]!.seq <= to; i++) out.push(all[i]!);
    return out;
  }

  /** Every line players read now, rendered once and extended as lines come (until the roster or settings change). */
  private playerLogLines(): PlayerLogEntry[] {
    const full = this.fullLog();
    const stamp = this.history.stamp;
    let cache = this.playerLog;
    if (!cache || cache.stamp !== stamp || cache.settings !== this.settings) {
      cache = this.playerLog = { stamp, settings: this.settings, upTo: 0, lines: [] };
    }
    const last = full.length > 0 ? full[full.length - 1]!.seq : 0;
    if (cache.upTo < last) {
      const reader = playerReader(this.encounter.state, this.settings, this.secrets(), this.history);
      let i = full.length;
      while (i > 0 && full[i - 1]!.seq > cache.upTo) i--;
      for (; i < full.length; i++) {
        const line = playerLine(full[i]!, reader);
        if (line) cache.lines.push(line);
      }
      cache.upTo = last;
    }
    return cache.lines;
  }

  /** The fight's whole log, its state and its game: what the story of the fight is told from. */
  storySource(): StorySource {
    return { events: this.events, state: this.encounter.state, module: this.engine.moduleOf(this.encounter) };
  }

  /** The story of the fight as the GM reads it (told once per version). */
  story(): StorySummary {
    if (this.storyCache?.version !== this.version) {
      const source = this.storySource();
      this.storyCache = { version: this.version, story: fightStory(source.events, source.module) };
    }
    return this.storyCache.story;
  }

  /** The story of the fight as players read it (players/player-story.ts), told again when the fight, the roster's history or the settings change. */
  playerStory(): StorySummary {
    const c = this.playerStoryCache;
    if (c?.version !== this.version || c.stamp !== this.history.stamp || c.settings !== this.settings) {
      this.playerStoryCache = { version: this.version, stamp: this.history.stamp, settings: this.settings, story: playerStory(this.storySource(), this.settings, this.secrets()) };
    }
    return this.playerStoryCache!.story;
  }

  playerView(): PlayerView {
    return (this.playerCache ??= playerView(this.engine, this.encounter, this.settings, this.secrets()));
  }
}
