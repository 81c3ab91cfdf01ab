/** The fixed lists Fallout stats pick from (attributes, damage types, ranges, weapon types), read by the schemas and the readers. */

export const ATTRIBUTES = ['str', 'per', 'end', 'cha', 'int', 'agi', 'luc', 'body', 'mind'] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

export const DAMAGE_TYPES = ['physical', 'energy', 'radiation', 'poison'] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

export const RANGES = ['close', 'medium', 'long', 'extreme'] as const;
export type Range = (typeof RANGES)[number];

export const WEAPON_TYPES = ['melee', 'unarmed', 'ranged', 'thrown'] as const;
export type WeaponType = (typeof WEAPON_TYPES)[number];
