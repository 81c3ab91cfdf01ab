import { z } from 'zod';
import { diceNotation } from '../../core/index.ts';
import { armourTechs, attributes } from './stat-enums.ts';
import type { Attribute } from './stat-enums.ts';

// The schemas of Sine Nomine stats (the readers, without zod, are in stats.ts).

const mod = z.number().int().min(-5).max(10).default(0);

/** Dice notation (e.g. 1d6, 2d4+1), checked by the dice parser, which points at a mistake. */
const notation = diceNotation(60);

/** A weapon as written on a character sheet or NPC block (titled: a form's list says "Weapon 1", "+ Add weapon"). */
export const weaponSchema = z
  .object({
    name: z.string().trim().min(1).max(60),
    damage: notation,
    attributes: z.array(z.enum(attributes)).min(1).max(6).optional(),
    skill: z.string().trim().min(1).max(30).optional(),
    kind: z.enum(['melee', 'ranged']).default('melee'),
    shock: z.object({ damage: z.number().int().min(0).max(100), ac: z.number().int().min(0).max(100) }).strict().optional(),
    damageBonus: z.number().int().min(-20).max(100).default(0),
    lessLethal: z.boolean().default(false),
    primitive: z.boolean().default(false),
    ignoresPrimitiveArmour: z.boolean().default(false),
  })
  .strict()
  .refine((w) => !(w.primitive && w.ignoresPrimitiveArmour), 'a primitive weapon cannot ignore primitive armour (ignoresPrimitiveArmour is for advanced weapons)')
  .transform((w) => ({
    ...w,
    attributes: w.attributes ?? (w.kind === 'ranged' ? (['dex'] as Attribute[]) : (['str'] as Attribute[])),
    skill: w.skill ?? (w.kind === 'ranged' ? 'shoot' : 'stab'),
  }))
  .meta({ title: 'Weapon' });

/** The armour worn, for the tech-level rule (its protection is in `ac`). */
export const armourSchema = z
  .object({ name: z.string().trim().min(1).max(60).optional(), tech: z.enum(armourTechs).default('standard') })
  .strict();

export const armourDoc =
  'Armour worn, {name, tech}: tech "advanced" always protects completely against primitive weapons (mark only armour that does), "primitive" counts as AC 10 against weapons with ignoresPrimitiveArmour, "standard" (the default) neither; its protection stays in ac.';

/** The stats shared by both games. `extra` adds the game's own keys. */
export function statsSchema<E extends z.ZodRawShape>(extra: E) {
  return z
    .object({
      hp: z.number().int().min(0).max(100_000).optional(),
      ac: z.number().int().min(0).max(100).default(10),
      attackBonus: z.number().int().min(-10).max(50).default(0),
      strMod: mod,
      dexMod: mod,
      conMod: mod,
      intMod: mod,
      wisMod: mod,
      chaMod: mod,
      skills: z.record(z.string().trim().min(1).max(30), z.number().int().min(-1).max(10).nullable()).default({}),
      weapons: z.array(weaponSchema).max(30).default([]),
      vigilant: z.boolean().default(false),
      ...extra,
    })
    .strict();
}

export const baseStatDocs = {
  hp: 'Hit points: the HP track starts full at this value (add-combatant\'s "hp" field does the same).',
  ac: 'Armor Class: an attack hits when its total is equal or higher (default 10).',
  attackBonus: 'Attack bonus: half the level for most PCs, more for Warriors; for NPCs it already includes their modifiers.',
  strMod: 'Strength modifier (-2..+2 for PCs; default 0).',
  dexMod: 'Dexterity modifier: adds to initiative, to Dex weapons and to Sneak checks (NPCs: leave at 0 for "no modifier").',
  conMod: 'Constitution modifier (kept for reference; no rule here uses it).',
  intMod: 'Intelligence modifier (for weapons that list it).',
  wisMod: 'Wisdom modifier: adds to Notice checks against surprise.',
  chaMod: 'Charisma modifier (for weapons that list it).',
  skills:
    'Skill levels by name (shoot, stab, punch, sneak, notice, exert, ...): 0 or more is trained; absent, null or -1 is untrained (-1 on checks, -2 on PC hit rolls with that weapon type).',
  weapons:
    'Weapons: {name, damage (dice), kind melee|ranged, attributes (best one used; default str for melee, dex for ranged), skill (default stab / shoot), shock {damage, ac}, damageBonus, lessLethal, primitive (does no harm to advanced armour), ignoresPrimitiveArmour (an advanced weapon treating primitive armour as AC 10)}. Without any, attacks use Unarmed (1d2, Punch, Str).',
  vigilant:
    'NPCs only: the NPC\'s role is relevant to vigilance or stealth, so it adds its attribute and skill to surprise checks (others roll a plain 2d6).',
} as const;
