import { createFoldEngine, emptyEncounter, viewOf } from '../../../core/index.ts';
import type { Command, Encounter, EncounterView, Engine, FoldEngine, GmLogEntry, StoredEvent } from '../../../core/index.ts';
import type { Mark } from '../../../server/live/index.ts';
import type { EncounterSettings, RequestView } from '../../../server/players/index.ts';
import { loadFold, loadGame } from '../../games/index.ts';
import { gameOf } from './early-events.ts';
import { withoutCommands } from '../../shared/words.ts';
import { inWords } from '../turn/in-words.ts';
import type { FoldKit, GameKit } from '../../games/index.ts';
import type { LinkStatus } from '../../api/live.ts';
import { CommandDoubt } from './command-doubt.ts';
import type { Doubt } from './command-doubt.ts';
import type { Sent, Transport } from './store-transport.ts';

export interface Snapshot {
  readonly status: LinkStatus;
  /** The game's fold half: what the screen needs to show the fight (first). */
  readonly fold: FoldKit | null;
  /** The game's whole rules, with the engine that decides: forms, odds and dry runs (right after). */
  readonly kit: GameKit | null;
  /** Folds the events and answers the queries: the fold engine, then the whole one once `kit` is here. */
  readonly engine: FoldEngine | null;
  readonly encounter: Encounter;
  readonly view: EncounterView | null;
  readonly events: readonly StoredEvent[];
  /** The log in words, as the server wrote it (undone lines marked). */
  readonly log: readonly GmLogEntry[];
  /** Player requests, newest last. */
  readonly requests: readonly RequestView[];
  readonly settings: EncounterSettings | null;
  readonly error: string | null;
  /** The server went back to an earlier version (its data was restored from an older backup): said once, in the GM's words. */
  readonly restored: Restored | null;
  /** A command whose answer was lost: whether it was applied, as far as the screen knows (command-doubt.ts). */
  readonly doubt: Doubt | null;
}

export interface Restored {
  readonly version: number;
  readonly text: string;
  readonly at: number;
}

/**
 * The GM's copy of the encounter: the stored events from the server folded with the engine in the
 * browser, so who may act, the allowed actions and the odds are computed here; only commands travel.
 * Events come from the live socket and from each command's answer; both are folded once, in order.
 */
export class EncounterStore {
  private events: StoredEvent[] = [];
  private pending: StoredEvent[] = [];
  private encounter: Encounter = emptyEncounter();
  private foldKit: FoldKit | null = null;
  private kit: GameKit | null = null;
  private engine: FoldEngine | null = null;
  private kitLoad: Promise<GameKit> | null = null;
  /** Why the whole rules could not load (shown until a later load succeeds). */
  private kitError: string | null = null;
  private status: LinkStatus = 'connecting';
  private error: string | null = null;
  private log: GmLogEntry[] = [];
  private logTop = 0;
  private requests: RequestView[] = [];
  private settings: EncounterSettings | null = null;
  private restored: Restored | null = null;
  private readonly doubt: CommandDoubt;
  private snap: Snapshot;
  private readonly listeners = new Set<() => void>();
  private stop: (() => void) | null = null;

  constructor(private readonly transport: Transport) {
    this.doubt = new CommandDoubt(transport, {
      receive: (events, log) => this.take(events, log),
      wholeKit: () => this.wholeKit(),
      changed: () => this.emit(),
    });
    this.snap = this.build();
  }

  start(): void {
    if (this.stop) return;
    // Reconnects ask for everything after the last batch the socket delivered (not the last event
    // folded): events already folded from a command's answer come again, with their log lines.
    this.stop = this.transport.subscribe(() => this.logTop, {
      events: (seq, e, log, marks) => {
        this.logTop = Math.max(this.logTop, seq);
        const before = this.log;
        this.addLog(log, marks);
        const folded = this.encounter.version;
        this.receive(e);
        // Log lines or marks alone (an undo's strike-through) still change the screen.
        if (this.log !== before && this.encounter.version === folded) this.emit();
        this.doubt.folded(this.encounter.version);
      },
      request: (r) => this.receiveRequest(r),
      settings: (s) => this.setSettings(s),
      status: (s, detail) => {
        this.status = s;
        if (s === 'failed') this.error = detail ?? 'The server refused this link.';
        if (s === 'live') this.doubt.live();
        this.emit();
      },
      reset: (version) => this.reset(version),
    });
  }

