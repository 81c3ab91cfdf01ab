import { asNumber, cut, damageDice, numberAt, signed, stringAt } from './read.ts';
import type { JsonObject } from './read.ts';

const ATTRIBUTES = new Set(['str', 'dex', 'con', 'int', 'wis', 'cha']);

/**
 * A swnr weapon item as a Sine Nomine sheet's weapon: name, damage dice, melee or ranged (isMelee; older
 * items without it: a normal range above 1 is ranged), the attribute (stat, secondStat), the skill (the
 * skill item it points at), shock and less-lethal. `weapon` is null when it cannot be kept; `note` says
 * what was mapped, or why not.
 */
export function sineNomineWeapon(item: JsonObject, data: JsonObject, skillNames: ReadonlyMap<string, string>): { weapon: Record<string, unknown> | null; note: string; leftOut?: string } {
  const name = cut(typeof item.name === 'string' && item.name.trim() ? item.name.trim() : 'Weapon', 60);
  const text = stringAt(data, 'damage') ?? '';
  const damage = damageDice(text);
  if (!damage) return { weapon: null, note: `Weapon ${name}: its damage “${text}” is not dice this sheet can roll` };
  const melee = typeof data.isMelee === 'boolean' ? data.isMelee : (numberAt(data, 'range.normal') ?? 1) <= 1;
  const attributes = [stringAt(data, 'stat'), stringAt(data, 'secondStat')].filter((a): a is string => a !== undefined && ATTRIBUTES.has(a));
  const skillId = stringAt(data, 'skill');
  const skill = skillId ? skillNames.get(skillId) : undefined;
  const shockDice = stringAt(data, 'shock.dmg') ?? (numberAt(data, 'shock.dmg') !== undefined ? String(numberAt(data, 'shock.dmg')) : undefined);
  const shockDamage = shockDice !== undefined ? asNumber(shockDice) : undefined;
  const shockAc = numberAt(data, 'shock.ac');
  const shock = melee && shockDamage !== undefined && shockDamage > 0 && shockDamage <= 100 && shockAc !== undefined && shockAc >= 0 && shockAc <= 100 ? { damage: shockDamage, ac: shockAc } : undefined;
  const lessLethal = data.isNonLethal === true;
  const weapon: Record<string, unknown> = {
    name,
    damage,
    kind: melee ? 'melee' : 'ranged',
    ...(attributes.length > 0 ? { attributes: [...new Set(attributes)] } : {}),
    ...(skill ? { skill } : {}),
    ...(shock ? { shock } : {}),
    ...(lessLethal ? { lessLethal } : {}),
  };
  const ab = numberAt(data, 'ab');
  const extras = [
    attributes.length > 0 ? attributes.join('/') : '',
    skill ?? '',
    shock ? `shock ${shock.damage}/AC ${shock.ac}` : '',
    lessLethal ? 'less lethal' : '',
  ].filter(Boolean);
  const note = `Weapon ${name}: ${damage}, ${melee ? 'melee' : 'ranged'}${extras.length > 0 ? `, ${extras.join(', ')}` : ''}`;
  return { weapon, note, ...(ab ? { leftOut: `${name}'s own hit bonus ${signed(ab)}: a weapon has none here (the attack bonus is the character's)` } : {}) };
}
