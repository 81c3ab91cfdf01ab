import { z } from 'zod';
import { eventId, eventIds, eventInt, eventOf, rollSchema } from '../../core/event-schema-parts.ts';
import type { ModuleEventSchemas } from '../../core/event-schema-parts.ts';
import type { PopcornEvent } from './events.ts';

type Name = PopcornEvent['type'] extends `popcorn/${infer N}` ? N : never;

/** Segments: a round's segment, a delayed action's count of them (at most 100) and what is left of it. */
const segment = eventInt(0, 1000);
const round = eventInt(0);
/** A Reaction Pool: a handful of points. */
const size = eventInt(0, 1000);
const before = { before: eventId.optional(), after: eventId.optional() };

/** The popcorn module's events, as an import checks them before folding (src/core/event-schema-parts.ts). */
export const popcornEventSchemas = {
  'scene-started': eventOf({ how: z.enum(['named', 'side', 'roll']) }),
  'sides-rolled': eventOf({ attempt: eventInt(0), rolls: z.array(z.looseObject({ side: eventId, roll: rollSchema })).max(1000), winner: eventId.nullable() }),
  'luck-rolled': eventOf({ combatant: eventId, roll: rollSchema }),
  'pools-set-aside': eventOf({ pools: z.array(z.looseObject({ combatant: eventId, size })).max(1000) }),
  'side-picks': eventOf({ side: eventId, how: z.enum(['gm', 'roll']) }),
  initiative: eventOf({ to: eventId, how: z.enum(['gm', 'pick', 'round']), by: eventId.nullable().optional(), side: eventId.optional() }),
  passed: eventOf({ from: eventId.nullable(), to: eventId }),
  held: eventOf({ actor: eventId, to: eventId, toAlly: z.boolean() }),
  'first-chosen': eventOf({ from: eventId.nullable(), to: eventId.nullable(), round, waiting: z.boolean().optional() }),
  'segment-ended': eventOf({ segment, ticks: z.array(z.looseObject({ actor: eventId, left: segment })).max(1000) }),
  acted: eventOf({ actor: eventId, label: z.string().optional(), roll: rollSchema.optional() }),
  delayed: eventOf({ actor: eventId, label: z.string(), timing: z.enum(['segments', 'discretion']), segments: segment.optional(), segment, round }),
  'delayed-completed': eventOf({ actor: eventId, label: z.string(), roll: rollSchema.optional(), refreshed: z.boolean(), early: z.boolean().optional(), ...before, atRoundEnd: z.boolean().optional() }),
  conditional: eventOf({ actor: eventId, label: z.string(), trigger: z.string(), segment, round }),
  'conditional-fired': eventOf({ actor: eventId, label: z.string(), trigger: z.string(), roll: rollSchema.optional(), note: z.string().optional(), usesInitiative: z.boolean(), before: eventId.optional() }),
  abandoned: eventOf({ actor: eventId, kind: z.enum(['delayed', 'conditional']), label: z.string(), refreshed: z.boolean(), reason: z.enum(['gave-up', 'acted', 'round-end']) }),
  reacted: eventOf({
    actor: eventId,
    kind: z.enum(['pool', 'passive', 'action']),
    label: z.string(),
    labelBy: z.literal('player').optional(),
    roll: rollSchema.optional(),
    pool: z.looseObject({ from: size, to: size }).optional(),
    outcome: z.literal('automatic-failure').optional(),
  }),
  'end-choice': eventOf({ actor: eventId, choice: z.literal('continue') }),
  step: eventOf({ round, step: z.union([z.literal(3), z.literal(4)]), waiting: eventIds.optional() }),
  'health-check': eventOf({ actor: eventId, roll: rollSchema.optional(), passed: z.boolean().optional(), note: z.string().optional() }),
  refreshed: eventOf({ round, pools: z.array(z.looseObject({ combatant: eventId, from: size, to: size })).max(1000), stayUp: eventIds }),
  'pool-resized': eventOf({ combatant: eventId, size, value: size }),
  'acted-set': eventOf({ combatant: eventId, acted: z.boolean() }),
} satisfies Record<Name, z.ZodType> as ModuleEventSchemas;
