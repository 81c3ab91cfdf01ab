import { z } from 'zod';
import { HUMANOID, tableProblem } from './hit-location.ts';
import type { LocationRange } from './hit-location.ts';

export const ATTRIBUTES = ['str', 'per', 'end', 'cha', 'int', 'agi', 'luc', 'body', 'mind'] as const;
export type Attribute = (typeof ATTRIBUTES)[number];
export const SPECIAL: readonly Attribute[] = ['str', 'per', 'end', 'cha', 'int', 'agi', 'luc'];

/** The skills of the published game, kebab-case; creatures use melee, guns and other. */
export const CHARACTER_SKILLS = [
  'athletics', 'barter', 'big-guns', 'energy-weapons', 'explosives', 'lockpick', 'medicine', 'melee-weapons',
  'pilot', 'repair', 'science', 'small-guns', 'sneak', 'speech', 'survival', 'throwing', 'unarmed',
] as const;
export const CREATURE_SKILLS = ['melee', 'guns', 'other'] as const;

export const DAMAGE_TYPES = ['physical', 'energy', 'radiation', 'poison'] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

export const RANGES = ['close', 'medium', 'long', 'extreme'] as const;
export type Range = (typeof RANGES)[number];

export const WEAPON_TYPES = ['melee', 'unarmed', 'ranged', 'thrown'] as const;
export type WeaponType = (typeof WEAPON_TYPES)[number];

/** "Small Guns", "small_guns" and "small-guns" all name the same skill. */
export function skillKey(name: string): string {
  return name.trim().toLowerCase().replace(/[\s_]+/g, '-');
}

const attr = z.number().int().min(0).max(20).optional();
const dr = z
  .object({
    physical: z.number().int().min(0).max(100).optional(),
    energy: z.number().int().min(0).max(100).optional(),
    radiation: z.number().int().min(0).max(100).optional(),
    poison: z.number().int().min(0).max(100).optional(),
  })
  .strict();

const weapon = z
  .object({
    name: z.string().trim().min(1).max(60),
    type: z.enum(WEAPON_TYPES),
    skill: z.string().trim().min(1).max(40).optional(),
    attribute: z.enum(ATTRIBUTES).optional(),
    damage: z.number().int().min(0).max(30).meta({ title: 'Combat dice' }),
    damageType: z.enum(DAMAGE_TYPES).default('physical'),
    range: z.enum(RANGES).optional(),
    ammo: z.string().trim().min(1).max(40).optional(),
    fireRate: z.number().int().min(0).max(10).default(0),
    effects: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
    quantity: z.number().int().min(0).max(1000).optional(),
  })
  .strict()
  // A form's list of weapons says "Weapon 1", "+ Add weapon".
  .meta({ title: 'Weapon' });
export type Weapon = z.output<typeof weapon>;

const locationRange = z
  .object({ location: z.string().trim().min(1).max(40), from: z.number().int().min(1).max(20), to: z.number().int().min(1).max(20) })
  .strict()
  .meta({ title: 'Hit location' });