  /**
   * The server went back to `version` (a restore): drops what is held here (events, log, requests: the
   * screen reads them again) and folds the events that follow from seq 1; the game's rules stay.
   */
  private reset(version: number): void {
    [this.events, this.pending, this.encounter, this.log, this.logTop, this.requests] = [[], [], emptyEncounter(), [], 0, []];
    const text = `The fight went back to version ${version}: the server’s data was restored from an older backup. The screen shows the fight as the server has it now.`;
    this.restored = { version, text, at: Date.now() };
    // The fight the doubt was about is gone: the screen shows the server's.
    this.doubt.drop();
    // The events from seq 1 follow at once: the screen changes when they are folded (no empty fight between).
    if (version === 0) this.emit();
  }

  close(): void {
    this.stop?.();
    this.stop = null;
    this.doubt.drop();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): Snapshot => this.snap;

  private addLog(lines: readonly GmLogEntry[], marks: readonly Mark[]): void {
    const key = (l: GmLogEntry) => `${l.seq}:${l.text}`;
    const seen = new Set(this.log.map(key));
    const add = lines.filter((l) => !seen.has(key(l)));
    let log = add.length ? [...this.log, ...add] : this.log;
    if (marks.length && log.some((l) => marks.some((m) => m.cmd === l.cmd))) {
      const undone = new Map(marks.map((m) => [m.cmd, m.undone]));
      log = log.map((l) => (undone.has(l.cmd) ? { ...l, undone: undone.get(l.cmd)! } : l));
    }
    this.log = log;
  }

  /** A request created, accepted or rejected (from the socket or from the GM's own answer). */
  receiveRequest(r: RequestView): void {
    this.requests = [...this.requests.filter((x) => x.id !== r.id), r].sort((a, b) => a.id - b.id);
    this.emit();
  }

  /** The events and log lines of a command run elsewhere (an accepted request). */
  receiveResult(events: readonly StoredEvent[], log: readonly GmLogEntry[]): void {
    this.addLog(log, []);
    this.receive(events);
    this.emit();
  }

  setSettings(s: EncounterSettings): void {
    this.settings = s;
    this.emit();
  }

  /**
   * Send a command with the version the GM was looking at; the answer's events are folded at once. An
   * answer lost on the way starts a doubt (`Snapshot.doubt`, command-doubt.ts): while it is checked no
   * other command is sent, and the same command again is never sent as a new one while the doubt is
   * shown (applied: refused; not applied: sent again at its first version; cannot tell: refused).
   */
  async send(command: Command): Promise<Sent> {
    const instead = this.doubt.intercept(command);
    if (instead) return instead;
    const before = this.encounter;
    const sent = await this.transport.send(command, before.version);
    if (sent.ok) {
      this.take(sent.events, sent.log);
      return sent;
    }
    if (sent.unknown) return this.doubt.begin(command, before);
    return { ...sent, message: withoutCommands(sent.message) };
  }

  /** The doubt's buttons (command-doubt.ts): "Send again" (at the version it was first sent at), "Check again", and the message dismissed (a check under way stops). */
  sendAgain = (): Promise<Sent> => this.doubt.sendAgain();
  checkAgain = (): void => this.doubt.checkAgain();
  dismissDoubt = (): void => this.doubt.dismiss();

  /** A command's events with its log lines, from its answer (or a check's read of the server). */
  private take(events: readonly StoredEvent[], log?: readonly GmLogEntry[]): void {
    if (log) this.addLog(log, []);
    this.receive(events);
  }

