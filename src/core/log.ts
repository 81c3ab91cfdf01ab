import { describeDuration } from './condition.ts';
import type { CoreEvent, StoredEvent } from './events.ts';
import { isCoreEvent } from './events.ts';
import { evolve, emptyEncounter } from './encounter.ts';
import type { Encounter } from './encounter.ts';
import type { LogText, RuleModule } from './rule-module.ts';
import type { EncounterState } from './state.ts';
import { nameOf } from './state.ts';

export interface LogEntry {
  readonly seq: number;
  readonly cmd: number;
  readonly round: number;
  readonly text: string;
  /** Never sent to players: hidden combatants, GM notes. */
  readonly gmOnly: boolean;
  /** The combatants the line is about (the server redacts by them). */
  readonly about: readonly string[];
  /** The command was undone (and not redone): shown struck through. */
  readonly undone: boolean;
}

const ABOUT_KEYS = ['id', 'actor', 'target', 'combatant', 'actors', 'targets', 'combatants', 'to', 'first', 'initiator'];

/** The log of an encounter, in words a GM would write. */
export function buildLog(events: Iterable<StoredEvent>, module: RuleModule): LogEntry[] {
  const out: LogEntry[] = [];
  const firstText = new Map<number, string>();
  const firstGmOnly = new Map<number, boolean>();
  let enc: Encounter = emptyEncounter();
  const undoneCmds = new Set<number>();
  for (const stored of events) {
    const before = enc.state;
    const e = stored.event;
    if (e.type === 'undone') undoneCmds.add(e.cmd);
    if (e.type === 'redone') undoneCmds.delete(e.cmd);
    const line = isCoreEvent(e) ? describeCore(e, before, firstText) : module.describe(e, before as never);
    enc = evolve(enc, stored, module);
    if (!line) continue;
    const about = aboutOf(e as unknown as Record<string, unknown>);
    const hidden = about.some((id) => (before.combatants[id] ?? enc.state.combatants[id])?.hidden);
    // "Undo: <line>" quotes the undone command's first line, so it is as secret as that line.
    const quoted = e.type === 'undone' || e.type === 'redone' ? (firstGmOnly.get(e.cmd) ?? false) : false;
    const gmOnly = Boolean(line.gmOnly) || hidden || quoted;
    if (!firstText.has(stored.cmd)) {
      firstText.set(stored.cmd, line.text);
      firstGmOnly.set(stored.cmd, gmOnly);
    }
    out.push({
      seq: stored.seq,
      cmd: stored.cmd,
      round: enc.state.round,
      text: line.text,
      gmOnly,
      about,
      undone: false,
    });
  }
  return out.map((entry) => (undoneCmds.has(entry.cmd) ? { ...entry, undone: true } : entry));
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

function describeCore(e: CoreEvent, s: EncounterState, firstText: ReadonlyMap<number, string>): LogText | null {
  const n = (id: string): string => nameOf(s, id);
  switch (e.type) {
    case 'encounter-created':
      return { text: `Encounter${e.title ? ` "${e.title}"` : ''} created (${e.rules.id} rules).` };
    case 'side-added':
      return { text: `Side added: ${e.side.name}${e.side.players ? ' (players)' : ''}.` };
    case 'side-updated':
      return { text: `Side ${s.sides[e.id]?.name ?? e.id} updated.`, gmOnly: true };
    case 'combatant-added': {
      const c = e.combatant;
      const side = s.sides[c.side]?.name ?? c.side;
      return { text: `${c.name} joins the fight (${c.kind.toUpperCase()}, ${side}${c.hidden ? ', hidden' : ''}).`, gmOnly: c.hidden };
    }
    case 'combatant-removed':
      return { text: `${n(e.id)} leaves the fight.` };
    case 'combatant-updated': {
      const parts = Object.entries(e.changes).map(([k, v]) =>
        k === 'name' ? `renamed to ${String(v)}` : k === 'hidden' ? (v ? 'now hidden' : 'now visible') : `${k} changed`,
      );
      return { text: `${n(e.id)}: ${parts.join(', ') || 'updated'}.`, gmOnly: true };
    }
    case 'defeated-set':
      return { text: e.defeated ? `${n(e.id)} is defeated${e.reason ? ` (${e.reason})` : ''}.` : `${n(e.id)} is back in the fight.` };
    case 'track-changed': {
      const max = e.max;
      const range = `${e.from} → ${e.to}${max !== undefined ? `/${max}` : ''}`;
      if (e.track !== 'hp') {
        const label = s.combatants[e.id]?.tracks[e.track]?.label ?? e.track;
        return { text: `${n(e.id)}: ${label} ${range}.` };
      }
      const diff = e.to - e.from;
      const what = e.reason === 'set' ? 'HP set' : diff < 0 ? `takes ${-diff} damage` : `heals ${diff}`;
      return { text: `${n(e.id)} ${what} (HP ${range}).` };
    }
    case 'condition-added':
      return { text: `${n(e.id)}: ${e.condition.name} ${describeDuration(e.condition.duration, n)}.` };
    case 'condition-removed':
      return { text: `${n(e.id)}: ${e.name} ${e.reason === 'expired' ? 'expired' : 'removed'}.` };
    case 'roster-reordered':
      return { text: 'The GM reordered the roster.', gmOnly: true };
    case 'round-started':
      return { text: e.round === 0 ? 'Before round 1.' : `Round ${e.round}.` };
    case 'turn-started':
      return { text: `${e.label ? `${e.label}: ` : ''}${e.actors.map(n).join(' and ')} ${e.actors.length > 1 ? 'act together' : 'acts'}.` };
    case 'turn-ended':
      return { text: `End of ${e.actors.map(n).join(' and ')}'s turn.` };
    case 'encounter-ended':
      return { text: `The encounter ends${e.reason ? `: ${e.reason}` : ''}.` };
    case 'encounter-reopened':
      return { text: 'The encounter is reopened.' };
    case 'note-added':
      return { text: e.text, gmOnly: e.gmOnly };
    case 'undone':
      return { text: `Undo: ${firstText.get(e.cmd) ?? `command ${e.cmd}`}` };
    case 'redone':
      return { text: `Redo: ${firstText.get(e.cmd) ?? `command ${e.cmd}`}` };
    case 'rng-advanced':
      return null;
  }
}
