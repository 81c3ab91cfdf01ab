import { formatRoll } from '../dice/index.ts';
import { describeDuration } from './condition.ts';
import type { CoreEvent, StoredEvent } from './events.ts';
import { isCoreEvent } from './events.ts';
import { evolve, emptyEncounter } from './encounter.ts';
import type { Encounter } from './encounter.ts';
import { band, gmReader, list, mentionedIn, parseLogText, ref, renderLogParts, sideRef, someone, tracks } from './log-text.ts';
import type { LogNames, LogPart } from './log-text.ts';
import type { FoldModule, LogText } from './rule-module.ts';
import type { EncounterState } from './state.ts';
import { formatDuration } from './turn-clock.ts';

export interface LogEntry {
  readonly seq: number;
  readonly cmd: number;
  readonly round: number;
  /** The line as the GM reads it. */
  readonly text: string;
  /**
   * Players never read this line: written for the GM only (`playerParts` null: GM notes, a hidden
   * combatant joining), or naming someone who was hidden when it was written.
   */
  readonly gmOnly: boolean;
  /** The combatants the event is about (the server redacts by them). */
  readonly about: readonly string[];
  /** The command was undone (and not redone): shown struck through. */
  readonly undone: boolean;
  /** The line with its mentions marked (see log-text.ts): what the player projection renders. */
  readonly parts: readonly LogPart[];
  /** What players read instead of `parts` (the same array when nothing differs); null: GM only. */
  readonly playerParts: readonly LogPart[] | null;
  /** Combatants mentioned in or concerned by the line that were hidden when it was written. */
  readonly hidden: readonly string[];
}

/** A line as sent to a GM client: without the parts players' lines are rendered from. */
export type GmLogEntry = Omit<LogEntry, 'parts' | 'playerParts' | 'hidden'>;

export function gmLogEntry(l: LogEntry): GmLogEntry {
  return { seq: l.seq, cmd: l.cmd, round: l.round, text: l.text, gmOnly: l.gmOnly, about: l.about, undone: l.undone };
}

const ABOUT_KEYS = ['id', 'actor', 'target', 'combatant', 'actors', 'targets', 'combatants', 'to', 'first', 'initiator'];

interface Quoted {
  readonly parts: readonly LogPart[];
  readonly playerParts: readonly LogPart[] | null;
  readonly about: readonly string[];
  readonly hidden: readonly string[];
}

/** The log of an encounter, in words a GM would write. */
export function buildLog(events: Iterable<StoredEvent>, module: FoldModule): LogEntry[] {
  const out: LogEntry[] = [];
  const first = new Map<number, Quoted>();
  let enc: Encounter = emptyEncounter();
  const undoneCmds = new Set<number>();
  for (const stored of events) {
    const before = enc.state;
    const e = stored.event;
    if (e.type === 'undone') undoneCmds.add(e.cmd);
    if (e.type === 'redone') undoneCmds.delete(e.cmd);
    const quoted = e.type === 'undone' || e.type === 'redone' ? first.get(e.cmd) : undefined;
    const line: CoreLine | null = isCoreEvent(e) ? describeCore(e, before, quoted !== undefined, module.roundName ?? 'round') : module.describe(e, before as never);
    enc = evolve(enc, stored, module);
    if (!line) continue;
    const after = enc.state;
    const names = namesAt(before, after);
    let parts = parseLogText(line.text, names);
    const playerNames = line.namesAfter ? namesAt(after, before) : names;
    let playerParts: readonly LogPart[] | null = line.gmOnly ? null : line.player !== undefined ? parseLogText(line.player, playerNames) : parts;
    let about: readonly string[] = aboutOf(e as unknown as Record<string, unknown>);
    const ids = mentionedIn(parts, new Set(about));
    if (playerParts && playerParts !== parts) mentionedIn(playerParts, ids);
    let hidden: readonly string[] = [...ids].filter((id) => (after.combatants[id] ?? before.combatants[id])?.hidden === true);
    if (quoted) {
      // "Undo: <line>" quotes the undone command's first line: as secret as that line.
      parts = [...parts, ...quoted.parts];
      playerParts = playerParts && quoted.playerParts ? [...playerParts, ...quoted.playerParts] : null;
      about = quoted.about;
      hidden = quoted.hidden;
    }
    if (!first.has(stored.cmd)) first.set(stored.cmd, { parts, playerParts, about, hidden });
    out.push({
      seq: stored.seq,
      cmd: stored.cmd,
      round: after.round,
      text: renderLogParts(parts, gmReader) ?? '',
      gmOnly: playerParts === null || (hidden.length > 0 && renderLogParts(playerParts, { ...gmReader, hides: (id) => hidden.includes(id) }) === null),
      about,
      undone: false,
      parts,
      playerParts,
      hidden,
    });
  }
  return out.map((entry) => (undoneCmds.has(entry.cmd) ? { ...entry, undone: true } : entry));
}

