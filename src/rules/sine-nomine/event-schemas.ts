import { z } from 'zod';
import { eventId, eventIds, eventInt, eventOf, slotShape } from '../../core/event-schema-parts.ts';
import type { ModuleEventSchemas } from '../../core/event-schema-parts.ts';

/** An initiative slot with the numbers its place comes from (`SnSlot`). */
const slot = z.looseObject({
  ...slotShape,
  tier: z.number(),
  pc: z.boolean(),
  dex: z.number(),
  rollOffs: z.array(z.number()).max(32),
  side: eventId.optional(),
  label: z.string(),
  rolledBy: eventId.optional(),
});
const slots = z.array(slot).max(1000);
const round = eventInt(0);
/** What an action used of the actor's round (`Spends`): any own event with an actor may carry it. */
const spends = z.object({ main: z.string().optional(), move: z.string().optional() }).strict();
/** Fields the fold reads from every own event: its actor and what it spent. */
const acting = { actor: eventId.optional(), spends: spends.optional() };
const pair = { ...acting, actor: eventId, target: eventId };
const any = eventOf(acting);

/**
 * The events of the Sine Nomine games (`swn/...`, `cwn/...`), as an import checks them before folding
 * (src/core/event-schema-parts.ts): every event the rules record, with the fields the fold reads.
 */
export const sineNomineEventSchemas: ModuleEventSchemas = {
  acted: eventOf({ ...acting, actor: eventId, action: z.string(), labelBy: z.literal('player').optional() }),
  attacked: eventOf({ ...pair, free: z.boolean().optional() }),
  'broke-free': eventOf(pair),
  'free-attacks-lapsed': eventOf({ ...acting, actor: eventId, foes: eventIds.nullable().optional() }),
  'free-round-started': eventOf({ ...acting, slots }),
  'grapple-ended': eventOf(pair),
  'grapple-lapsed': eventOf(pair),
  'grapple-maintained': eventOf({ ...pair, round }),
  'grapple-released': eventOf(pair),
  grappled: eventOf({ ...pair, success: z.boolean(), round }),
  'initiative-rolled': any,
  'initiative-set': any,
  'joined-late': eventOf({ ...acting, combatant: eventId }),
  'joined-slot': any,
  'knocked-out': any,
  'left-melee': eventOf({ ...acting, actor: eventId, withdrawing: z.boolean().optional(), targets: eventIds.optional(), owed: eventIds.nullable().optional() }),
  'nobody-can-act': any,
  'not-surprised': any,
  'order-changed': eventOf({ ...acting, slots }),
  'rolled-off': any,
  shoved: eventOf(pair),
  'side-initiative-rolled': any,
  'side-set': eventOf({ ...acting, side: eventId, anticipating: z.boolean().optional(), modifier: eventInt().optional() }),
  'side-surprised': eventOf({ ...acting, side: eventId }),
  'side-turn-ended': eventOf({ ...acting, key: eventId }),
  'slot-moved': eventOf({ ...acting, key: eventId, anchor: eventId, where: z.enum(['before', 'after']) }),
  'slot-started': eventOf({ ...acting, key: eventId }),
  'surprise-checked': any,
  'surprise-ended': eventOf({ ...acting, combatant: eventId }),
  surprised: eventOf({ ...acting, combatants: eventIds, setAside: z.array(z.looseObject({ key: eventId })).max(1000).optional() }),
};
