/**
 * The log as players read it: each line rendered from its parts (src/core/log-text.ts) for a reader who
 * may not see the secret combatants and sides, reads an NPC's numbers only as the GM chose (exact, HP
 * bands, or nothing), and reads free text with secret names replaced by "someone". A line naming a
 * secret combatant outside a list is left out; in a list, only its item. Pure.
 */
import { mentionedIn, renderLogParts } from '../../core/index.ts';
import type { EncounterState, LogEntry, LogReader } from '../../core/index.ts';
import { hpBand } from './hp-band.ts';
import type { RosterHistory } from './roster-history.ts';
import type { Secrets } from './secrets.ts';
import type { EncounterSettings } from './settings.ts';

export interface PlayerLogEntry {
  readonly seq: number;
  readonly cmd: number;
  readonly round: number;
  readonly text: string;
  readonly undone: boolean;
}

/** How players read the log now: `secrets` and the settings, over `state` (and `history` for combatants gone). */
export function playerReader(state: EncounterState, settings: EncounterSettings, secrets: Secrets, history?: RosterHistory): LogReader {
  // Methods rather than arrow properties: the server runs from source through tsx, whose esbuild names
  // each arrow property by defining its `name` whenever one is made (a reader is made per batch).
  return {
    hides(id) {
      return secrets.ids.has(id);
    },
    hidesSide(id) {
      return secrets.sides.has(id);
    },
    // A PC's numbers are the table's; an NPC's only in "exact" mode. A PC turned NPC since is an NPC.
    readsTracks(id, pc) {
      if (settings.npcHp === 'exact') return true;
      if (!pc) return false;
      const kindNow = Object.hasOwn(state.combatants, id) ? state.combatants[id]!.kind : history?.combatant(id)?.kind;
      return kindNow !== 'npc';
    },
    band(_id, value, max) {
      return settings.npcHp === 'bands' ? hpBand({ value, ...(max !== undefined ? { max } : {}) }, settings.bands) : null;
    },
    text(s) {
      return secrets.scrub(s);
    },
  };
}

/** The line as players read it, or null when they do not read it. */
export function playerLine(entry: LogEntry, reader: LogReader): PlayerLogEntry | null {
  const parts = entry.playerParts;
  if (!parts) return null;
  const hides = entry.hidden.length === 0 ? reader.hides : (id: string): boolean => entry.hidden.includes(id) || reader.hides(id);
  // A line about someone secret that does not name them (so cannot drop just that mention) is left out.
  if (entry.about.length > 0) {
    const named = mentionedIn(parts);
    for (const id of entry.about) if (!named.has(id) && hides(id)) return null;
  }
  const text = renderLogParts(parts, hides === reader.hides ? reader : { ...reader, hides });
  if (text === null || text.trim() === '') return null;
  return { seq: entry.seq, cmd: entry.cmd, round: entry.round, text, undone: entry.undone };
}

/** The lines players read among `lines`. */
export function playerLog(lines: readonly LogEntry[], reader: LogReader): PlayerLogEntry[] {
  const out: PlayerLogEntry[] = [];
  for (const l of lines) {
    const p = playerLine(l, reader);
    if (p) out.push(p);
  }
  return out;
}
