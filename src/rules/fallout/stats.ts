import type { z } from 'zod';
import type { Attribute, Range, WeaponType } from './stat-enums.ts';
import type { falloutStats, weapon } from './stat-schemas.ts';

// A combatant's stats as the rules read them, without zod: the GM screen folds with these before the
// schemas have loaded. The schemas that check them are in stat-schemas.ts.

export const SPECIAL: readonly Attribute[] = ['str', 'per', 'end', 'cha', 'int', 'agi', 'luc'];

/** The skills of the published game, kebab-case; creatures use melee, guns and other. */
export const CHARACTER_SKILLS = [
  'athletics', 'barter', 'big-guns', 'energy-weapons', 'explosives', 'lockpick', 'medicine', 'melee-weapons',
  'pilot', 'repair', 'science', 'small-guns', 'sneak', 'speech', 'survival', 'throwing', 'unarmed',
] as const;
export const CREATURE_SKILLS = ['melee', 'guns', 'other'] as const;

/** "Small Guns", "small_guns" and "small-guns" all name the same skill. */
export function skillKey(name: string): string {
  const known = skillKeys.get(name);
  if (known !== undefined) return known;
  const key = name.trim().toLowerCase().replace(/[\s_]+/g, '-');
  if (skillKeys.size >= SKILL_KEYS_MAX) skillKeys.clear();
  skillKeys.set(name, key);
  return key;
}

/** Skill names already normalised (a small bounded cache: strings to strings; every attack test asks). */
const skillKeys = new Map<string, string>();
const SKILL_KEYS_MAX = 256;

export type Weapon = z.output<typeof weapon>;

export type FalloutStats = z.output<typeof falloutStats>;

export function statsOf(c: { readonly stats: Readonly<Record<string, unknown>> }): FalloutStats {
  return c.stats as FalloutStats;
}

const CREATURE_WEAPON_TESTS: Readonly<Record<WeaponType, { readonly attribute: Attribute; readonly skill: string }>> = {
  melee: { attribute: 'body', skill: 'melee' },
  unarmed: { attribute: 'body', skill: 'melee' },
  ranged: { attribute: 'body', skill: 'guns' },
  thrown: { attribute: 'body', skill: 'guns' },
};
const CHARACTER_WEAPON_TESTS: Readonly<Record<WeaponType, { readonly attribute: Attribute; readonly skill: string }>> = {
  melee: { attribute: 'str', skill: 'melee-weapons' },
  unarmed: { attribute: 'str', skill: 'unarmed' },
  ranged: { attribute: 'agi', skill: 'small-guns' },
  thrown: { attribute: 'agi', skill: 'throwing' },
};

/** The attribute and skill a weapon's attack test uses. */
export function weaponTest(stats: FalloutStats, w: Weapon): { attribute: Attribute; skill: string } {
  const creature = stats.type === 'creature';
  const defaults = creature ? CREATURE_WEAPON_TESTS : CHARACTER_WEAPON_TESTS;
  const d = defaults[w.type];
  return { attribute: w.attribute ?? d.attribute, skill: w.skill ? skillKey(w.skill) : d.skill };
}

/** A weapon's own range: melee and unarmed reach Close; ranged and thrown default to Medium. */
export function weaponRange(w: Weapon): Range {
  return w.range ?? (w.type === 'melee' || w.type === 'unarmed' ? 'close' : 'medium');
}

export function findWeapon(stats: FalloutStats, name: string): Weapon | undefined {
  const n = name.trim().toLowerCase();
  return stats.weapons.find((w) => w.name.toLowerCase() === n);
}

export function skillRank(stats: FalloutStats, skill: string): number {
  const k = skillKey(skill);
  for (const [name, rank] of Object.entries(stats.skills)) if (skillKey(name) === k) return rank;
  return 0;
}

export function isTagged(stats: FalloutStats, skill: string): boolean {
  const k = skillKey(skill);
  return stats.tags.some((t) => skillKey(t) === k);
}

export function knowsSkill(stats: FalloutStats, skill: string): boolean {
  const k = skillKey(skill);
  const known: readonly string[] = stats.type === 'creature' ? CREATURE_SKILLS : CHARACTER_SKILLS;
  return known.includes(k) || Object.keys(stats.skills).some((s) => skillKey(s) === k);
}

/** The initiative statistic: PER + AGI (+ bonuses), or BODY + MIND for a creature. */
export function initiativeOf(stats: FalloutStats): number {
  const base = stats.type === 'creature' ? (stats.body ?? 0) + (stats.mind ?? 0) : (stats.per ?? 0) + (stats.agi ?? 0);
  return base + stats.initiativeBonus;
}

export function initiativeText(stats: FalloutStats): string {
  const bonus = stats.initiativeBonus !== 0 ? ` ${stats.initiativeBonus > 0 ? '+' : '-'} ${Math.abs(stats.initiativeBonus)}` : '';
  return stats.type === 'creature'
    ? `BODY ${stats.body ?? 0} + MIND ${stats.mind ?? 0}${bonus}`
    : `PER ${stats.per ?? 0} + AGI ${stats.agi ?? 0}${bonus}`;
}
