/**
 * The API's input schemas (zod). Routes validate with these, and the OpenAPI description is generated
 * from them, so the two cannot drift apart.
 */
import { z } from 'zod';
import { PAGE_DEFAULT, PAGE_MAX } from '../shared/index.ts';
import { exportSchema } from '../transfer/index.ts';
import { requestInputSchema } from '../players/index.ts';
import { settingsPatchSchema } from '../players/index.ts';

/** A whole number in a path or query string ("" and "1e3" are refused). */
export const intString = z
  .string()
  .regex(/^\d{1,15}$/, 'a whole number')
  .transform(Number);

export const idParams = z.object({ id: z.string().min(1).max(64).describe('The encounter id.') }).strict();

export const requestIdParams = z
  .object({ id: z.string().min(1).max(64).describe('The encounter id.'), requestId: intString.describe('The request number.') })
  .strict();

export const createEncounterBody = z
  .object({
    rules: z.string().min(1).max(40).describe('Rule module: swn, cwn, kuro, fallout, popcorn or custom.'),
    title: z.string().max(200).optional(),
    options: z.record(z.string(), z.unknown()).optional().describe('The module options (`turnkeeper rules <id>` lists them).'),
    seed: z.union([z.number().int(), z.string().max(100)]).optional().describe('Seeds the dice; a random one when omitted.'),
    sides: z.array(z.object({ name: z.string(), players: z.boolean().optional() }).strict()).max(50).optional(),
    combatants: z.array(z.record(z.string(), z.unknown())).max(500).optional().describe('add-combatant commands without "type".'),
    commands: z.array(z.unknown()).max(500).optional().describe('Commands to run at once, in order (as in turnkeeper play).'),
    settings: settingsPatchSchema.optional(),
  })
  .strict()
  .describe('A new encounter, in the format of a `turnkeeper play` script (plus settings).');

export const listQuery = z.object({
  archived: z.enum(['false', 'true', 'any']).default('false').describe('Archived encounters: hide (false), only (true) or both (any).'),
});

export const commandBody = z
  .looseObject({ type: z.string().min(1).max(80).describe('The command, e.g. "damage", "end-turn", "attack".') })
  .describe('One command, exactly as in a `turnkeeper play` script.');

export const commandQuery = z
  .object({
    expectedVersion: intString.optional().describe('Apply only if the encounter is still at this version (409 otherwise).'),
    view: z.enum(['true', 'false']).default('true').describe('Include the GM view after the command.'),
  });

/** A page size: 1 to PAGE_MAX. */
export const pageLimit = intString
  .refine((n) => n >= 1 && n <= PAGE_MAX, `a page holds 1 to ${PAGE_MAX} items`)
  .describe(`At most this many (default ${PAGE_DEFAULT}, at most ${PAGE_MAX}). When more follow, the answer's "next" is the "after" of the next page.`);

/** `after` and `limit` of a paged read of the log or the events. */
export const pageQuery = z.object({
  after: intString.optional().describe('Only what comes after this seq (the "next" of the previous page).'),
  limit: pageLimit.optional(),
});

export const archiveBody = z
  .object({ archived: z.boolean().default(true) })
  .strict()
  .default({ archived: true });

export const rotateKeysBody = z.object({ rotate: z.enum(['gm', 'player', 'both']).describe('Which key to replace.') }).strict();

export const requestListQuery = z.object({
  status: z.enum(['pending', 'accepted', 'rejected']).optional(),
  after: intString.optional().describe('Only requests with a higher number (the "next" of the previous page).'),
  limit: pageLimit.optional(),
});

export const rejectBody = z
  .object({ reason: z.string().trim().max(300).optional().describe('Shown to the players.') })
  .strict()
  .default({});

export const liveQuery = z
  .object({
    key: z.string().max(200).optional().describe('The GM or player key (or the owner token).'),
    after: intString.optional().describe('The last seq this client has; it receives exactly what follows.'),
  });

export { exportSchema as importBody, requestInputSchema as requestBody, settingsPatchSchema as settingsBody };
