import { z } from 'zod';
import { diceNotation } from '../../core/index.ts';

// The schemas of Kuro's stats and options (the readers, without zod, are in stats.ts and options.ts).


const characteristic = z.number().int().min(0).max(30);
const level = z.number().int().min(0).max(30);
const label = z.string().trim().min(1).max(60);

/** A skill: a level, or a level with specialisations (each adding its bonus when it applies). */
export const skillEntry = z
  .union([level, z.object({ level, specialisations: z.record(label, level).default({}) }).strict()])
  .transform((v) => (typeof v === 'number' ? { level: v, specialisations: {} as Record<string, number> } : v));

/** A number or dice notation such as 2d6+1 (checked by the dice parser, which points at a mistake). */
const damage = z.union([z.number().int().min(0).max(1000), diceNotation(60)]).transform((v) => String(v));

export const weapon = z
  .object({
    name: label,
    damage,
    skill: label,
    specialisation: label.optional(),
  })
  .strict()
  // A form's list of weapons says "Weapon 1", "+ Add weapon".
  .meta({ title: 'Weapon' });

/** A combatant's Kuro sheet: the characteristics the combat rules use, skills, Defence, HP, weapons. */
export const kuroStats = z
  .object({
    REA: characteristic.default(2),
    REF: characteristic.default(2),
    DEX: characteristic.default(2),
    STR: characteristic.default(2),
    other: z
      .record(z.string().trim().toUpperCase().pipe(z.string().regex(/^[A-Z]{2,6}$/)), characteristic)
      .default({})
      .meta({ title: 'Other characteristics' }),
    skills: z.record(label, skillEntry).default({}),
    defence: z.number().int().min(-100).max(1000).optional(),
    armour: z.number().int().min(0).max(1000).default(0),
    hp: z.number().int().min(0).max(1_000_000).optional(),
    weapons: z.array(weapon).max(20).default([]),
  })
  .strict();

export const kuroStatDocs: Record<keyof z.output<typeof kuroStats>, string> = {
  REA: 'Reaction Speed: initiative is REA Kuro dice + 2 x REA, rolled every game turn (default 2).',
  REF: 'Reflexes: actions per game turn = REF / 2 rounded up; the characteristic of a Fast Attack and of a dodge; the most a Fast Attack can invest (default 2).',
  DEX: 'Dexterity: the characteristic of a Normal Attack and of a parry (default 2).',
  STR: 'Strength: the characteristic of a Power Attack, and the most it can invest (default 2).',
  other: 'Any other characteristic by its abbreviation, for characteristic and action checks (e.g. PER 3, WIL 2).',
  skills:
    'Skill levels by name: {"Kenjutsu": 3}, or with specialisations {"Kenjutsu": {"level": 3, "specialisations": {"Katana": 1}}} (the number is what the specialisation adds).',
  defence: 'Defence: the Target Number of attacks against this combatant (no default: an attack on a combatant without one must give "vs").',
  armour: 'Protection subtracted from the damage of each hit (a Turnkeeper assumption, default 0).',
  hp: 'Hit points; the combatant is defeated at 0 (the add-combatant "hp" field does the same).',
  weapons:
    'Weapons: [{"name": "Katana", "damage": "2d6" or 6, "skill": "Kenjutsu", "specialisation": "Katana"}]; the first is the one in hand when an attack names none.',
};

/** Encounter options of the Kuro module. */
export const kuroOptions = z
  .object({
    explodingSixes: z.boolean().default(true),
    unluckyFours: z.boolean().default(true),
    defenceCostsAction: z.boolean().default(true),
  })
  .strict();

export const kuroOptionDocs: Record<keyof z.output<typeof kuroOptions>, string> = {
  explodingSixes: 'Each 6 rolled on a Kuro die is rolled again and added (the published dice rule; on by default).',
  unluckyFours: 'Each 4 rolled on a Kuro die counts as 0 (the published dice rule; on by default).',
  defenceCostsAction:
    'A defender who parries or dodges gives up one of his remaining actions of this game turn (his last one); off: defending is free.',
};
