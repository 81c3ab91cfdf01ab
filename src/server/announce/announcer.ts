/**
 * The encounter service's listener for committed batches (`ServiceDeps.onCommitted`): when the GM has
 * set a Discord webhook, it turns the batch into lines from the player side only (the player view
 * before and after, the lines players read: announcements.ts) and hands them to the poster, which
 * posts later, off the command's path. What the GM sees of it: the last post that went through and
 * the last failure, per encounter (kept in memory, per instance; `status`), and a test message.
 */
import type { Encounter, Engine, StoredEvent, StorySummary } from '../../core/index.ts';
import type { LoadedEncounter } from '../encounters/index.ts';
import { playerView } from '../players/index.ts';
import type { Clock } from '../shared/index.ts';
import { announcements, discordLine, momentOf } from './announcements.ts';
import type { Moment } from './announcements.ts';
import { DiscordPoster } from './discord-poster.ts';
import type { PostResult, PosterOptions } from './discord-poster.ts';

export interface DiscordStatus {
  /** When a post last went through (ISO time), or null. */
  readonly lastOk: string | null;
  /** The last post that did not, with Discord's status (0: no answer) and what it means. */
  readonly lastFailure: { readonly at: string; readonly status: number; readonly message: string } | null;
  /** Posts that went through since the server started. */
  readonly posted: number;
  /** Lines waiting to be posted. */
  readonly waiting: number;
}

/** Encounters whose status and last moment are kept (the least recently touched go first). */
const MAX_TRACKED = 1000;

/** Before a new encounter's first events. */
const NOTHING_YET: Moment = { round: 0, ended: false, turn: null };

export const TEST_MESSAGE = 'Turnkeeper is connected: this channel will get the rounds, whose turn it is and the end of the fight, as the players see them.';

interface Tracked {
  lastOk: string | null;
  lastFailure: DiscordStatus['lastFailure'];
  posted: number;
  /** The player view's moment after the last batch seen, at that version. */
  moment: { readonly version: number; readonly at: Moment } | null;
}

export class Announcer {
  private readonly poster: DiscordPoster;
  private readonly tracked = new Map<string, Tracked>();

  constructor(
    private readonly engine: Engine,
    private readonly clock: Clock,
    options: PosterOptions = {},
    private readonly onError?: (error: unknown, where: string) => void,
  ) {
    this.poster = new DiscordPoster(options, (owner, result) => this.record(owner, result), clock);
  }

  /**
   * A batch was committed (and published) to `l`, which was `before` until then (null: a new encounter). Runs in the encounter's
   * queue: takes what it needs now, synchronously, and never waits for Discord. Never throws.
   */
  committed(l: LoadedEncounter, before: Encounter | null, stored: readonly StoredEvent[]): void {
    try {
      const discord = l.settings.discord;
      if (discord.webhook === null) {
        const t = this.tracked.get(l.id);
        if (t) t.moment = null;
        return;
      }
      if (stored.length === 0) return;
      const t = this.touch(l.id);
      const from = before === null ? NOTHING_YET : t.moment?.version === before.version ? t.moment.at : momentOf(playerView(this.engine, before, l.settings, l.secrets()));
      const after = l.playerView();
      t.moment = { version: l.version, at: momentOf(after) };
      const story = (): StorySummary | null => {
        try {
          return l.playerStory();
        } catch (e) {
          this.onError?.(e, 'discord summary');
          return null;
        }
      };
      const lines = announcements(from, after, l.playerLines(stored), discord.events, story);
      if (lines.length > 0) this.poster.post(discord.webhook, l.id, lines.map(discordLine));
    } catch (e) {
      this.onError?.(e, 'discord');
    }
  }

  /** Posts the test message to the encounter's webhook (in its queue, after lines already waiting). */
  sendTest(id: string, webhook: string): Promise<PostResult> {
    this.touch(id);
    return this.poster.postNow(webhook, id, TEST_MESSAGE);
  }

  status(id: string, webhook: string | null): DiscordStatus {
    const t = this.tracked.get(id);
    return { lastOk: t?.lastOk ?? null, lastFailure: t?.lastFailure ?? null, posted: t?.posted ?? 0, waiting: webhook ? this.poster.waiting(webhook) : 0 };
  }

  close(): void {
    this.poster.close();
  }

  private record(id: string, result: PostResult): void {
    const t = this.touch(id);
    const at = new Date(this.clock()).toISOString();
    if (result.ok) {
      t.lastOk = at;
      t.posted++;
    } else {
      t.lastFailure = { at, status: result.status, message: result.message };
    }
  }

  private touch(id: string): Tracked {
    let t = this.tracked.get(id);
    if (t) this.tracked.delete(id);
    else t = { lastOk: null, lastFailure: null, posted: 0, moment: null };
    this.tracked.set(id, t);
    for (const oldest of this.tracked.keys()) {
      if (this.tracked.size <= MAX_TRACKED) break;
      this.tracked.delete(oldest);
    }
    return t;
  }
}
