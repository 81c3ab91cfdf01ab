import { z } from 'zod';

/** Encounter options of the Fallout 2d20 module. */
export const falloutOptions = z
  .object({
    partyPoolMax: z.number().int().min(0).max(100).default(6),
    partyPoolStart: z.number().int().min(0).max(100).default(0),
    gmPoolStart: z.number().int().min(0).max(1000).default(0),
    gmPoolMax: z.number().int().min(0).max(1000).nullable().default(null),
    allyNpcPool: z.enum(['party', 'gm']).default('party'),
    weaponEffects: z.enum(['apply', 'list']).default('apply'),
  })
  .strict()
  .refine((o) => o.partyPoolStart <= o.partyPoolMax, { message: 'cannot be more than the party pool holds (Party pool max)', path: ['partyPoolStart'] })
  .refine((o) => o.gmPoolMax === null || o.gmPoolStart <= o.gmPoolMax, { message: "cannot be more than the GM's pool holds (GM pool max)", path: ['gmPoolStart'] });

export type FalloutOptions = z.output<typeof falloutOptions>;

export const falloutOptionDocs: Record<keyof FalloutOptions, string> = {
  partyPoolMax: 'The most Action Points the party pool can hold (the rules: 6); AP beyond it are lost, and the log says so.',
  partyPoolStart: 'Action Points in the party pool when the encounter is created.',
  gmPoolStart: "Action Points in the GM's pool when the encounter is created (the published game starts it at one per player character).",
  gmPoolMax: "The most Action Points the GM's pool can hold; null means no limit.",
  allyNpcPool: "Which pool NPCs on a players' side spend from and save to: the party's (default) or the GM's.",
  weaponEffects: 'apply: Vicious (+1 damage per Effect) and Piercing X (ignore X DR per Effect) change the damage by themselves; list: every Effect is only reported for the GM to apply.',
};
