/**
 * The shape of each core event as commands record it, with the limits of the commands that record it
 * (a note-added's text at most 2,000 characters, as the note command's), for checking an imported
 * encounter event by event. Stats and options go through the game's own schemas. Module events
 * (`<rules>/<name>`) are the module's: the import check folds them and checks what follows.
 */
import { z } from 'zod';
import { sameJson } from '../../campaign/index.ts';
import { MAX_COMBATANTS, nameProblem, titleSchema } from '../../core/index.ts';
import type { RuleModule } from '../../core/index.ts';
import { rollSchema } from '../../core/event-schema-parts.ts';

/** Combatant ids as the core numbers them: c1, c2, ... */
export const COMBATANT_ID = /^c[1-9]\d{0,8}$/;
/** Condition ids: k1, k2, ... */
const CONDITION_ID = /^k[1-9]\d{0,8}$/;
/** Side ids: the side's name in lower case, letters and digits joined by hyphens (`sideIdFor`). */
const SIDE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const int = z.number().int();
const combatantId = z.string().regex(COMBATANT_ID, 'not a combatant id (c1, c2, ...)');
const sideId = z.string().max(100).regex(SIDE_ID, 'not a side id (lower-case letters and digits, joined by hyphens)');
/** A name as a command leaves it: at most 80 characters, or a little more with the number a duplicate gets ("Goblin 12"). */
const name = z
  .string()
  .max(100)
  .superRefine((n, ctx) => {
    const problem = nameProblem(n);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const reason = z.string().max(200);
const notes = z.string().max(4000);
/** Combatant ids, and ids a module may name (a side's slot): never more than an encounter holds. */
const actors = z.array(z.string().min(1).max(120)).max(MAX_COMBATANTS);
/** A time or a duration in ms, as the server's clock gives them (`turn-timed`, `clock-paused`): whole, at most year 275,760. */
const time = z.number().int().min(0).max(8_640_000_000_000_000);

export const rngSchema = z.object({ alg: z.literal('sfc32'), s: z.array(z.number().int().min(0).max(0xffffffff)).length(4) }).strict();

const track = z
  .object({ value: int, max: int.optional(), min: int.optional(), rising: z.boolean().optional(), label: z.string().min(1).max(100).optional() })
  .strict();
const duration = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rounds'), rounds: z.number().int().min(1).max(1000) }).strict(),
  z.object({ kind: z.literal('turn-start'), of: z.string().min(1).max(120) }).strict(),
  z.object({ kind: z.literal('turn-end'), of: z.string().min(1).max(120) }).strict(),
  z.object({ kind: z.literal('until-removed') }).strict(),
]);
const condition = z
  .object({
    id: z.string().regex(CONDITION_ID, 'not a condition id (k1, k2, ...)'),
    name: z.string().trim().min(1).max(60),
    duration,
    expiresAtRound: z.number().int().min(0).optional(),
    waitForTurnStart: z.boolean().optional(),
    note: z.string().max(500).optional(),
  })
  .strict();
const side = z.object({ id: sideId, name, players: z.boolean() }).strict();

/**
 * Stats or options exactly as the game's schema leaves them: valid, and with its defaults filled in
 * (what its deciders read without checking), as every command stores them.
 */
function storedAs(schema: z.ZodType<Record<string, unknown>>, what: string) {
  return z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 1)) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path as PropertyKey[] });
    } else if (!sameJson(parsed.data, value)) {
      ctx.addIssue({ code: 'custom', message: `These ${what} are not as the rules store them (a field is missing or written otherwise): the file was edited` });
    }
  });
}

function build(module: RuleModule): Readonly<Record<string, z.ZodType>> {
  const stats = storedAs(module.stats, 'stats');
  const event = <T extends z.ZodRawShape>(type: string, shape: T) => z.object({ type: z.literal(type), ...shape }).strict();
  const combatant = z
    .object({
      id: combatantId,
      name,
      side: sideId,
      kind: z.enum(['pc', 'npc']),
      hidden: z.boolean(),
      defeated: z.boolean(),
      stats,
      tracks: z.record(z.string().min(1).max(120), track),
      conditions: z.array(condition).max(1000),
      notes,
      gmNotes: notes,
    })
    .strict();
  return {
    'encounter-created': event('encounter-created', {
      rules: z.object({ id: z.literal(module.id), version: z.number().int().min(0) }).strict(),
      options: storedAs(module.options, 'options'),
      title: titleSchema(),
      rng: rngSchema,
    }),
    'side-added': event('side-added', { side }),
    'side-updated': event('side-updated', { id: sideId, changes: z.object({ name, players: z.boolean() }).partial().strict() }),
    'combatant-added': event('combatant-added', { combatant }),
    'combatant-removed': event('combatant-removed', { id: combatantId }),
    'combatant-updated': event('combatant-updated', {
      id: combatantId,
      changes: z.object({ name, side: sideId, kind: z.enum(['pc', 'npc']), hidden: z.boolean(), notes, gmNotes: notes, stats }).partial().strict(),
    }),
    'defeated-set': event('defeated-set', { id: combatantId, defeated: z.boolean(), reason: reason.optional() }),
    'track-changed': event('track-changed', {
      id: combatantId,
      track: z.string().min(1).max(120),
      from: int,
      to: int,
      max: int.optional(),
      min: int.optional(),
      reason: reason.optional(),
      roll: rollSchema.optional(),
    }),
    'condition-added': event('condition-added', { id: combatantId, condition }),
    'condition-removed': event('condition-removed', {
      id: combatantId,
      conditionId: z.string().regex(CONDITION_ID),
      name: z.string().max(60),
      reason: z.enum(['removed', 'expired']),
    }),
    'roster-reordered': event('roster-reordered', { roster: z.array(combatantId).max(MAX_COMBATANTS) }),
    'round-started': event('round-started', { round: z.number().int().min(0).max(1_000_000) }),
    'turn-started': event('turn-started', { actors, label: reason.optional() }),
    'turn-ended': event('turn-ended', { actors }),
    'encounter-ended': event('encounter-ended', { reason: reason.optional() }),
    'encounter-reopened': event('encounter-reopened', {}),
    'turn-timed': event('turn-timed', {
      at: time,
      ended: z.object({ actors, round: z.number().int().min(0).max(1_000_000), took: time }).strict().nullable(),
      started: z.object({ actors, round: z.number().int().min(0).max(1_000_000) }).strict().nullable(),
    }),
    'clock-paused': event('clock-paused', { at: time }),
    'clock-resumed': event('clock-resumed', { at: time }),
    'note-added': event('note-added', { text: z.string().min(1).max(2000), gmOnly: z.boolean() }),
    undone: event('undone', { cmd: z.number().int().min(1) }),
    redone: event('redone', { cmd: z.number().int().min(1) }),
    'rng-advanced': event('rng-advanced', { rng: rngSchema }),
  };
}

const cache = new Map<string, Readonly<Record<string, z.ZodType>>>();

/** The core events' schemas for an encounter of this game (built once per game). */
export function coreEventSchemas(module: RuleModule): Readonly<Record<string, z.ZodType>> {
  let schemas = cache.get(module.id);
  if (!schemas) {
    schemas = build(module);
    cache.set(module.id, schemas);
  }
  return schemas;
}
