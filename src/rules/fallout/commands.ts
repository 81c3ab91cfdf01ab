import { z } from 'zod';
import { enteredDiceSchema, lazySchemas } from '../../core/index.ts';
import { RANGES, ATTRIBUTES } from './stat-enums.ts';
import { READIABLE } from './state.ts';

const ref = z.string().trim().min(1).max(120);
const dice = enteredDiceSchema.optional();
const text = (max: number) => z.string().trim().min(1).max(max);
const helper = z
  .object({ actor: ref, attribute: z.enum(ATTRIBUTES).optional(), skill: text(40).optional() })
  .strict();
/** Fields every test takes: bought d20s (1, 2, 3 AP), free bonus d20s, allies giving up their turn to assist. */
const testFields = {
  buyDice: z.number().int().min(0).max(3).default(0),
  bonusDice: z.number().int().min(0).max(3).default(0),
  helpers: z.array(helper).max(3).default([]),
};
const base = { type: z.literal('act'), actor: ref, dice };
const act = <A extends string, S extends z.ZodRawShape = Record<never, never>>(action: A, fields?: S) =>
  z.object({ ...base, action: z.literal(action), ...(fields ?? ({} as S)) }).strict();

const actSchema = () =>
  z.discriminatedUnion('action', [
    act('aim'),
    act('draw-item', { item: text(80).optional() }),
    act('interact', { label: text(200).optional() }),
    act('move', { standUp: z.boolean().default(false), prone: z.boolean().default(false) }),
    act('take-chem', { chem: text(80).optional(), target: ref.optional() }),
    act('assist', { target: ref, attribute: z.enum(ATTRIBUTES).optional(), skill: text(40).optional() }),
    act('command-npc', { target: ref }),
    act('defend', { extraAp: z.boolean().default(false), attribute: z.enum(ATTRIBUTES).optional(), skill: text(40).optional(), ...testFields }),
    act('first-aid', { target: ref, outcome: z.enum(['heal', 'treat-injury', 'stabilize']).default('heal'), ...testFields }),
    act('pass'),
    act('rally', { attribute: z.enum(ATTRIBUTES).optional(), skill: text(40).optional(), ...testFields }),
    act('ready', { trigger: text(200), readied: z.enum(READIABLE), note: text(200).optional() }),
    act('sprint', { prone: z.boolean().default(false) }),
    act('test', { attribute: z.enum(ATTRIBUTES), skill: text(40), difficulty: z.number().int().min(0).max(10), label: text(200).optional(), ...testFields }),
  ]);

/** Each built on first use (lazySchemas): the GM screen's first load builds none of them. */
export const falloutCommands = lazySchemas({
  start: () => z.object({ type: z.literal('start'), initiator: ref, dice }).strict(),
  'begin-turn': () => z.object({ type: z.literal('begin-turn'), actor: ref.optional(), dice }).strict(),
  'end-turn': () => z.object({ type: z.literal('end-turn'), actor: ref.optional(), dice }).strict(),
  'decide-tie': () => z.object({ type: z.literal('decide-tie'), first: ref, dice }).strict(),
  act: actSchema,
  attack: () =>
    z
      .object({
        type: z.literal('attack'),
        actor: ref,
        target: ref,
        weapon: text(60),
        location: text(40).optional(),
        range: z.enum(RANGES).optional(),
        extraDamageAp: z.number().int().min(0).max(3).default(0),
        extraShots: z.number().int().min(0).max(10).default(0),
        ...testFields,
        dice,
      })
      .strict(),
  reroll: () =>
    z
      .object({ type: z.literal('reroll'), actor: ref, die: z.number().int().min(1).max(5).optional(), keep: z.boolean().default(false), dice })
      .strict()
      .refine((c) => (c.die === undefined) === c.keep, { message: 'give the die to re-roll or tick Keep, not both' }),
  ready: () => z.object({ type: z.literal('ready'), actor: ref, trigger: text(200), action: z.enum(READIABLE), note: text(200).optional(), dice }).strict(),
  trigger: () => z.object({ type: z.literal('trigger'), trigger: text(200), dice }).strict(),
  'luck-interrupt': () => z.object({ type: z.literal('luck-interrupt'), actor: ref, dice }).strict(),
  'spend-ap': () => z.object({ type: z.literal('spend-ap'), actor: ref, on: z.literal('information'), question: text(500).optional(), dice }).strict(),
  'set-ap': () => z.object({ type: z.literal('set-ap'), pool: z.enum(['party', 'gm']), value: z.number().int().min(0).max(1000), dice }).strict(),
});

export type ActCommand = z.output<ReturnType<typeof actSchema>>;
export type AttackCommand = z.output<(typeof falloutCommands)['attack']>;
