import type { z } from 'zod';
import { own } from '../../core/index.ts';
import type { Combatant } from '../../core/index.ts';
import { attributes } from './stat-enums.ts';
import type { Attribute } from './stat-enums.ts';
import type { armourSchema, weaponSchema } from './stat-schemas.ts';

// A combatant's stats as the rules read them, without zod: the GM screen folds with these before the
// schemas have loaded. The schemas that check them are in stat-schemas.ts.

export type Weapon = z.output<typeof weaponSchema>;

/** What a combatant fights with when no weapon is listed or "unarmed" is asked for (SWN: 1d2, Punch). */
export const unarmed: Weapon = {
  name: 'Unarmed',
  damage: '1d2',
  attributes: ['str'],
  skill: 'punch',
  kind: 'melee',
  damageBonus: 0,
  lessLethal: false,
  primitive: false,
  ignoresPrimitiveArmour: false,
};

export type Armour = z.output<typeof armourSchema>;

/** The normalised stats of any combatant of either game (missing keys get their defaults). */
export interface SnStats {
  readonly hp?: number;
  readonly ac: number;
  readonly attackBonus: number;
  readonly mods: Readonly<Record<Attribute, number>>;
  readonly skills: Readonly<Record<string, number | null>>;
  readonly weapons: readonly Weapon[];
  readonly vigilant: boolean;
  /** SWN: the armour worn (absent: standard, no name). */
  readonly armour?: Armour;
  readonly autoInitiative: boolean;
  readonly surpriseImmune: boolean;
}

const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);

/** Stats already read, by the (immutable) stats object they were read from. */
const read = new WeakMap<object, SnStats>();

/** A combatant's stats, read once per stats object: a state's stats are never changed in place. */
export function statsOf(c: Combatant): SnStats {
  const s = c.stats;
  let stats = read.get(s);
  if (stats === undefined) {
    stats = readStats(s);
    read.set(s, stats);
  }
  return stats;
}

function readStats(s: Combatant['stats']): SnStats {
  const mods = {} as Record<Attribute, number>;
  for (const a of attributes) mods[a] = num(s[`${a}Mod`], 0);
  return {
    ...(typeof s.hp === 'number' ? { hp: s.hp } : {}),
    ac: num(s.ac, 10),
    attackBonus: num(s.attackBonus, 0),
    mods,
    skills: (s.skills as Record<string, number | null> | undefined) ?? {},
    weapons: (s.weapons as Weapon[] | undefined) ?? [],
    vigilant: s.vigilant === true,
    ...(typeof s.armour === 'object' && s.armour !== null ? { armour: s.armour as Armour } : {}),
    autoInitiative: s.autoInitiative === true,
    surpriseImmune: s.surpriseImmune === true,
  };
}

/** A trained skill's level, or null for untrained (absent, null or -1). */
export function skillLevel(stats: SnStats, skill: string): number | null {
  const v = own(stats.skills, skill);
  return typeof v === 'number' && v >= 0 ? v : null;
}

/** The skill's bonus on a skill check: its level, or -1 untrained (NPCs: 0, their blocks fold it in). */
export function checkSkill(c: Combatant, skill: string): number {
  const level = skillLevel(statsOf(c), skill);
  return level ?? (c.kind === 'pc' ? -1 : 0);
}

export function signed(n: number): string {
  return n < 0 ? `-${-n}` : `+${n}`;
}