function namesAt(before: EncounterState, after: EncounterState): LogNames {
  // Methods, not arrow properties: tsx's esbuild would define the `name` of each arrow, on every line.
  return {
    combatant(id) {
      const c = Object.hasOwn(before.combatants, id) ? before.combatants[id] : Object.hasOwn(after.combatants, id) ? after.combatants[id] : undefined;
      return c ? { name: c.name, pc: c.kind === 'pc' } : undefined;
    },
    side(id) {
      return Object.hasOwn(before.sides, id) ? before.sides[id]?.name : Object.hasOwn(after.sides, id) ? after.sides[id]?.name : undefined;
    },
  };
}

function aboutOf(event: Record<string, unknown>): string[] {
  const ids: string[] = [];
  const condition = event.condition as { duration?: { of?: unknown } } | undefined;
  if (typeof condition?.duration?.of === 'string') ids.push(condition.duration.of);
  for (const key of ABOUT_KEYS) {
    const v = event[key];
    if (typeof v === 'string') ids.push(v);
    else if (Array.isArray(v)) for (const x of v) if (typeof x === 'string') ids.push(x);
  }
  return ids;
}

/** A line; `namesAfter`: players' line names combatants as the event leaves them (a reveal with a new name). */
type CoreLine = LogText & { readonly namesAfter?: true };

function describeCore(e: CoreEvent, s: EncounterState, quoting: boolean, round: string): CoreLine | null {
  switch (e.type) {
    case 'encounter-created':
      return { text: `Encounter${e.title ? ` "${e.title}"` : ''} created (${e.rules.id} rules).` };
    case 'side-added':
      return { text: `Side added: ${sideRef(e.side.id)}${e.side.players ? ' (players)' : ''}.` };
    case 'side-updated':
      return { text: `Side ${sideRef(e.id)} updated.`, gmOnly: true };
    case 'combatant-added': {
      const c = e.combatant;
      return { text: `${ref(c.id)} joins the fight (${c.kind.toUpperCase()}, ${sideRef(c.side)}${c.hidden ? ', hidden' : ''}).`, gmOnly: c.hidden };
    }
    case 'combatant-removed':
      return { text: `${ref(e.id)} leaves the fight.` };
    case 'combatant-updated': {
      const parts = Object.entries(e.changes).map(([k, v]) =>
        k === 'name' ? `renamed to ${String(v)}` : k === 'hidden' ? (v ? 'now hidden' : 'now visible') : `${k} changed`,
      );
      // Players learn of a combatant when the GM reveals it, nothing else of the change; revealed and
      // renamed in one edit, it appears under its new name (the one it had while hidden is secret).
      const revealed = e.changes.hidden === false && s.combatants[e.id]?.hidden === true;
      return { text: `${ref(e.id)}: ${parts.join(', ') || 'updated'}.`, ...(revealed ? { player: `${ref(e.id)} appears.`, namesAfter: true } : { gmOnly: true }) };
    }
    case 'defeated-set':
      return {
        text: e.defeated ? `${ref(e.id)} is defeated${e.reason ? tracks(e.id, ` (${e.reason})`, '') : ''}.` : `${ref(e.id)} is back in the fight.`,
      };
    case 'track-changed':
      return { text: trackLine(e, s) };
    case 'condition-added':
      return { text: `${ref(e.id)}: ${e.condition.name} ${describeDuration(e.condition.duration, someone)}.` };
    case 'condition-removed':
      return { text: `${ref(e.id)}: ${e.name} ${e.reason === 'expired' ? 'expired' : 'removed'}.` };
    case 'roster-reordered':
      return { text: 'The GM reordered the roster.', gmOnly: true };
    case 'round-started':
      return { text: e.round === 0 ? `Before ${round} 1.` : `${round[0]!.toUpperCase()}${round.slice(1)} ${e.round}.` };
    // A list, so that players who see one of a tied group read what they would read of it acting alone.
    case 'turn-started':
      return { text: `${e.label ? `${e.label}: ` : ''}${list(e.actors.map(ref), { sep: ' and ', one: ' acts', many: ' act together', min: e.actors.length > 0 ? 1 : 0 })}.` };
    case 'turn-ended':
      return { text: `End of ${list(e.actors.map(ref), { sep: ' and ', min: e.actors.length > 0 ? 1 : 0 })}'s turn.` };
    case 'turn-timed':
      return turnTimedLine(e);
    case 'clock-paused':
      return { text: 'The clock is paused.' };
    case 'clock-resumed':
      return { text: 'The clock is resumed.' };
    case 'encounter-ended':
      return { text: `The encounter ends${e.reason ? `: ${e.reason}` : ''}.` };
    case 'encounter-reopened':
      return { text: 'The encounter is reopened.' };
    case 'note-added':
      return { text: e.text, gmOnly: e.gmOnly };
    case 'undone':
      return { text: quoting ? 'Undo: ' : `Undo: command ${e.cmd}` };
    case 'redone':
      return { text: quoting ? 'Redo: ' : `Redo: command ${e.cmd}` };
    case 'rng-advanced':
      return null;
  }
}

