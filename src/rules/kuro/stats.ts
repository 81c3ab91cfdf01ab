import type { z } from 'zod';
import { own } from '../../core/index.ts';
import type { kuroStats, skillEntry, weapon } from './schemas.ts';

export type Skill = z.output<typeof skillEntry>;

/** The stats of a combatant with no keys given: kuroStats' defaults (checked against it in a test). */
export const KURO_DEFAULT_STATS: KuroStats = { REA: 2, REF: 2, DEX: 2, STR: 2, other: {}, skills: {}, armour: 0, weapons: [] };

export type Weapon = z.output<typeof weapon>;

export type KuroStats = z.output<typeof kuroStats>;

/**
 * The stats of a combatant. The core stores them as parsed by `kuroStats` (schemas.ts), with their
 * defaults, so they are read as they are; anything that was not parsed reads as the defaults. No zod
 * here: the GM screen folds with this before the schemas have loaded.
 */
export function statsOf(raw: Readonly<Record<string, unknown>> | undefined): KuroStats {
  if (raw && typeof raw.REF === 'number' && typeof raw.skills === 'object' && Array.isArray(raw.weapons)) return raw as unknown as KuroStats;
  return KURO_DEFAULT_STATS;
}

export type CoreCharacteristic = 'REA' | 'REF' | 'DEX' | 'STR';

/** A characteristic's value by abbreviation (any case); undefined if the sheet has no such characteristic. */
export function characteristicValue(stats: KuroStats, name: string): number | undefined {
  const key = name.trim().toUpperCase();
  if (key === 'REA' || key === 'REF' || key === 'DEX' || key === 'STR') return stats[key];
  return own(stats.other, key);
}

/** Actions per game turn: "his Reflexes score divided by 2 (rounding fractions up)". */
export function actionsPerTurn(stats: KuroStats): number {
  return Math.ceil(stats.REF / 2);
}

/** A skill by name (any case), or undefined. */
export function findSkill(stats: KuroStats, name: string): { name: string; skill: Skill } | undefined {
  const wanted = name.trim().toLowerCase();
  for (const [k, skill] of Object.entries(stats.skills)) if (k.toLowerCase() === wanted) return { name: k, skill };
  return undefined;
}

export function findWeapon(stats: KuroStats, name: string): Weapon | undefined {
  const wanted = name.trim().toLowerCase();
  return stats.weapons.find((w) => w.name.toLowerCase() === wanted);
}
