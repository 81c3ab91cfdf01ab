import type { Condition } from './condition.ts';

/** A named, bounded counter: HP, less-lethal damage, Luck, ammunition, a reaction pool. */
export interface Track {
  readonly value: number;
  readonly max?: number;
  /** Lowest value the track can reach (default 0). */
  readonly min?: number;
  /** Damage raises this track instead of lowering it (less-lethal damage, stress); heal lowers it. */
  readonly rising?: boolean;
  /** How the log names it ("less-lethal damage"); the key otherwise. */
  readonly label?: string;
}

export type CombatantKind = 'pc' | 'npc';

/** The most combatants an encounter holds (add-combatant refuses more; so does an import). */
export const MAX_COMBATANTS = 500;

export interface Combatant {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly kind: CombatantKind;
  /** Hidden combatants never reach the player view. */
  readonly hidden: boolean;
  readonly defeated: boolean;
  /** The rule module's stats, validated by its schema. */
  readonly stats: Readonly<Record<string, unknown>>;
  readonly tracks: Readonly<Record<string, Track>>;
  readonly conditions: readonly Condition[];
  readonly notes: string;
  /** Never shown to players. */
  readonly gmNotes: string;
}

/** PCs, or one group of NPCs. `players` marks a PC side (PC sides win ties in the Sine Nomine games). */
export interface Side {
  readonly id: string;
  readonly name: string;
  readonly players: boolean;
}

export function sideIdFor(name: string): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'side' : slug;
}

/**
 * Duplicate names get a number: the first "Goblin" keeps its name, the next is "Goblin 2", then
 * "Goblin 3". Comparison ignores case, so "goblin" is a duplicate of "Goblin".
 */
export function uniqueName(wanted: string, taken: Iterable<string>): string {
  const lower = new Set<string>();
  for (const t of taken) lower.add(t.toLowerCase());
  const name = wanted.trim();
  if (!lower.has(name.toLowerCase())) return name;
  for (let n = 2; ; n++) {
    const candidate = `${name} ${n}`;
    if (!lower.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * The name of a combatant joining the fight, numbered so that players learn nothing of the hidden ones.
 * A visible newcomer is numbered among the visible combatants only: with two hidden "Ninja", a third
 * joining in plain sight is "Ninja", not "Ninja 3". A hidden combatant carrying that name gives it up
 * and takes the next number free among everyone (`renamed`; the GM reads it in the log). A hidden
 * newcomer is numbered among everyone.
 */
export function newcomerName(
  wanted: string,
  hidden: boolean,
  present: readonly { readonly id: string; readonly name: string; readonly hidden: boolean }[],
): { name: string; renamed?: { id: string; name: string } } {
  const all = present.map((c) => c.name);
  if (hidden) return { name: uniqueName(wanted, all) };
  const name = uniqueName(wanted, present.filter((c) => !c.hidden).map((c) => c.name));
  const holder = present.find((c) => c.hidden && c.name.toLowerCase() === name.toLowerCase());
  return holder ? { name, renamed: { id: holder.id, name: uniqueName(wanted, [...all, name]) } } : { name };
}

/** Clamp a track value to its bounds. */
export function clampTrack(track: Track, value: number): number {
  const min = track.min ?? 0;
  const upper = track.max ?? Number.POSITIVE_INFINITY;
  return Math.min(Math.max(value, min), upper);
}
