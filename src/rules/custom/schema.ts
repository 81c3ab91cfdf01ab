import { z } from 'zod';
import { diceNotation, enteredDiceSchema, lazySchemas } from '../../core/index.ts';
import { storedAttacks, storedAttacksDoc } from './stored-attack-schema.ts';

export const tieBreaks = ['pcs-first', 'npcs-first', 'modifier', 'roll-off'] as const;
export type TieBreak = (typeof tieBreaks)[number];

export const customOptions = z
  .object({
    formula: diceNotation(100).default('1d20'),
    tieBreak: z.enum(tieBreaks).default('pcs-first'),
    reroll: z.boolean().default(false),
    rollOff: diceNotation(40).default('1d20'),
  })
  .strict();
export type CustomOptions = z.output<typeof customOptions>;

export const customOptionDocs: Record<keyof CustomOptions, string> = {
  formula: 'The initiative roll for combatants without their own formula, in dice notation (e.g. 1d20, 2d6, 1d10).',
  tieBreak:
    'Who goes first on equal initiative: pcs-first, npcs-first, modifier (the higher tie modifier, then PCs), or roll-off (a recorded roll, re-rolled until it differs).',
  reroll: 'Re-roll everyone\'s initiative at the start of every round instead of keeping round 1\'s order.',
  rollOff: 'The dice for a roll-off tie-break.',
};

export const customStats = z
  .object({
    initiative: diceNotation(100).optional(),
    tieModifier: z.number().int().min(-100).max(100).default(0),
    defense: z.number().int().min(-100).max(1000).optional(),
    // Optional: stats stored before attacks could be kept stay valid.
    attacks: storedAttacks.optional(),
  })
  .strict();
export type CustomStats = z.output<typeof customStats>;

export const customStatDocs: Record<keyof CustomStats, string> = {
  initiative: 'This combatant\'s initiative roll (e.g. 1d20+3), replacing the encounter formula.',
  tieModifier: 'Used by the "modifier" tie-break: higher goes first (typically the initiative or Dex modifier).',
  defense: 'The number an attack must reach to hit (AC or the like), if attacks are resolved here.',
  attacks: storedAttacksDoc,
};

const ref = z.string().min(1);
const dice = enteredDiceSchema.optional();

/** Each schema built on first use (lazySchemas). */
export const customCommands = lazySchemas({
  'roll-initiative': () => z.object({ type: z.literal('roll-initiative'), combatants: z.array(ref).optional(), dice }).strict(),
  'set-initiative': () => z.object({ type: z.literal('set-initiative'), combatant: ref, total: z.number().int().min(-1000).max(1000), dice }).strict(),
  start: () => z.object({ type: z.literal('start'), dice }).strict(),
  'end-turn': () => z.object({ type: z.literal('end-turn'), dice }).strict(),
  act: () => z.object({ type: z.literal('act'), actor: ref, label: z.string().trim().min(1).max(200), dice }).strict(),
  attack: () =>
    z
      .object({
        type: z.literal('attack'),
        actor: ref,
        target: ref,
        hit: diceNotation(100),
        vs: z.number().int().optional(),
        damage: diceNotation(100).optional(),
        label: z.string().max(100).optional(),
        dice,
      })
      .strict(),
});
