import { z } from 'zod';

/**
 * Building blocks of the schemas of rule modules' events, which check an imported encounter before
 * its events are folded (src/server/transfer/import-replay.ts): each module says, per event, the fields its
 * fold reads and what they must be, so an edited file cannot put into the module's state what its
 * deciders never made (a slot that is a number, a pool the game does not have). Objects are loose:
 * fields the fold does not read are left to the general checks (text rules, sizes, the log's replay).
 */

/** The schemas of a module's events by name, without the `<module>/` prefix. */
export type ModuleEventSchemas = Readonly<Record<string, z.ZodType>>;

/** A combatant, side or slot id as an event carries it. */
export const eventId = z.string().min(1).max(120);
/** Ids: never more than an encounter's combatants and sides. */
export const eventIds = z.array(eventId).max(1000);
/** A whole number within what any game counts (rounds, phases, segments, actions, points). */
export const eventInt = (min = -1_000_000, max = 1_000_000) => z.number().int().min(min).max(max);

/** A roll as the dice record it (`RollResult`): its total, and its dice. */
export const rollSchema = z.looseObject({
  notation: z.string().max(500),
  total: z.number(),
  dice: z.array(z.looseObject({ die: z.string().max(40), face: z.number(), value: z.number(), kept: z.boolean() })).max(10_000),
});

/** An initiative slot (`Slot`, src/core/turn-order.ts). */
export const slotShape = {
  key: eventId,
  kind: z.enum(['actor', 'side', 'group']),
  members: eventIds,
  initiative: z.number().nullable(),
  sortKey: z.array(z.number()).max(32),
  tieBreak: z.string().optional(),
  label: z.string().optional(),
};
export const slotSchema = z.looseObject(slotShape);
/** An initiative order: at most one slot per combatant or side. */
export const slotsSchema = z.array(slotSchema).max(1000);

/** A module event with these fields (others allowed, unread by the fold). */
export const eventOf = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);
