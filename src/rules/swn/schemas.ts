import { z } from 'zod';
import { armourDoc, armourSchema, baseStatDocs, statsSchema } from '../sine-nomine/index.ts';

export const swnOptions = z
  .object({
    initiative: z.enum(['individual', 'group']).default('individual'),
    meleeIgnoresCover: z.boolean().default(true),
  })
  .strict();
export type SwnOptions = z.output<typeof swnOptions>;

export const swnOptionDocs: Record<keyof SwnOptions, string> = {
  initiative:
    'individual (default): everyone rolls 1d8 + Dex modifier; group: the PC with the best Dex modifier rolls 1d8 + it for the party, one plain 1d8 for all NPCs, and each side\'s members act in any order.',
  meleeIgnoresCover: '"Melee attackers can usually ignore cover": cover modifiers chosen for a melee attack are left out (and the log says so); false applies them.',
};

export const swnStats = statsSchema({ armour: armourSchema.optional() });
export type SwnStats = z.output<typeof swnStats>;

export const swnStatDocs: Record<keyof SwnStats, string> = {
  ...baseStatDocs,
  weapons: `${baseStatDocs.weapons} lessLethal is ignored in Stars Without Number.`,
  armour: armourDoc,
};

