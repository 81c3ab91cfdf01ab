import type { SnGame } from './game.ts';
import type { SnStats, Weapon } from './stats.ts';

/**
 * SWN: "Some advanced armor will always protect completely against primitive weapons, however, and some
 * advanced weapons can ignore primitive gear, treating it as AC 10." What the tech levels of the weapon
 * and the target's armour change in an attack, recorded in the `attacked` event (`techLevel`).
 */
export type TechLevelEffect =
  /** A primitive weapon against advanced armour: no damage at all, Shock included. */
  | { readonly effect: 'armour-stops-primitive'; readonly armour?: string }
  /** An advanced weapon against primitive armour: the attack goes against AC 10 (`from`: the target's AC). */
  | { readonly effect: 'ignores-primitive-armour'; readonly armour?: string; readonly from: number };

/** The AC the tech-level rule treats primitive armour as. */
export const PRIMITIVE_ARMOUR_AC = 10;

export function techLevelEffect(game: SnGame, weapon: Weapon, target: SnStats): TechLevelEffect | null {
  const armour = target.armour;
  if (!game.techLevel || !armour) return null;
  const name = armour.name !== undefined ? { armour: armour.name } : {};
  if (armour.tech === 'advanced' && weapon.primitive === true) return { effect: 'armour-stops-primitive', ...name };
  // "treating it as AC 10": never a better AC than the target has.
  if (armour.tech === 'primitive' && weapon.ignoresPrimitiveArmour === true && target.ac > PRIMITIVE_ARMOUR_AC) {
    return { effect: 'ignores-primitive-armour', ...name, from: target.ac };
  }
  return null;
}
