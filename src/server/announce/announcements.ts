/**
 * What a committed batch posts to Discord, built from the player side only: the player view before and
 * after the batch (../players redact.ts) and the log lines players read of it. "Round 3" when a round
 * starts, whose turn it is as players see it ("Vasquez is up"; a hidden combatant's turn reads as the
 * GM's pause, as it does on the phones), and at the end a short summary of what players saw (the
 * story players read, ../players player-story.ts, when there is one). Nothing here reads the engine's
 * state, events or the GM's log. Pure.
 */
import { dealtText, formatDuration, takenText } from '../../core/index.ts';
import type { StorySummary } from '../../core/index.ts';
import type { PlayerLogEntry, PlayerView } from '../players/index.ts';
import type { DiscordSetting } from '../players/index.ts';

/** What a post depends on in a player view: the round, the status, whose turn (as a key). */
export interface Moment {
  readonly round: number;
  readonly ended: boolean;
  readonly turn: string | null;
}

/** A summary lists this many names of each kind at most ("and 12 more"). */
const MAX_NAMES = 20;

function namesOf(view: PlayerView, ids: readonly string[]): string {
  return ids.map((id) => view.combatants.find((c) => c.id === id)?.name ?? 'someone').join(' and ');
}

function sideName(view: PlayerView, id: string): string {
  return view.sides.find((s) => s.id === id)?.name ?? 'A side';
}

/** Whose turn it is in the view, as a key two views compare by; null when nobody's (setup, a pass, the end). */
function turnKey(view: PlayerView): string | null {
  const now = view.now;
  switch (now.kind) {
    case 'actor':
      return JSON.stringify(['actor', now.round, now.actor, now.next === true, now.phase ?? null]);
    case 'side':
      return JSON.stringify(['side', now.round, now.side, now.active, now.phase ?? null]);
    case 'group':
      return JSON.stringify(['group', now.round, now.actors, now.phase ?? null]);
    case 'decision':
      return JSON.stringify(['decision', now.round, now.question]);
    default:
      return null;
  }
}

export function momentOf(view: PlayerView): Moment {
  return { round: view.round, ended: view.now.kind === 'ended', turn: turnKey(view) };
}

/** "Vasquez is up", in players' words; null when the view names nobody's turn. */
export function turnWords(view: PlayerView): string | null {
  const now = view.now;
  switch (now.kind) {
    case 'actor':
      return `${namesOf(view, [now.actor])} is ${now.next ? 'next' : 'up'}.`;
    case 'side':
      return now.active ? `${namesOf(view, [now.active])} is up (for ${sideName(view, now.side)}).` : `${sideName(view, now.side)} is up.`;
    case 'group':
      return `${namesOf(view, now.actors)} ${now.actors.length === 1 ? 'is' : 'are'} up, at the same time.`;
    case 'decision':
      // The GM's own decision and a hidden combatant's turn read the same (GM_PAUSE): so do the posts.
      return now.question;
    default:
      return null;
  }
}

function listed(names: readonly string[]): string {
  if (names.length <= MAX_NAMES) return names.join(', ');
  return `${names.slice(0, MAX_NAMES).join(', ')} and ${names.length - MAX_NAMES} more`;
}

/** One combatant's part in the story players read: "Vasquez (PC): dealt 7, took 3, down." */
function storyLine(r: StorySummary['combatants'][number]): string {
  const parts = [`dealt ${dealtText(r)}`, `took ${takenText(r)}`, ...(r.healed ? [`healed ${r.healed}`] : []), ...(r.downs.length > 0 ? ['down'] : [])];
  return `${r.name}${r.kind === 'pc' ? ' (PC)' : ''}: ${parts.join(', ')}.`;
}

/**
 * The fight's end as players saw it: the end line they read, the rounds, and each visible combatant's
 * part from the story players read (`story`), or without one who stands and who is down.
 */
export function summaryLines(view: PlayerView, lines: readonly PlayerLogEntry[], story: StorySummary | null = null): string[] {
  const out: string[] = [];
  const end = [...lines].reverse().find((l) => !l.undone && l.text.startsWith('The encounter ends'));
  out.push(end ? end.text : 'The fight is over.');
  if (story) {
    const n = story.rounds.filter((r) => r.round > 0).length;
    if (n > 0) out.push(`It lasted ${n} ${story.roundName}${n === 1 ? '' : 's'}${story.totalMs ? ` (${formatDuration(story.totalMs)} on turns)` : ''}.`);
    const rows = story.combatants.slice(0, MAX_NAMES).map(storyLine);
    const more = story.combatants.length - rows.length;
    return [...out, ...rows, ...(more > 0 ? [`And ${more} more.`] : [])];
  }
  if (view.round > 0) out.push(`It lasted ${view.round} round${view.round === 1 ? '' : 's'}.`);
  const standing = view.combatants.filter((c) => !c.defeated).map((c) => c.name);
  const down = view.combatants.filter((c) => c.defeated).map((c) => c.name);
  if (standing.length > 0) out.push(`Still standing: ${listed(standing)}.`);
  if (down.length > 0) out.push(`Down: ${listed(down)}.`);
  return out;
}

/**
 * The lines a batch posts: from the moment before it (`before`, of the player view before the batch)
 * to the player view after it, and the lines players read of it. `events` says which kinds the GM wants;
 * `story`, asked only at the end, the story players read.
 */
export function announcements(
  before: Moment,
  after: PlayerView,
  lines: readonly PlayerLogEntry[],
  events: DiscordSetting['events'],
  story: () => StorySummary | null = () => null,
): string[] {
  const now = momentOf(after);
  if (now.ended) return !before.ended && events.summary ? summaryLines(after, lines, story()) : [];
  const out: string[] = [];
  if (events.round && now.round > before.round && now.round > 0 && after.status !== 'setup') out.push(`Round ${now.round}`);
  if (events.up && now.turn !== null && (now.turn !== before.turn || before.ended)) {
    const words = turnWords(after);
    if (words) out.push(words);
  }
  return out;
}

/** A line as Discord shows it: markdown, headings, quotes and masked links made literal, mentions broken; a round start in bold. */
export function discordLine(text: string): string {
  if (/^Round \d+$/.test(text)) return `**${text}**`;
  return text.replace(/[\\*_~`|<>#[\]@]/g, (ch) => (ch === '@' ? '@\u200B' : `\\${ch}`));
}
