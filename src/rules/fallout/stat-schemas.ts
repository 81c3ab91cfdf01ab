import { z } from 'zod';
import { HUMANOID, tableProblem } from './hit-location.ts';
import type { LocationRange } from './hit-location.ts';
import { ATTRIBUTES, DAMAGE_TYPES, RANGES, WEAPON_TYPES } from './stat-enums.ts';
import type { Attribute } from './stat-enums.ts';

// The schemas of Fallout stats (the readers, without zod, are in stats.ts).

const attr = z.number().int().min(0).max(20).optional();

const dr = z
  .object({
    physical: z.number().int().min(0).max(100).optional(),
    energy: z.number().int().min(0).max(100).optional(),
    radiation: z.number().int().min(0).max(100).optional(),
    poison: z.number().int().min(0).max(100).optional(),
  })
  .strict();

export const weapon = z
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

export const falloutStatDocs: Record<keyof z.output<typeof falloutStats>, string> = {
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
