import { z } from 'zod';
import { nameSchema, titleSchema } from '../core/index.ts';
import { CAMPAIGN_LIMITS } from './state.ts';

/**
 * The campaign's commands (zod, strict): plain JSON with a `type`, as the server receives them. PCs
 * and templates are named by id or by name; stats are checked later by the game's own schema.
 */

const ref = z.string().trim().min(1).max(120);
const name = nameSchema(CAMPAIGN_LIMITS.nameLength);
const notes = z.string().max(CAMPAIGN_LIMITS.notes);
const tags = z.array(nameSchema(CAMPAIGN_LIMITS.tagLength)).max(CAMPAIGN_LIMITS.tags);
const hp = z.number().int().min(0).max(1_000_000);
const stats = z.record(z.string(), z.unknown());
const value = z.number().int().min(-1_000_000).max(1_000_000);
const trackName = z.string().trim().min(1).max(40);
/** A campaign's title: a name (it cannot be empty). */
export const campaignTitleSchema = titleSchema(CAMPAIGN_LIMITS.titleLength).refine((t) => t !== '', { message: 'a campaign needs a title' });
/** An encounter id, as the server makes them. */
export const fightIdSchema = z.string().trim().min(1).max(64);

/** A track as given by the GM (the core's add-combatant takes the same). */
export const trackInputSchema = z
  .object({
    value,
    max: value.optional(),
    min: value.optional(),
    rising: z.boolean().optional(),
    label: z.string().trim().min(1).max(40).optional(),
  })
  .strict();

const poolChange = z.object({ from: z.number().int().min(0).max(1_000_000), to: z.number().int().min(0).max(1_000_000) }).strict();

const templateFields = {
  side: name.nullable().optional(),
  hp: hp.nullable().optional(),
  stats: stats.optional(),
  notes: notes.optional(),
  gmNotes: notes.optional(),
  tags: tags.optional(),
  hidden: z.boolean().optional(),
};

/** A new PC's fields (add-pc, and each PC of an import). */
const pcFields = {
  name,
  side: name.optional(),
  hp: hp.optional(),
  stats: stats.optional(),
  tracks: z.record(trackName, trackInputSchema).optional(),
  notes: notes.optional(),
};

export const campaignCommandSchemas = {
  create: z
    .object({
      type: z.literal('create'),
      title: campaignTitleSchema,
      rules: z.string().trim().min(1).max(40),
      options: z.record(z.string(), z.unknown()).optional(),
      partySide: name.optional(),
    })
    .strict(),
  'set-title': z.object({ type: z.literal('set-title'), title: campaignTitleSchema }).strict(),
  'set-options': z.object({ type: z.literal('set-options'), options: z.record(z.string(), z.unknown()) }).strict(),
  'add-pc': z.object({ type: z.literal('add-pc'), ...pcFields }).strict(),
  'update-pc': z
    .object({
      type: z.literal('update-pc'),
      pc: ref,
      name: name.optional(),
      side: name.optional(),
      hp: hp.optional(),
      stats: stats.optional(),
      notes: notes.optional(),
    })
    .strict(),
  'set-pc-track': z.object({ type: z.literal('set-pc-track'), pc: ref, track: trackName, value }).strict(),
  'remove-pc': z.object({ type: z.literal('remove-pc'), pc: ref }).strict(),
  'add-template': z.object({ type: z.literal('add-template'), name, ...templateFields }).strict(),
  'update-template': z.object({ type: z.literal('update-template'), template: ref, name: name.optional(), ...templateFields }).strict(),
  'remove-template': z.object({ type: z.literal('remove-template'), template: ref }).strict(),
  /** Several PCs and templates added at once (an import the GM reviewed): all of them, or none. */
  import: z
    .object({
      type: z.literal('import'),
      pcs: z.array(z.object(pcFields).strict()).max(CAMPAIGN_LIMITS.pcs).default([]),
      templates: z.array(z.object({ name, ...templateFields }).strict()).max(CAMPAIGN_LIMITS.templates).default([]),
    })
    .strict(),
  'link-fight': z
    .object({
      type: z.literal('link-fight'),
      fight: fightIdSchema,
      title: titleSchema(CAMPAIGN_LIMITS.titleLength),
      pcs: z.record(ref, z.string().trim().min(1).max(64)).default({}),
    })
    .strict(),
  'unlink-fight': z.object({ type: z.literal('unlink-fight'), fight: fightIdSchema }).strict(),
  'write-back': z
    .object({
      type: z.literal('write-back'),
      fight: fightIdSchema,
      changes: z.array(z.object({ pc: ref, track: trackName, from: value, to: value }).strict()).max(5000).default([]),
      pools: z.object({ party: poolChange, gm: poolChange }).strict().optional(),
    })
    .strict(),
  'new-session': z.object({ type: z.literal('new-session') }).strict(),
  undo: z.object({ type: z.literal('undo') }).strict(),
  redo: z.object({ type: z.literal('redo') }).strict(),
} as const;

export type CampaignCommandType = keyof typeof campaignCommandSchemas;
/** A command as sent (before defaults). */
export type CampaignCommandInput = { [K in CampaignCommandType]: z.input<(typeof campaignCommandSchemas)[K]> }[CampaignCommandType];
/** A command after validation. */
export type CampaignCommand = { [K in CampaignCommandType]: z.output<(typeof campaignCommandSchemas)[K]> }[CampaignCommandType];
export type CampaignCommandOf<K extends CampaignCommandType> = z.output<(typeof campaignCommandSchemas)[K]>;

export function isCampaignCommandType(type: string): type is CampaignCommandType {
  return Object.hasOwn(campaignCommandSchemas, type);
}
