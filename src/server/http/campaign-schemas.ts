/**
 * The campaign routes' input and response schemas (zod): validated on the way in, and described in the
 * OpenAPI document. The commands themselves are checked by the campaign domain (src/campaign), which
 * names the offending field in its rejection.
 */
import { z } from 'zod';
import { summary } from './response-schemas.ts';
import { intString } from './schemas.ts';
import { settingsPatchSchema } from '../players/index.ts';

export const campaignIdParams = z.object({ id: z.string().min(1).max(64).describe('The campaign id.') }).strict();

export const fightParams = z
  .object({ id: z.string().min(1).max(64).describe('The campaign id.'), fight: z.string().min(1).max(64).describe('The encounter id of a fight of this campaign.') })
  .strict();

export const createCampaignBody = z
  .object({
    rules: z.string().min(1).max(40).describe('The game: swn, cwn, kuro, fallout, popcorn or custom.'),
    title: z.string().max(200).describe('The campaign\'s name.'),
    options: z.record(z.string(), z.unknown()).optional().describe('The module options its fights start with (`turnkeeper rules <id>` lists them).'),
    partySide: z.string().max(80).optional().describe('The side the player characters join in every fight (default "Party").'),
  })
  .strict();

export const campaignCommandBody = z
  .looseObject({ type: z.string().min(1).max(40).describe('add-pc, update-pc, set-pc-track, remove-pc, add-template, update-template, remove-template, set-title, set-options, new-session, undo, redo...') })
  .describe('One campaign command; src/campaign/README.md lists them with their fields.');

export const expectedVersionQuery = z.object({
  expectedVersion: intString.optional().describe('Apply only if the campaign is still at this version (409 otherwise).'),
});

export const templatesQuery = z.object({
  q: z.string().max(80).optional().describe('Part of a name, or a tag (case does not matter).'),
  tag: z.string().max(40).optional().describe('Only templates with this tag.'),
});

export const newFightBody = z
  .object({
    title: z.string().max(200).optional(),
    pcs: z.array(z.string().min(1).max(120)).max(500).optional().describe('The player characters who take part, by id or name (default: the whole party).'),
    templates: z
      .array(z.object({ template: z.string().min(1).max(120).describe('Id or name.'), count: z.number().int().min(1).max(50).default(1) }).strict())
      .max(100)
      .optional()
      .describe('Bestiary templates to add, e.g. [{"template": "Raider", "count": 3}].'),
    hidden: z.boolean().optional().describe('Add the templates hidden from the player view.'),
    start: z.boolean().optional().describe('Start the fight at once (default: prepared, started at the table).'),
    settings: settingsPatchSchema.optional(),
  })
  .strict()
  .default({});

export const writeBackBody = z
  .object({
    expectedVersion: z.number().int().min(0).describe('The campaign version the review was made at (`campaignVersion` of the GET).'),
    changes: z
      .array(z.looseObject({ pc: z.string().max(64), track: z.string().max(40), from: z.number(), to: z.number() }))
      .max(5000)
      .optional()
      .describe('The changes as reviewed: refused (409) if the fight has changed since.'),
  })
  .strict();

export const campaignArchiveBody = z.object({ archived: z.boolean().default(true) }).strict().default({ archived: true });

export const campaignImportBody = z.looseObject({ format: z.string().max(80).optional() }).describe('A file from GET /api/campaigns/{id}/export.');

export const campaignListQuery = z.object({
  archived: z.enum(['false', 'true', 'any']).default('false').describe('Archived campaigns: hide (false), only (true) or both (any).'),
});

export const duplicateBody = z.object({ title: z.string().max(200).optional() }).strict().default({});

export const campaignSummary = z.object({
  id: z.string(),
  title: z.string(),
  rules: z.string(),
  createdAt: z.string(),
  archived: z.boolean(),
  version: z.number().int(),
  pcs: z.number().int(),
  templates: z.number().int(),
  fights: z.number().int(),
  session: z.number().int(),
});

const logLine = z.object({ seq: z.number().int(), cmd: z.number().int(), text: z.string(), undone: z.boolean() });

export const campaignResponse = z.object({
  campaign: campaignSummary,
  state: z.looseObject({ title: z.string(), rules: z.string() }).describe('The whole campaign: party, bestiary, fights, session, pools.'),
  log: z.array(logLine),
  canUndo: z.boolean(),
  canRedo: z.boolean(),
});

export const campaignListResponse = z.object({ campaigns: z.array(campaignSummary) });
export const campaignCreatedResponse = z.object({ campaign: campaignSummary });
export const templatesResponse = z.object({ templates: z.array(z.looseObject({ id: z.string(), name: z.string(), tags: z.array(z.string()) })) });
export const fightsResponse = z.object({ fights: z.array(summary) });

export const writeBackResponse = z.object({
  campaignVersion: z.number().int(),
  fight: z.object({ id: z.string(), title: z.string(), status: z.string(), round: z.number().int() }),
  changes: z.array(z.looseObject({ pc: z.string(), name: z.string(), track: z.string(), from: z.number(), to: z.number() })),
  missing: z.array(z.looseObject({ pc: z.string(), name: z.string() })),
  pools: z.unknown().optional(),
});
