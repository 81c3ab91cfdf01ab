import type { Combatant, DiceService } from '../../core/index.ts';
import type { DamageResult } from './events.ts';
import { locationAt, tableOf } from './hit-location.ts';
import { DAMAGE_TYPES } from './stat-enums.ts';
import type { DamageType } from './stat-enums.ts';
import { statsOf } from './stats.ts';
import type { Weapon } from './stats.ts';

/** A weapon Effect's rating: "piercing 2" -> 2, "vicious" -> 1; null if the weapon lacks it. */
export function effectRating(w: Weapon, name: string): number | null {
  let ratings = ratingsByWeapon.get(w);
  if (!ratings) {
    ratings = new Map();
    for (const e of w.effects) {
      const m = /^([a-z -]+?)\s*(\d+)?$/i.exec(e.trim());
      const effect = m?.[1]!.trim().toLowerCase();
      if (effect !== undefined && !ratings.has(effect)) ratings.set(effect, m![2] ? Number(m![2]) : 1);
    }
    ratingsByWeapon.set(w, ratings);
  }
  return ratings.get(name) ?? null;
}

/** A weapon's Effects by name, read once per weapon (a stats object never changes): asked on every hit. */
const ratingsByWeapon = new WeakMap<Weapon, Map<string, number>>();

/** "Damage Resistance against the attack's damage type, on the location hit". */
export function drOf(c: Combatant, location: string, type: DamageType): number {
  const dr = statsOf(c).dr;
  const key = Object.keys(dr).find((k) => k.toLowerCase() === location.toLowerCase());
  return (key ? dr[key]?.[type] : undefined) ?? dr.all?.[type] ?? 0;
}

export function isDamageType(t: string): t is DamageType {
  return (DAMAGE_TYPES as readonly string[]).includes(t);
}

/** Roll the hit location (key "location") on the target's table. */
export function rollLocation(target: Combatant, dice: DiceService): { location: string; roll: ReturnType<DiceService['roll']> } {
  const roll = dice.roll('location', '1d20');
  return { location: locationAt(tableOf(statsOf(target).hitLocations), roll.total), roll };
}

/**
 * Roll the combat dice (key "damage") and reduce them by the location's DR. With weaponEffects "apply",
 * Vicious adds 1 damage per Effect and Piercing X ignores X points of DR per Effect (published game).
 */
export function rollDamage(w: Weapon, n: number, target: Combatant, location: string, apply: boolean, dice: DiceService): DamageResult {
  const roll = dice.roll('damage', `${n}dC`);
  const effects = roll.tags.effect ?? 0;
  const vicious = apply ? (effectRating(w, 'vicious') === null ? 0 : effects) : 0;
  const piercing = apply ? (effectRating(w, 'piercing') ?? 0) * effects : 0;
  const dr = drOf(target, location, w.damageType);
  const dealt = Math.max(0, roll.total + vicious - Math.max(0, dr - piercing));
  return { roll, dice: n, effects, effectNames: w.effects, vicious, dr, piercing, damageType: w.damageType, dealt };
}
