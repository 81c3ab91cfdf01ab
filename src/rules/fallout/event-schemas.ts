import { z } from 'zod';
import { eventId, eventIds, eventInt, eventOf, rollSchema, slotsSchema } from '../../core/event-schema-parts.ts';
import type { ModuleEventSchemas } from '../../core/event-schema-parts.ts';
import type { FalloutEvent } from './events.ts';
import { READIABLE } from './state.ts';
import { RANGES } from './stat-enums.ts';

type Name = FalloutEvent['type'] extends `fallout/${infer N}` ? N : never;

const pool = z.enum(['party', 'gm']);
/** Action Points: a pool holds at most a few dozen. */
const points = eventInt(0, 10_000);
const roller = { actor: eventId, attribute: z.string(), skill: z.string(), target: z.number(), critAt: z.number() };
const test = z.looseObject({
  ...roller,
  dice: eventInt(0, 100),
  bought: eventInt(0, 100),
  difficulty: eventInt(0, 100),
  helpers: z.array(z.looseObject(roller)).max(1000),
  roll: rollSchema,
  helperRolls: z.array(z.looseObject({ actor: eventId, roll: rollSchema })).max(1000),
  successes: z.number(),
  passed: z.boolean(),
  complications: z.number(),
  ap: z.number(),
  odds: z.number(),
});
const readied = z.looseObject({ id: eventId, actor: eventId, trigger: z.string(), action: z.enum(READIABLE), note: z.string().optional(), secondMajor: z.boolean() });
const damage = z.looseObject({ roll: rollSchema, dice: z.number(), effects: z.number(), effectNames: z.array(z.string()).max(100), dealt: z.number() });

/** The Fallout module's events, as an import checks them before folding (src/core/event-schema-parts.ts). */
export const falloutEventSchemas = {
  'fight-started': eventOf({ initiator: eventId }),
  'order-set': eventOf({ slots: slotsSchema }),
  'tie-decided': eventOf({ first: eventId, among: eventIds, initiative: z.number() }),
  'joined-late': eventOf({ combatant: eventId }),
  acted: eventOf({
    actor: eventId,
    action: z.string(),
    mode: z.enum(['turn', 'readied', 'commanded']),
    cost: z.enum(['minor', 'major', 'none']),
    second: z.boolean(),
    movement: z.boolean(),
    detail: z.string().optional(),
    target: eventId.optional(),
  }),
  'ap-spent': eventOf({ pool, amount: points, by: eventId.nullable(), for: z.string() }),
  'ap-gained': eventOf({ pool, amount: points, saved: points, by: eventId }),
  'ap-set': eventOf({ pool, value: points }),
  tested: eventOf({ actor: eventId, action: z.string(), label: z.string().optional(), test, outcome: z.string().optional() }),
  'attack-rolled': eventOf({
    actor: eventId,
    target: eventId,
    weapon: z.string(),
    location: z.string().nullable(),
    range: z.enum(RANGES),
    extraDamageAp: points,
    extraShots: points,
    test,
    why: z.array(z.string()).max(100),
    awaitingAim: z.boolean(),
  }),
  rerolled: eventOf({ actor: eventId, die: z.number(), from: z.number(), test }),
  'attack-resolved': eventOf({
    actor: eventId,
    target: eventId,
    weapon: z.string(),
    hit: z.boolean(),
    location: z.string().optional(),
    locationRoll: rollSchema.optional(),
    chosenLocation: z.boolean(),
    damage: damage.optional(),
  }),
  'luck-spent': eventOf({ actor: eventId }),
  readied: eventOf({ readied }),
  'trigger-marked': eventOf({ trigger: z.string(), fired: eventIds, interrupted: eventId.nullable() }),
  'readied-done': eventOf({ id: eventId, actor: eventId, used: z.boolean(), reason: z.string().optional() }),
  'ready-lapsed': eventOf({ id: eventId, actor: eventId }),
  'assist-declared': eventOf({ actor: eventId, target: eventId, attribute: z.string().optional(), skill: z.string().optional() }),
  'assist-lapsed': eventOf({ actor: eventId, target: eventId }),
  'turn-given-up': eventOf({ actor: eventId, to: eventId }),
  'npc-commanded': eventOf({ actor: eventId, target: eventId }),
  information: eventOf({ actor: eventId, question: z.string().optional() }),
} satisfies Record<Name, z.ZodType> as ModuleEventSchemas;
