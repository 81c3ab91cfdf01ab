import { z } from 'zod';
import { baseStatDocs, statsSchema } from '../sine-nomine/index.ts';

export const cwnOptions = z
  .object({
    initiative: z.enum(['side', 'individual']).default('side'),
    sideModifiers: z.record(z.string().trim().min(1).max(80), z.number().int().min(-20).max(20)).default({}),
    anticipating: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
    meleeIgnoresCover: z.boolean().default(false),
  })
  .strict();
export type CwnOptions = z.output<typeof cwnOptions>;

export const cwnOptionDocs: Record<keyof CwnOptions, string> = {
  initiative:
    'side (default): each side rolls 1d8 + its best Dex modifier (NPC sides add only a GM modifier) and its members act in any order; individual: everyone rolls 1d8 + Dex modifier.',
  sideModifiers: 'The GM\'s initiative modifier per side: the side\'s name and a number (e.g. Razor Gang 1), for exceptionally quick or slow sides or an anticipation penalty; it can be changed during the fight.',
  anticipating: 'Names of sides anticipating combat: they cannot be surprised; it can be changed during the fight.',
  meleeIgnoresCover: 'Leave cover modifiers out of melee attacks (the SWN habit; the CWN text is silent, so off by default).',
};

export const cwnStats = statsSchema({
  autoInitiative: z.boolean().default(false),
  surpriseImmune: z.boolean().default(false),
});
export type CwnStats = z.output<typeof cwnStats>;

export const cwnStatDocs: Record<keyof CwnStats, string> = {
  ...baseStatDocs,
  weapons: `${baseStatDocs.weapons} primitive and ignoresPrimitiveArmour are ignored in Cities Without Number (its text has no tech-level rule).`,
  autoInitiative:
    'Automatic initiative (Foci, cyberware): acts first every round, before every side, even if its own side is slower; several such combatants roll 1d8 + Dex among themselves.',
  surpriseImmune: 'Immune to surprise: acts in the free round even if its side is surprised.',
};

