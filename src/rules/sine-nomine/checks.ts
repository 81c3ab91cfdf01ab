import type { Combatant } from '../../core/index.ts';
import type { RollResult } from '../../dice/index.ts';
import type { Builder } from './builder.ts';
import type { Attribute } from './stat-enums.ts';
import { checkSkill, statsOf } from './stats.ts';

/** One side of an opposed 2d6 skill check, as recorded in events. */
export interface CheckRoll {
  readonly combatant: string;
  readonly roll: RollResult;
  readonly modifier: number;
  readonly total: number;
}

/** 2d6 + modifier under a dice key. */
export function rollCheck(b: Builder, id: string, key: string, modifier: number): CheckRoll {
  const roll = b.dice.roll(key, '2d6');
  return { combatant: id, roll, modifier, total: roll.total + modifier };
}

/** Attribute modifier + skill (untrained: -1 for PCs, 0 for NPCs). */
export function attrSkill(c: Combatant, attribute: Attribute, skill: string): number {
  return statsOf(c).mods[attribute] + checkSkill(c, skill);
}

/**
 * Surprise checks (Dex/Sneak, Wis/Notice): "NPCs with roles relevant to being vigilant or stealthy
 * would gain their skill bonus to these checks, while others would simply roll an unmodified 2d6."
 * PCs always add attribute and skill; NPCs only with the `vigilant` stat.
 */
export function surpriseModifier(c: Combatant, attribute: Attribute, skill: string): number {
  if (c.kind === 'npc' && !statsOf(c).vigilant) return 0;
  return attrSkill(c, attribute, skill);
}

/** An opposed Str/Exert check: 2d6 + Str modifier + Exert, dice keys the two names. The defender wins ties. */
export function opposedStrExert(b: Builder, attacker: string, defender: string): { attack: CheckRoll; defense: CheckRoll; won: boolean } {
  const a = b.state.combatants[attacker]!;
  const d = b.state.combatants[defender]!;
  const attack = rollCheck(b, attacker, a.name, attrSkill(a, 'str', 'exert'));
  const defense = rollCheck(b, defender, d.name, attrSkill(d, 'str', 'exert'));
  return { attack, defense, won: attack.total > defense.total };
}
