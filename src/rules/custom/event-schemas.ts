import { z } from 'zod';
import { eventId, eventOf, rollSchema, slotsSchema } from '../../core/event-schema-parts.ts';
import type { ModuleEventSchemas } from '../../core/event-schema-parts.ts';
import type { CustomEvent } from './events.ts';

type Name = CustomEvent['type'] extends `custom/${infer N}` ? N : never;

/** The custom module's events, as an import checks them before folding (src/core/event-schema-parts.ts). */
export const customEventSchemas = {
  'initiative-rolled': eventOf({ combatant: eventId, roll: rollSchema, total: z.number() }),
  'initiative-set': eventOf({ combatant: eventId, total: z.number() }),
  'roll-off': eventOf({ combatant: eventId, roll: rollSchema }),
  'order-set': eventOf({ slots: slotsSchema }),
  'joined-late': eventOf({ combatant: eventId }),
  acted: eventOf({ actor: eventId, label: z.string() }),
  attacked: eventOf({ actor: eventId, target: eventId, label: z.string().optional(), hit: rollSchema, vs: z.number(), hits: z.boolean(), damage: rollSchema.optional() }),
} satisfies Record<Name, z.ZodType> as ModuleEventSchemas;