/**
 * "Vasquez's turn: 1:32." when a timed turn ends. Players read it only when they see someone who acted
 * in it: the GM's turns (a decision, a round waiting) and hidden combatants' turns are the GM's alone,
 * so that players cannot tell one from the other.
 */
function turnTimedLine(e: Extract<CoreEvent, { type: 'turn-timed' }>): CoreLine | null {
  if (!e.ended) return null;
  const took = formatDuration(e.ended.took);
  if (e.ended.actors.length === 0) return { text: `The GM's turn: ${took}.`, gmOnly: true };
  return { text: `${list(e.ended.actors.map(ref), { sep: ' and ', min: 1 })}'s turn: ${took}.` };
}

/**
 * "Goblin takes 2 damage (HP 7 → 5/7)." for whoever reads Goblin's tracks; "Goblin takes damage (Hurt)."
 * or "Goblin takes damage." for players who see NPC HP as bands or not at all. Other tracks of an NPC
 * (ammo, less-lethal damage) are the GM's, and its readers', only.
 */
function trackLine(e: Extract<CoreEvent, { type: 'track-changed' }>, s: EncounterState): string {
  // Damage or heal rolled as dice: the roll before the range ("2d6: [3, 4] = 7; HP 10 → 3/10").
  const range = `${e.roll ? `${formatRoll(e.roll)}; ` : ''}${e.track === 'hp' ? 'HP ' : ''}${e.from} → ${e.to}${e.max !== undefined ? `/${e.max}` : ''}`;
  if (e.track !== 'hp') {
    const label = s.combatants[e.id]?.tracks[e.track]?.label ?? e.track;
    return tracks(e.id, `${ref(e.id)}: ${label} ${e.roll ? `(${range})` : range}.`, '');
  }
  const diff = e.to - e.from;
  const max = e.max ?? s.combatants[e.id]?.tracks.hp?.max;
  const now = band(e.id, { value: e.to, ...(max !== undefined ? { max } : {}), before: ' (', after: ')' });
  if (e.reason === 'set') return `${ref(e.id)}${tracks(e.id, ` HP set (${range})`, `'s HP changes${now}`)}.`;
  if (diff < 0) return `${ref(e.id)}${tracks(e.id, ` takes ${-diff} damage (${range})`, ` takes damage${now}`)}.`;
  return `${ref(e.id)}${tracks(e.id, ` heals ${diff} (${range})`, ` heals${now}`)}.`;
}
