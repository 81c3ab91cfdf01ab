import type { CampaignTemplate } from '../../api/campaign-api.ts';

/** The add-combatant command of a bestiary template, `count` alike ("3 x Raider"). */
export function templateCommand(t: CampaignTemplate, count: number, fallbackSide: string): Record<string, unknown> {
  return {
    type: 'add-combatant',
    name: t.name,
    side: t.side ?? fallbackSide,
    kind: 'npc',
    hidden: t.hidden,
    count,
    stats: t.stats,
    ...(t.hp !== null ? { hp: t.hp } : {}),
    ...(t.notes ? { notes: t.notes } : {}),
    ...(t.gmNotes ? { gmNotes: t.gmNotes } : {}),
  };
}

/**
 * Whether a template is a hit for the name typed, as the server's bestiary search finds them (the name
 * contains it, or a tag is it; any case): hits of an earlier search that the name typed since no longer
 * finds are not offered (nor added by Enter) while the new search is on its way.
 */
export function matchesQuery(t: Pick<CampaignTemplate, 'name' | 'tags'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q !== '' && (t.name.toLowerCase().includes(q) || t.tags.some((x) => x.toLowerCase() === q));
}

/**
 * What Enter adds in a campaign fight's quick add: the highlighted hit, or null for the name as typed.
 * `pick` runs over the hits and then "as typed" (`hits.length`); the first hit is highlighted at first.
 */
export function pickedHit<T>(hits: readonly T[], pick: number): T | null {
  return pick >= 0 && pick < hits.length ? hits[pick]! : null;
}

/** The highlight moved by ↓ (+1) or ↑ (-1) over the hits and "as typed", round the ends. */
export function movePick(pick: number, by: 1 | -1, hits: number): number {
  const n = hits + 1;
  return (((pick + by) % n) + n) % n;
}
