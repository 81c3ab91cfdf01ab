import { z } from 'zod';
import { diceNotation, own } from '../../core/index.ts';
import type { Combatant } from '../../core/index.ts';

/** The six attributes, by the key of their modifier in the stats. */
export const attributes = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const;
export type Attribute = (typeof attributes)[number];

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

/**
 * SWN: "Some advanced armor will always protect completely against primitive weapons, however, and some
 * advanced weapons can ignore primitive gear, treating it as AC 10."
 */
export const armourTechs = ['primitive', 'standard', 'advanced'] as const;
export type ArmourTech = (typeof armourTechs)[number];

/** The armour worn, for the tech-level rule (its protection is in `ac`). */
export const armourSchema = z
  .object({ name: z.string().trim().min(1).max(60).optional(), tech: z.enum(armourTechs).default('standard') })
  .strict();

export type Armour = z.output<typeof armourSchema>;

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

export function statsOf(c: Combatant): SnStats {
  const s = c.stats;
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