export const falloutStats = z
  .object({
    type: z.enum(['character', 'character-npc', 'creature']).default('character'),
    // Labelled as on the sheet (STR, END), not as words ("End", "Luc").
    str: attr.meta({ title: 'STR' }),
    per: attr.meta({ title: 'PER' }),
    end: attr.meta({ title: 'END' }),
    cha: attr.meta({ title: 'CHA' }),
    int: attr.meta({ title: 'INT' }),
    agi: attr.meta({ title: 'AGI' }),
    luc: attr.meta({ title: 'LUC' }),
    body: attr.meta({ title: 'BODY' }),
    mind: attr.meta({ title: 'MIND' }),
    skills: z.record(z.string().trim().min(1).max(40), z.number().int().min(0).max(6)).default({}),
    tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
    initiativeBonus: z.number().int().min(-20).max(20).default(0),
    defense: z.number().int().min(0).max(10).default(1),
    hp: z.number().int().min(0).max(100_000).optional(),
    luckPoints: z.number().int().min(0).max(20).optional(),
    dr: z.record(z.string().trim().min(1).max(40), dr).default({}),
    hitLocations: z.union([z.literal('humanoid'), z.array(locationRange).min(1).max(20)]).default('humanoid'),
    weapons: z.array(weapon).max(30).default([]),
    ammo: z.record(z.string().trim().min(1).max(40), z.number().int().min(0).max(100_000)).default({}),
    meleeDamageBonus: z.number().int().min(0).max(10).default(0),
    npcType: z.enum(['person', 'animal', 'robot']).default('person'),
    commandedOnly: z.boolean().default(false),
  })
  .strict()
  .superRefine((s, ctx) => {
    const need: Attribute[] = s.type === 'creature' ? ['body', 'mind'] : ['per', 'agi'];
    for (const a of need) {
      if (s[a] === undefined && !s.commandedOnly) {
        ctx.addIssue({ code: 'custom', path: [a], message: `a ${s.type === 'creature' ? 'creature' : 'character'}'s initiative needs ${need.map((x) => x.toUpperCase()).join(' and ')} (stats.${a})` });
      }
    }
    const table = s.hitLocations === 'humanoid' ? HUMANOID : s.hitLocations;
    if (s.hitLocations !== 'humanoid') {
      const problem = tableProblem(s.hitLocations);
      if (problem) ctx.addIssue({ code: 'custom', path: ['hitLocations'], message: problem });
    }
    const locations = new Set(table.map((l: LocationRange) => l.location.toLowerCase()));
    for (const key of Object.keys(s.dr)) {
      if (key !== 'all' && !locations.has(key.toLowerCase())) {
        ctx.addIssue({ code: 'custom', path: ['dr', key], message: `"${key}" is not a hit location (use all or one of: ${[...locations].join(', ')})` });
      }
    }
    const names = new Set<string>();
    s.weapons.forEach((w, i) => {
      const n = w.name.toLowerCase();
      if (names.has(n)) ctx.addIssue({ code: 'custom', path: ['weapons', i, 'name'], message: `two weapons are called "${w.name}"` });
      names.add(n);
      if (w.type === 'ranged' && w.quantity !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['weapons', i, 'quantity'], message: 'quantity is for thrown weapons; a ranged weapon uses ammo' });
      }
    });
  });

export type FalloutStats = z.output<typeof falloutStats>;

export const falloutStatDocs: Record<keyof FalloutStats, string> = {
  type: 'character (PER + AGI initiative), character-npc (the same, with the bonuses some NPCs have) or creature (BODY + MIND initiative).',
  str: 'Strength (S.P.E.C.I.A.L.), used by melee and unarmed attacks.',
  per: 'Perception, half of a character\'s initiative.',
  end: 'Endurance, used by Rally (END + Survival).',
  cha: 'Charisma, used to command a person or an animal (CHA + Speech / Survival).',
  int: 'Intelligence, used by First Aid (INT + Medicine) and to command a robot (INT + Science).',
  agi: 'Agility, half of a character\'s initiative; Defend and small guns use it.',
  luc: 'Luck; a player character\'s Luck points start at this value unless luckPoints says otherwise.',
  body: 'A creature\'s Body score (half of its initiative; its attacks use it unless a weapon says otherwise).',
  mind: 'A creature\'s Mind score (half of its initiative).',
  skills: 'Skill ranks 0-6 by name, e.g. small guns 3, athletics 2; creatures use melee, guns and other.',
  tags: 'Tag skills: a die at or under the skill\'s rank counts two successes.',
  initiativeBonus: 'Bonuses to the initiative stat from equipment, perks, or a powerful NPC.',
  defense: 'Defense: the difficulty of attacks against this combatant.',
  hp: 'Maximum and starting HP (the add-combatant hp field overrides it).',
  luckPoints: 'Starting Luck points (track "luck"); a player character defaults to its LUC, others to none.',
  dr: 'Damage resistance by hit location and damage type, e.g. all: physical 1, and head: physical 2, energy 1; "all" covers the locations not listed.',
  hitLocations: 'The hit location table: humanoid (1-2 head, 3-8 torso, 9-11 left arm, 12-14 right arm, 15-17 left leg, 18-20 right leg), or your own: each location with the d20 faces it covers (from, to), 1 to 20 in all.',
  weapons: 'Weapons carried: {name, type: melee|unarmed|ranged|thrown, skill, attribute, damage (combat dice), damageType, range: close|medium|long|extreme, ammo (the ammo type it uses), fireRate, effects (e.g. "vicious", "piercing 1"), quantity (thrown weapons)}.',
  ammo: 'Rounds carried by ammo type, e.g. 10mm 12; each is counted down on the roster as it is fired.',
  meleeDamageBonus: 'Extra combat dice on melee and unarmed hits (the Melee Damage derived statistic).',
  npcType: 'For Command an NPC: a person (CHA + Speech assists), an animal (CHA + Survival) or a robot (INT + Science).',
  commandedOnly: 'An allied NPC with no place in the initiative order: it acts only when someone commands it.',
};

