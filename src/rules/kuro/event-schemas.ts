import { z } from 'zod';
import { eventId, eventIds, eventInt, eventOf, rollSchema } from '../../core/event-schema-parts.ts';
import type { ModuleEventSchemas } from '../../core/event-schema-parts.ts';
import type { KuroEvent } from './events.ts';

type Name = KuroEvent['type'] extends `kuro/${infer N}` ? N : never;

const check = z.looseObject({ characteristic: z.string(), value: z.number(), roll: rollSchema });
const hit = z.looseObject({ actor: eventId, target: eventId, damage: eventInt(0) });
/** Phases and actions a game turn holds: a handful, never more than a combatant's REF allows. */
const actions = eventInt(0, 100);

/** The Kuro module's events, as an import checks them before folding (src/core/event-schema-parts.ts). */
export const kuroEventSchemas = {
  'initiative-rolled': eventOf({ combatant: eventId, round: eventInt(0), roll: rollSchema, total: z.number() }),
  'initiative-set': eventOf({ combatant: eventId, round: eventInt(0), total: z.number() }),
  'order-set': eventOf({ combatant: eventId, total: z.number(), shift: z.number(), anchor: eventId, where: z.enum(['before', 'after']) }),
  'phase-started': eventOf({
    round: eventInt(0),
    phase: actions,
    phases: actions,
    order: z.array(z.looseObject({ initiative: z.number(), members: eventIds })).max(1000),
    combatants: eventIds,
  }),
  'game-turn-ended': eventOf({ round: eventInt(0) }),
  'joined-late': eventOf({ combatant: eventId, phase: actions }),
  'actions-set': eventOf({ combatant: eventId, from: actions, to: actions, reason: z.string() }),
  acted: eventOf({ actor: eventId, phase: actions, label: z.string() }),
  passed: eventOf({ actor: eventId, phase: actions }),
  attacked: eventOf({
    actor: eventId,
    target: eventId,
    round: eventInt(0),
    phase: actions,
    kind: z.enum(['normal', 'power', 'fast']),
    invest: z.number(),
    weapon: z.string().nullable(),
    attack: check,
    defenceValue: z.number(),
    tnModifier: z.number(),
    defence: z.enum(['none', 'parry', 'dodge']),
    opposed: check.optional(),
    tn: z.number(),
    hit: z.boolean(),
    damage: eventInt(0).optional(),
    damageRoll: rollSchema.optional(),
    damageModifier: z.number(),
    armour: z.number(),
    pending: z.boolean(),
    defenceCost: z.boolean(),
  }),
  'slot-resolved': eventOf({ actors: eventIds, phase: actions, hits: z.array(hit).max(1000) }),
  checked: eventOf({ combatant: eventId, label: z.string().optional(), check, tn: z.number().optional(), success: z.boolean().optional() }),
} satisfies Record<Name, z.ZodType> as ModuleEventSchemas;
