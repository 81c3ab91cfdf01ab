import type { Command, Encounter, GmLogEntry, StoredEvent } from '../../../core/index.ts';
import type { GameKit } from '../../games/index.ts';
import { withoutCommands } from '../../shared/words.ts';
import type { Sent, Transport } from './store-transport.ts';
import { sameJson, whatHappened } from './lost-answer.ts';

/**
 * A command whose answer was lost, in the GM's words. `checking`: the store reads the server's events
 * (again and again while it cannot); `not-applied`: "Send again" (`store.sendAgain()`) sends it at the
 * version it was first sent at; `unknown`: "Check again" (`store.checkAgain()`); the rest is said once.
 */
export interface Doubt {
  readonly state: 'checking' | 'applied' | 'not-applied' | 'other' | 'unknown' | 'refused';
  readonly text: string;
  /** How the notice shows it: under way, done (it fades), or to be read (it stays). */
  readonly kind: 'wait' | 'ok' | 'error';
  readonly at: number;
}

export const DOUBT_TEXT = {
  checking: 'The server did not answer: the command may or may not have been applied. Turnkeeper is checking…',
  waiting: 'The server did not answer: the command may or may not have been applied. Turnkeeper checks as soon as the server answers again…',
  busy: 'Turnkeeper is still checking whether the last command was applied: wait for its answer (or dismiss this message) before sending another.',
  resending: 'Sending the command again…',
  applied: 'Applied: the server had done it before its answer was lost. Nothing more to do.',
  resent: 'Sent again: applied.',
  notApplied: 'Not applied: the server did not get the command, the fight is as it was. Send it again?',
  other: 'Not applied: something else changed the fight first (another tab, or a player request accepted). Check the screen and do it again if it is still needed.',
  unknown: 'The fight has changed since the command was sent and Turnkeeper cannot tell whether by this command: look at the log before doing it again.',
  again: 'This command was applied already (its answer was lost on the way). To do it once more, dismiss the message at the top first.',
  unsure: 'Turnkeeper cannot tell whether this command was applied: look at the log, then dismiss the message at the top to send it anyway.',
} as const;

/** The code of a command whose answer was lost (the store then checks: `Snapshot.doubt`). */
export const OUTCOME_UNKNOWN = 'command/outcome-unknown';
/** The code of a command the store held back while one is in doubt. */
export const IN_DOUBT = 'command/in-doubt';

/** Between reads of the events while the server does not answer, in ms (the last one repeats). */
const CHECK_BACKOFF = [300, 1000, 2000, 4000, 5000];

/** What the doubt needs of the GM store. */
export interface DoubtHost {
  /** Folds events the server stored (a check's read, or a send again's answer with its log lines). */
  receive(events: readonly StoredEvent[], log?: readonly GmLogEntry[]): void;
  /** The game's whole rules, to decide the command again (lost-answer.ts). */
  wholeKit(): Promise<GameKit>;
  /** What the doubt shows changed (`shown`). */
  changed(): void;
}

/** A command in doubt: what was sent, at which version, on which encounter. */
interface Doubtful {
  readonly command: Command;
  readonly sentAt: number;
  readonly before: Encounter;
  shown: Doubt;
  timer: ReturnType<typeof setTimeout> | null;
  /** Reads that failed in a row. */
  tries: number;
  /** The checks started: only the latest one's result is said. */
  checks: number;
}

/**
 * The GM store's command in doubt, at most one: it starts when a command's answer is lost (`begin`),
 * is checked by reading the server's events after the version it was sent at, and ends when the GM
 * dismisses it, sends another command, or the fight is restored (`dismiss`, `drop`).
 */
export class CommandDoubt {
  private d: Doubtful | null = null;

  constructor(
    private readonly transport: Pick<Transport, 'send' | 'read'>,
    private readonly host: DoubtHost,
  ) {}

  /** What the screen shows of it, null when there is no doubt. */
  get shown(): Doubt | null {
    return this.d?.shown ?? null;
  }

  /**
   * Before a command is sent: while a doubt is shown, what to answer instead (held back, said in the
   * doubt's notice; or, the same command said not applied, sent again at its first version); null to
   * send it as a new command (a doubt about another command is over: the GM has moved on).
   */
  intercept(command: Command): Sent | Promise<Sent> | null {
    const d = this.d;
    if (!d) return null;
    const state = d.shown.state;
    // Held back, said in the doubt's notice (`at` renewed: shown again if it had faded).
    const held = (text: string, kind: Doubt['kind']): Sent => {
      this.show(d, state, text, kind);
      return { ok: false, code: IN_DOUBT, message: text };
    };
    if (state === 'checking') return held(d.shown.text === DOUBT_TEXT.resending ? d.shown.text : DOUBT_TEXT.busy, 'wait');
    if (sameJson(command, d.command)) {
      if (state === 'not-applied') return this.sendAgain();
      if (state === 'applied') return held(DOUBT_TEXT.again, 'error');
      if (state === 'unknown') return held(DOUBT_TEXT.unsure, 'error');
    }
    this.dismiss();
    return null;
  }

