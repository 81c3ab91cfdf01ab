import { asNumber, at, cut, isObject, numberAt, stringAt } from './read.ts';
import type { JsonObject } from './read.ts';

/** The skill each Foundry weapon type uses (the system's weapon types), as our sheets name skills. */
const SKILL: Readonly<Record<string, string>> = {
  bigGuns: 'big guns',
  bows: 'athletics',
  energyWeapons: 'energy weapons',
  explosives: 'explosives',
  meleeWeapons: 'melee weapons',
  smallGuns: 'small guns',
  throwing: 'throwing',
  unarmed: 'unarmed',
};
/** A creature's attacks use its own skills: melee or guns. */
const CREATURE_SKILL: Readonly<Record<string, string>> = { meleeWeapons: 'melee', unarmed: 'melee', explosives: 'melee' };
const ATTRIBUTES = new Set(['str', 'per', 'end', 'cha', 'int', 'agi', 'luc', 'body', 'mind']);
const RANGES = new Set(['close', 'medium', 'long', 'extreme']);
const DAMAGE_TYPES = ['physical', 'energy', 'radiation', 'poison'] as const;

/** The published hit location tables of the body types other than humanoid (the d20 faces each covers). */
export const HIT_LOCATIONS: Readonly<Record<string, readonly { location: string; from: number; to: number }[]>> = {
  quadruped: [
    { location: 'head', from: 1, to: 2 },
    { location: 'torso', from: 3, to: 8 },
    { location: 'left front leg', from: 9, to: 11 },
    { location: 'right front leg', from: 12, to: 14 },
    { location: 'left hind leg', from: 15, to: 17 },
    { location: 'right hind leg', from: 18, to: 20 },
  ],
  flyingInsect: [
    { location: 'head', from: 1, to: 2 },
    { location: 'torso', from: 3, to: 8 },
    { location: 'left wing', from: 9, to: 11 },
    { location: 'right wing', from: 12, to: 14 },
    { location: 'legs', from: 15, to: 20 },
  ],
  mr_handy: [
    { location: 'optics', from: 1, to: 2 },
    { location: 'main body', from: 3, to: 8 },
    { location: 'arm 1', from: 9, to: 11 },
    { location: 'arm 2', from: 12, to: 14 },
    { location: 'arm 3', from: 15, to: 17 },
    { location: 'thruster', from: 18, to: 20 },
  ],
};

/**
 * A Foundry fallout weapon item as a Fallout sheet's weapon: its type (melee, unarmed, thrown or
 * ranged from weaponType), skill, attribute, combat dice (damage.rating), damage type, range, ammo,
 * fire rate, damage effects (piercing 1, vicious), and how many for a thrown weapon.
 */
export function falloutWeapon(item: JsonObject, data: JsonObject, creature: boolean): { weapon: Record<string, unknown> | null; note: string } {
  const name = cut(typeof item.name === 'string' && item.name.trim() ? item.name.trim() : 'Weapon', 60);
  const kind = stringAt(data, 'weaponType') ?? '';
  const rating = numberAt(data, 'damage.rating');
  if (rating === undefined || rating < 0 || rating > 30 || !Number.isInteger(rating)) {
    return { weapon: null, note: `Weapon ${name}: its damage (${String(at(data, 'damage.rating') ?? 'none')} CD) is not 0 to 30 combat dice` };
  }
  const type = kind === 'unarmed' ? 'unarmed' : kind === 'meleeWeapons' || (data.melee === true && kind !== 'throwing') ? 'melee' : kind === 'throwing' || kind === 'explosives' ? 'thrown' : 'ranged';
  const skill = creature ? (CREATURE_SKILL[kind] ?? (type === 'melee' || type === 'unarmed' ? 'melee' : 'guns')) : SKILL[kind];
  const attribute = stringAt(data, 'attribute');
  const damageType = DAMAGE_TYPES.find((t) => at(data, `damage.damageType.${t}`) === true) ?? 'physical';
  const range = stringAt(data, 'range');
  const ammo = stringAt(data, 'ammo');
  const fireRate = numberAt(data, 'fireRate');
  const effects: string[] = [];
  const declared = at(data, 'damage.damageEffect');
  if (isObject(declared)) {
    for (const [key, v] of Object.entries(declared)) {
      if (!isObject(v) || v.value !== true) continue;
      const rank = asNumber(v.rank);
      const word = key.replace(/_x$/, '').replace(/_/g, ' ');
      if (effects.length < 20) effects.push(key.endsWith('_x') && rank !== undefined ? `${word} ${rank}` : word);
    }
  }
  const quantity = type === 'thrown' ? asNumber(data.quantity) : undefined;
  const weapon: Record<string, unknown> = {
    name,
    type,
    damage: rating,
    ...(skill ? { skill } : {}),
    ...(attribute && ATTRIBUTES.has(attribute) ? { attribute } : {}),
    ...(damageType !== 'physical' ? { damageType } : {}),
    ...(range && RANGES.has(range) && type !== 'melee' && type !== 'unarmed' ? { range } : {}),
    ...(ammo && type === 'ranged' ? { ammo: cut(ammo.trim(), 40) } : {}),
    ...(fireRate !== undefined && fireRate > 0 ? { fireRate: Math.min(10, Math.round(fireRate)) } : {}),
    ...(effects.length > 0 ? { effects } : {}),
    ...(quantity !== undefined && quantity >= 0 ? { quantity: Math.min(1000, Math.round(quantity)) } : {}),
  };
  const qualities = isObject(at(data, 'damage.weaponQuality'))
    ? Object.entries(at(data, 'damage.weaponQuality') as JsonObject).filter(([, v]) => isObject(v) && v.value === true).map(([k]) => k.replace(/_x$/, '').replace(/_/g, ' '))
    : [];
  const parts = [type, `${rating} CD ${damageType}`, skill ?? '', effects.join(', '), qualities.length > 0 ? `qualities ${qualities.join(', ')} not kept` : ''].filter(Boolean);
  return { weapon, note: `Weapon ${name}: ${parts.join(', ')}` };
}
