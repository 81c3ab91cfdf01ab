import { z } from 'zod';
import { lazySchemas } from './lazy-schemas.ts';
import { diceNotation } from './notation-schema.ts';
import { nameSchema } from './text.ts';

/** Faces typed in by the GM, by roll key. */
export const enteredDiceSchema = z.record(z.string(), z.union([z.number().int(), z.array(z.number().int()).max(1000)]));

const base = { dice: enteredDiceSchema.optional() };
const ref = z.string().trim().min(1).max(120);
/** Combatant and side names: NFC, trimmed, with a visible character, no control or override characters. */
const name = nameSchema(80);
const trackSchema = z
  .object({
    value: z.number().int(),
    max: z.number().int().optional(),
    min: z.number().int().optional(),
    rising: z.boolean().optional(),
    label: z.string().trim().min(1).max(40).optional(),
  })
  .strict();
const amount = z.number().int().min(0).max(1_000_000);
/**
 * Damage and heal: an amount, or dice notation ("2d6") the engine rolls (key "damage" or "heal", or the
 * faces typed in under that key), the roll recorded in the events. One of the two (decide-core.ts says so).
 */
const adjustBy = { amount: amount.optional(), notation: diceNotation(100).optional() };

export const durationSchema = z.union([
  z.object({ rounds: z.number().int().min(1).max(1000) }).strict(),
  z.object({ until: z.enum(['turn-start', 'turn-end']), of: ref }).strict(),
  z.literal('until-removed'),
]);

/** The core's commands, each schema built on first use (lazySchemas). */
export const coreCommandSchemas = lazySchemas({
  'add-side': () => z.object({ type: z.literal('add-side'), name, players: z.boolean().optional(), ...base }).strict(),
  'add-combatant': () =>
    z
      .object({
        type: z.literal('add-combatant'),
        name,
        side: name.optional(),
        kind: z.enum(['pc', 'npc']).default('npc'),
        hidden: z.boolean().default(false),
        count: z.number().int().min(1).max(50).default(1),
        hp: z.number().int().min(0).max(1_000_000).optional(),
        tracks: z.record(z.string().min(1).max(40), trackSchema).optional(),
        stats: z.record(z.string(), z.unknown()).default({}),
        notes: z.string().max(4000).default(''),
        gmNotes: z.string().max(4000).default(''),
        ...base,
      })
      .strict(),
  'remove-combatant': () => z.object({ type: z.literal('remove-combatant'), combatant: ref, ...base }).strict(),
  'update-combatant': () =>
    z
      .object({
        type: z.literal('update-combatant'),
        combatant: ref,
        name: name.optional(),
        side: name.optional(),
        kind: z.enum(['pc', 'npc']).optional(),
        hidden: z.boolean().optional(),
        notes: z.string().max(4000).optional(),
        gmNotes: z.string().max(4000).optional(),
        stats: z.record(z.string(), z.unknown()).optional(),
        ...base,
      })
      .strict(),
  'set-defeated': () =>
    z
      .object({ type: z.literal('set-defeated'), combatant: ref, defeated: z.boolean().default(true), ...base })
      .strict(),
  damage: () =>
    z
      .object({ type: z.literal('damage'), combatants: z.array(ref).min(1).max(100), ...adjustBy, track: z.string().default('hp'), ...base })
      .strict(),
  heal: () =>
    z
      .object({ type: z.literal('heal'), combatants: z.array(ref).min(1).max(100), ...adjustBy, track: z.string().default('hp'), ...base })
      .strict(),
  'set-track': () =>
    z
      .object({
        type: z.literal('set-track'),
        combatant: ref,
        track: z.string().trim().min(1).max(40),
        value: z.number().int().optional(),
        max: z.number().int().optional(),
        min: z.number().int().optional(),
        ...base,
      })
      .strict(),
  'add-condition': () =>
    z
      .object({
        type: z.literal('add-condition'),
        combatants: z.array(ref).min(1).max(100),
        name: z.string().trim().min(1).max(60),
        duration: durationSchema.default('until-removed'),
        note: z.string().max(500).optional(),
        ...base,
      })
      .strict(),
  'remove-condition': () =>
    z
      .object({ type: z.literal('remove-condition'), combatant: ref, condition: z.string().trim().min(1), ...base })
      .strict(),
  reorder: () =>
    z
      .object({ type: z.literal('reorder'), combatant: ref, before: ref.optional(), after: ref.optional(), ...base })
      .strict(),
  note: () => z.object({ type: z.literal('note'), text: z.string().trim().min(1).max(2000), gmOnly: z.boolean().default(false), ...base }).strict(),
  'end-encounter': () => z.object({ type: z.literal('end-encounter'), reason: z.string().max(200).optional(), ...base }).strict(),
  'reopen-encounter': () => z.object({ type: z.literal('reopen-encounter'), ...base }).strict(),
  'pause-clock': () => z.object({ type: z.literal('pause-clock'), ...base }).strict(),
  'resume-clock': () => z.object({ type: z.literal('resume-clock'), ...base }).strict(),
  undo: () => z.object({ type: z.literal('undo'), ...base }).strict(),
  redo: () => z.object({ type: z.literal('redo'), ...base }).strict(),
});

export type CoreCommandType = keyof typeof coreCommandSchemas;
export type CoreCommand = { [K in CoreCommandType]: z.output<(typeof coreCommandSchemas)[K]> }[CoreCommandType];
export type CoreCommandOf<K extends CoreCommandType> = z.output<(typeof coreCommandSchemas)[K]>;

export function isCoreCommandType(type: string): type is CoreCommandType {
  return Object.prototype.hasOwnProperty.call(coreCommandSchemas, type);
}