  /** What the engine here says about a command, without sending it (a dry run for odds and checks). */
  dryRun(command: Command): ReturnType<Engine['decide']> | null {
    const d = this.kit ? this.kit.engine.decide(this.encounter, command) : null;
    return d && !d.ok ? { ok: false, rejection: { ...d.rejection, message: withoutCommands(d.rejection.message) } } : d;
  }

  /**
   * Folds the first events with their game's fold half already loaded (the entry's early events,
   * first-data.ts), before the screen is drawn: its first render is then the fight, not a loading
   * state. The whole rules follow (`wholeKit`). Does nothing once the store has its rules.
   */
  prime(events: readonly StoredEvent[], kit: FoldKit): void {
    if (this.foldKit) return;
    this.setFold(kit);
    this.pending.push(...events);
    this.fold();
    this.snap = this.build();
  }

  /**
   * The game's whole rules (forms, odds, dry runs), once the events have named the game: loaded right
   * after the screen first shows, so a first click seldom waits. Rejects when they cannot load.
   */
  wholeKit(): Promise<GameKit> {
    if (this.kit) return Promise.resolve(this.kit);
    if (this.kitLoad) return this.kitLoad;
    const game = gameOf(this.events) ?? gameOf(this.pending);
    return game ? this.loadWhole(game) : Promise.reject(new Error('The encounter has not named its game yet.'));
  }

  receive(incoming: readonly StoredEvent[]): void {
    if (incoming.length === 0) return;
    this.pending.push(...incoming);
    if (!this.foldKit) {
      const game = gameOf(this.pending);
      if (game) void this.load(game);
      return;
    }
    this.fold();
  }

  private setFold(kit: FoldKit): void {
    this.foldKit = kit;
    this.engine = createFoldEngine([kit.fold]);
    const id = kit.fold.id;
    // After this render: the whole rules must not compete with the screen's first load.
    setTimeout(() => void this.loadWhole(id).catch(() => undefined), 0);
  }

  private loadWhole(rules: string): Promise<GameKit> {
    if (!this.kitLoad) {
      this.kitLoad = loadGame(rules).then(
        (kit) => {
          this.kit = kit;
          this.kitError = null;
          // The same fold with the deciding half: the state, the queries and the log do not change.
          this.engine = kit.engine;
          this.emit();
          return kit;
        },
        (e: unknown) => {
          // The next call tries again (a form opened meanwhile asks, see dialogs.tsx).
          this.kitLoad = null;
          this.kitError = `The rules could not load (${e instanceof Error ? e.message : String(e)}). Check the connection and open the form again.`;
          this.emit();
          throw e;
        },
      );
    }
    return this.kitLoad;
  }

  private async load(rules: string): Promise<void> {
    try {
      const kit = await loadFold(rules);
      if (this.foldKit) return;
      this.setFold(kit);
      this.fold();
    } catch (e) {
      this.error = e instanceof Error ? e.message : String(e);
      this.emit();
    }
  }

  private fold(): void {
    const engine = this.engine;
    if (!engine) return;
    this.pending.sort((a, b) => a.seq - b.seq);
    let changed = false;
    let version = this.encounter.version;
    const rest: StoredEvent[] = [];
    for (const e of this.pending) {
      if (e.seq <= version) continue;
      if (e.seq !== version + 1) {
        rest.push(e);
        continue;
      }
      this.encounter = engine.evolve(this.encounter, e);
      this.events.push(e);
      version = e.seq;
      changed = true;
    }
    this.pending = rest.filter((e) => e.seq > version);
    if (changed) this.emit();
  }

  private build(): Snapshot {
    const engine = this.engine;
    const ready = engine !== null && this.encounter.version > 0;
    return {
      status: this.status,
      fold: this.foldKit,
      kit: this.kit,
      engine,
      encounter: this.encounter,
      view: ready ? inWords(viewOf(engine, this.encounter)) : null,
      events: this.events.slice(),
      log: this.log,
      requests: this.requests,
      settings: this.settings,
      error: this.error ?? this.kitError,
      restored: this.restored,
      doubt: this.doubt.shown,
    };
  }

  private emit(): void {
    this.snap = this.build();
    for (const l of this.listeners) l();
  }
}

