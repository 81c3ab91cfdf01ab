/**
 * What players must not learn: the combatants they may not know of (hidden now; or, if gone from the
 * fight, hidden when last seen), the sides with nobody they may see, every name those have ever
 * carried, and the names a combatant carried only while hidden (revealed as "Hooded figure", it does not
 * give away that it was "Traitor Zorblax"). Structured text (log lines, ids) is redacted per mention; free text people typed (labels,
 * notes, condition names) is searched for those names, whole words in any case, and each mention
 * replaced with "someone". Pure.
 */
import type { EncounterState } from '../core/index.ts';
import type { RosterHistory } from './roster-history.ts';

export interface Secrets {
  /** Ids of the combatants players may not know of. */
  readonly ids: ReadonlySet<string>;
  /** Ids of the sides players may not know of. */
  readonly sides: ReadonlySet<string>;
  /** Every name, current or former, of those combatants and sides (minus names visible ones carry now). */
  readonly names: readonly string[];
  /** Whether the text names one of them (by a name or id, as a whole word, any case). */
  mentions(text: string): boolean;
  /** The text with each such mention replaced by "someone". */
  scrub(text: string): string;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const WORD = '[\\p{L}\\p{N}_]';
/** Stands in for a masked visible name while scrubbing (a reserved character no text may contain). */
const MASK = '\uE00F';
const MASKS = /\uE00F/gu;

/** The secrets of `state`, with `history` for former names and combatants no longer in the fight. */
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
  const visible = Object.values(state.combatants).filter((c) => !c.hidden);
  // A name someone visible carries now (a removed hidden one's name reused) is public.
  const publicNames = new Set([...visible.map((c) => c.name.toLowerCase()), ...[...visibleSides].map((id) => state.sides[id]?.name.toLowerCase() ?? '')]);
  const secretNames = [...names].filter((n) => n.trim() !== '' && !publicNames.has(n.toLowerCase()));
  const terms = [...secretNames, ...ids].sort((a, b) => b.length - a.length).map(escape);
  if (terms.length === 0) return { ids, sides, names: [], mentions: () => false, scrub: (t) => t };
  const pattern = new RegExp(`(?<!${WORD})(?:${terms.join('|')})(?!${WORD})`, 'giu');
  // Visible names that contain a secret one ("Goblin 2" beside a hidden "Goblin") are masked first.
  const lowerSecret = secretNames.map((n) => n.toLowerCase());
  const maskable = visible
    .map((c) => c.name)
    .filter((n) => lowerSecret.some((h) => n.toLowerCase().includes(h) && n.toLowerCase() !== h))
    .sort((a, b) => b.length - a.length);
  const mask = maskable.length > 0 ? new RegExp(`(?<!${WORD})(?:${maskable.map(escape).join('|')})(?!${WORD})`, 'giu') : null;
  const scrub = (text: string): string => {
    if (!mask) return text.replace(pattern, 'someone');
    const kept: string[] = [];
    const masked = text.replace(mask, (m) => {
      kept.push(m);
      return MASK;
    });
    let i = 0;
    return masked.replace(pattern, 'someone').replace(MASKS, () => kept[i++] ?? '');
  };
  return {
    ids,
    sides,
    names: secretNames,
    mentions: (text) => {
      pattern.lastIndex = 0;
      const t = mask ? text.replace(mask, MASK) : text;
      pattern.lastIndex = 0;
      return pattern.test(t);
    },
    scrub: (text) => (text === '' ? text : scrub(text.replace(MASKS, ''))),
  };
}

/** No hidden combatants: nothing to scrub. */
export const noSecrets: Secrets = { ids: new Set(), sides: new Set(), names: [], mentions: () => false, scrub: (t) => t };
