/**
 * What players must not learn: the combatants they may not know of (hidden now; or, if gone from the
 * fight, hidden when last seen), the sides with nobody they may see, every name those have ever
 * carried, and the names a combatant carried only while hidden (revealed as "Hooded figure", it does not
 * give away that it was "Traitor Zorblax"). Structured text (log lines, ids) is redacted per mention;
 * free text people typed (labels, notes, condition names, track names) is searched for those names in
 * any spelling (text-match.ts: Unicode-normalised, case-folded, whole words) and each mention replaced
 * with "someone". Also the ids players know the others by (player-ids.ts). Pure.
 */
import type { EncounterState } from '../../core/index.ts';
import { engineIds, playerIdsOfState } from './player-ids.ts';
import type { PlayerIds } from './player-ids.ts';
import type { RosterHistory } from './roster-history.ts';
import { NameMatcher, fold } from './text-match.ts';

export interface Secrets {
  /** Ids of the combatants players may not know of. */
  readonly ids: ReadonlySet<string>;
  /** Ids of the sides players may not know of. */
  readonly sides: ReadonlySet<string>;
  /** Every name, current or former, of those combatants and sides (minus names visible ones carry now). */
  readonly names: readonly string[];
  /** The ids players know the others by. */
  readonly playerIds: PlayerIds;
  /** Whether the text names one of them (by a name or id, as a whole word, in any spelling). */
  mentions(text: string): boolean;
  /** The text with each such mention replaced by "someone". */
  scrub(text: string): string;
}

/** The secrets of `state`, with `history` for former names, combatants no longer in the fight and player ids. */
export function secretsOf(state: EncounterState, history?: RosterHistory): Secrets {
  const ids = new Set<string>();
  const names = new Set<string>();
  const visibleSides = new Set<string>();
  const present = (id: string): boolean => Object.hasOwn(state.combatants, id);
  for (const c of Object.values(state.combatants)) {
    if (c.hidden) ids.add(c.id);
    else visibleSides.add(c.side);
    if (c.hidden) names.add(c.name);
  }
  if (history) {
    for (const [id, known] of history.combatants()) {
      const secret = present(id) ? state.combatants[id]!.hidden : known.hidden;
      if (secret) ids.add(id);
      else if (!present(id)) visibleSides.add(known.side);
      for (const [n, seen] of known.names) if (secret || !seen) names.add(n);
    }
  }
  const sides = new Set<string>();
  for (const id of new Set([...Object.keys(state.sides), ...(history?.sides() ?? [])])) {
    if (visibleSides.has(id)) continue;
    sides.add(id);
    if (Object.hasOwn(state.sides, id)) names.add(state.sides[id]!.name);
    for (const n of history?.sideNamesOf(id) ?? []) names.add(n);
  }
  const playerIds = history ? history.players.ids(ids) : playerIdsOfState(state, ids);
  const visible = Object.values(state.combatants).filter((c) => !c.hidden);
  // A name someone visible carries now (a removed hidden one's name reused) is public.
  const visibleNames = [...visible.map((c) => c.name), ...[...visibleSides].map((id) => state.sides[id]?.name ?? '')];
  const publicNames = new Set(visibleNames.map(fold));
  const secretNames = [...names].filter((n) => n.trim() !== '' && !publicNames.has(fold(n)));
  if (secretNames.length === 0 && ids.size === 0) return { ids, sides, names: [], playerIds, mentions: () => false, scrub: (t) => t };
  // Visible names that contain a secret one ("Goblin 2" beside a hidden "Goblin") are found too, and kept.
  const folded = secretNames.map(fold);
  const kept = visibleNames.filter((n) => n.trim() !== '' && folded.some((s) => fold(n).includes(s))).map((text) => ({ text, as: null }));
  const matcher = new NameMatcher([...[...secretNames, ...ids].map((text) => ({ text })), ...kept]);
  return {
    ids,
    sides,
    names: secretNames,
    playerIds,
    mentions: (text) => matcher.mentions(text),
    scrub: (text) => matcher.replace(text, 'someone'),
  };
}

/** No hidden combatants: nothing to scrub, and players know everyone by the engine's ids. */
export const noSecrets: Secrets = { ids: new Set(), sides: new Set(), names: [], playerIds: engineIds, mentions: () => false, scrub: (t) => t };