  /** `command`, sent on `before` at its version, lost its answer: the doubt starts, and its check. */
  begin(command: Command, before: Encounter): Sent {
    const doubt: Doubtful = { command, sentAt: before.version, before, shown: { state: 'checking', text: DOUBT_TEXT.checking, kind: 'wait', at: Date.now() }, timer: null, tries: 0, checks: 0 };
    this.drop();
    this.d = doubt;
    this.host.changed();
    void this.check(doubt);
    return { ok: false, code: OUTCOME_UNKNOWN, message: DOUBT_TEXT.checking, unknown: true };
  }

  /**
   * "Send again": the command in doubt, said not applied, sent with the version it was FIRST sent at,
   * so it can never be applied twice. A 409 there (the version moved on) or another lost answer: the
   * events are read again, and say whether the first send was applied after all or another command was.
   */
  async sendAgain(): Promise<Sent> {
    const d = this.d;
    if (!d || d.shown.state !== 'not-applied') return { ok: false, code: IN_DOUBT, message: DOUBT_TEXT.busy };
    // A check under way (the socket brought events) is superseded by this send's own answer.
    d.checks++;
    this.show(d, 'checking', DOUBT_TEXT.resending);
    const sent = await this.transport.send(d.command, d.sentAt);
    if (sent.ok) {
      this.host.receive(sent.events, sent.log);
      this.show(d, 'applied', DOUBT_TEXT.resent);
      return sent;
    }
    // Dismissed meanwhile: the GM no longer waits for this one.
    if (this.d !== d) return sent;
    if (sent.unknown || sent.code === 'encounter/version-conflict') {
      this.show(d, 'checking', DOUBT_TEXT.checking);
      void this.check(d);
      return { ok: false, code: OUTCOME_UNKNOWN, message: DOUBT_TEXT.checking, unknown: true };
    }
    const message = withoutCommands(sent.message);
    this.show(d, 'refused', message);
    return { ...sent, message };
  }

  /** "Check again": the doubt's events read once more. */
  checkAgain(): void {
    const d = this.d;
    if (!d || d.shown.state === 'checking') return;
    d.tries = 0;
    this.show(d, 'checking', DOUBT_TEXT.checking);
    void this.check(d);
  }

  /** The store folded events up to `version`: a command said not applied may yet have arrived late (a proxy gave up while the server was still at it). */
  folded(version: number): void {
    const d = this.d;
    if (d?.shown.state === 'not-applied' && version > d.sentAt) void this.check(d);
  }

  /** The server is back: a check waiting for it need not wait out its delay. */
  live(): void {
    const d = this.d;
    if (d?.shown.state === 'checking' && d.timer) void this.check(d);
  }

  /** The GM dismissed the message: the doubt is over (a check under way stops), and the screen is told. */
  dismiss(): void {
    if (!this.d) return;
    this.drop();
    this.host.changed();
  }

  /** The doubt is over, without a word (the store says what changed). */
  drop(): void {
    if (this.d?.timer) clearTimeout(this.d.timer);
    this.d = null;
  }

  private show(d: Doubtful, state: Doubt['state'], text: string, kind: Doubt['kind'] = state === 'checking' ? 'wait' : state === 'applied' ? 'ok' : 'error'): void {
    // A new `at` each time: the notice shows it anew.
    d.shown = { state, text, kind, at: Math.max(Date.now(), d.shown.at + 1) };
    if (this.d === d) this.host.changed();
  }

  /**
   * Reads the server's events after the version the command was sent at (the live socket may be down
   * or behind: the server's store decides), folds them, and judges (lost-answer.ts). A read that fails
   * is tried again, sooner when the socket is back.
   */
  private async check(d: Doubtful): Promise<void> {
    if (d.timer) clearTimeout(d.timer);
    d.timer = null;
    const n = ++d.checks;
    const current = () => this.d === d && d.checks === n;
    const read = await this.transport.read(d.sentAt).catch(() => null);
    if (!current()) return;
    if (!read) {
      const delay = CHECK_BACKOFF[Math.min(d.tries, CHECK_BACKOFF.length - 1)]!;
      d.tries++;
      if (d.tries > 1 && d.shown.text === DOUBT_TEXT.checking) this.show(d, 'checking', DOUBT_TEXT.waiting);
      d.timer = setTimeout(() => void this.check(d), delay);
      return;
    }
    this.host.receive(read.events);
    const kit = await this.host.wholeKit().catch(() => null);
    if (!current()) return;
    const verdict = whatHappened(d.sentAt, read.events, read.complete, (at) => (kit ? kit.engine.decide(d.before, d.command, at !== undefined ? { at } : {}) : null));
    switch (verdict) {
      case 'applied':
        return this.show(d, 'applied', DOUBT_TEXT.applied);
      case 'not-applied':
        return this.show(d, 'not-applied', DOUBT_TEXT.notApplied);
      case 'other':
        return this.show(d, 'other', DOUBT_TEXT.other);
      default:
        return this.show(d, 'unknown', DOUBT_TEXT.unknown);
    }
  }
}
