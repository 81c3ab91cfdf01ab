/**
 * What players must not learn: the hidden combatants (their ids and names). A Secrets value answers
 * "does this text mention a hidden combatant?" so free text (log lines, labels, tie-break notes,
 * engine messages) can be dropped before it reaches a player. Pure.
 */
import type { EncounterState } from '../core/index.ts';

export interface Secrets {
  /** Ids of the combatants players may not see. */
  readonly ids: ReadonlySet<string>;
  readonly names: readonly string[];
  /** Whether the text names a hidden combatant (by name or id, whole words, any case). */
  mentions(text: string): boolean;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const WORD = '[\\p{L}\\p{N}_]';

/**
 * Secrets from the hidden combatants of `hiddenIn` (any of the states) plus `extra` (say, hidden
 * combatants removed earlier), minus nobody. Visible combatants of `visibleIn` whose names contain a
 * hidden name ("Goblin 2" beside a hidden "Goblin") are masked first, so they are not mistaken for it.
 */
export function secretsOf(
  hiddenIn: readonly EncounterState[],
  visibleIn: EncounterState,
  extra: ReadonlyMap<string, string> = new Map(),
): Secrets {
  const hidden = new Map<string, string>();
  for (const [id, name] of extra) {
    const now = visibleIn.combatants[id];
    if (!now || now.hidden) hidden.set(id, name);
  }
  for (const s of hiddenIn) {
    for (const c of Object.values(s.combatants)) if (c.hidden) hidden.set(c.id, c.name);
  }
  const visible = Object.values(visibleIn.combatants).filter((c) => !c.hidden && !hidden.has(c.id));
  const visibleNames = new Set(visible.map((c) => c.name.toLowerCase()));
  // A name a visible combatant carries now (a removed hidden one's name reused) is public.
  const names = [...new Set(hidden.values())].filter((n) => n.trim() !== '' && !visibleNames.has(n.toLowerCase()));
  const terms = [...names, ...hidden.keys()].sort((a, b) => b.length - a.length).map(escape);
  if (terms.length === 0) return { ids: new Set(), names: [], mentions: () => false };
  const pattern = new RegExp(`(?<!${WORD})(?:${terms.join('|')})(?!${WORD})`, 'iu');
  const lowerHidden = names.map((n) => n.toLowerCase());
  const maskable = visible
    .map((c) => c.name)
    .filter((n) => lowerHidden.some((h) => n.toLowerCase().includes(h) && n.toLowerCase() !== h))
    .sort((a, b) => b.length - a.length);
  const mask = maskable.length > 0 ? new RegExp(`(?<!${WORD})(?:${maskable.map(escape).join('|')})(?!${WORD})`, 'giu') : null;
  return {
    ids: new Set(hidden.keys()),
    names,
    mentions: (text) => pattern.test(mask ? text.replace(mask, '\u0000') : text),
  };
}

/** No hidden combatants: nothing to scrub. */
export const noSecrets: Secrets = { ids: new Set(), names: [], mentions: () => false };