export function statsOf(c: { readonly stats: Readonly<Record<string, unknown>> }): FalloutStats {
  return c.stats as FalloutStats;
}

/** The attribute and skill a weapon's attack test uses. */
export function weaponTest(stats: FalloutStats, w: Weapon): { attribute: Attribute; skill: string } {
  const creature = stats.type === 'creature';
  const defaults: Record<WeaponType, { attribute: Attribute; skill: string }> = creature
    ? { melee: { attribute: 'body', skill: 'melee' }, unarmed: { attribute: 'body', skill: 'melee' }, ranged: { attribute: 'body', skill: 'guns' }, thrown: { attribute: 'body', skill: 'guns' } }
    : {
        melee: { attribute: 'str', skill: 'melee-weapons' },
        unarmed: { attribute: 'str', skill: 'unarmed' },
        ranged: { attribute: 'agi', skill: 'small-guns' },
        thrown: { attribute: 'agi', skill: 'throwing' },
      };
  const d = defaults[w.type];
  return { attribute: w.attribute ?? d.attribute, skill: w.skill ? skillKey(w.skill) : d.skill };
}

/** A weapon's own range: melee and unarmed reach Close; ranged and thrown default to Medium. */
export function weaponRange(w: Weapon): Range {
  return w.range ?? (w.type === 'melee' || w.type === 'unarmed' ? 'close' : 'medium');
}

export function findWeapon(stats: FalloutStats, name: string): Weapon | undefined {
  const n = name.trim().toLowerCase();
  return stats.weapons.find((w) => w.name.toLowerCase() === n);
}

export function skillRank(stats: FalloutStats, skill: string): number {
  const k = skillKey(skill);
  for (const [name, rank] of Object.entries(stats.skills)) if (skillKey(name) === k) return rank;
  return 0;
}

export function isTagged(stats: FalloutStats, skill: string): boolean {
  const k = skillKey(skill);
  return stats.tags.some((t) => skillKey(t) === k);
}

export function knowsSkill(stats: FalloutStats, skill: string): boolean {
  const k = skillKey(skill);
  const known: readonly string[] = stats.type === 'creature' ? CREATURE_SKILLS : CHARACTER_SKILLS;
  return known.includes(k) || Object.keys(stats.skills).some((s) => skillKey(s) === k);
}

/** The initiative statistic: PER + AGI (+ bonuses), or BODY + MIND for a creature. */
export function initiativeOf(stats: FalloutStats): number {
  const base = stats.type === 'creature' ? (stats.body ?? 0) + (stats.mind ?? 0) : (stats.per ?? 0) + (stats.agi ?? 0);
  return base + stats.initiativeBonus;
}

export function initiativeText(stats: FalloutStats): string {
  const bonus = stats.initiativeBonus !== 0 ? ` ${stats.initiativeBonus > 0 ? '+' : '-'} ${Math.abs(stats.initiativeBonus)}` : '';
  return stats.type === 'creature'
    ? `BODY ${stats.body ?? 0} + MIND ${stats.mind ?? 0}${bonus}`
    : `PER ${stats.per ?? 0} + AGI ${stats.agi ?? 0}${bonus}`;
}
