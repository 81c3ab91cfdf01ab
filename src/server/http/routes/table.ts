/**
 * A campaign's lasting links for the table (src/server/campaigns/table-links.ts): the GM makes or
 * rotates them; a phone or the TV asks which fight to follow. The fights themselves are read through the
 * encounter routes with the same key, as a player (auth.ts).
 */
import { z } from 'zod';
import { TABLE_SCREENS } from '../../campaigns/index.ts';
import type { AppContext } from '../context.ts';
import { campaignIdParams } from '../campaign-schemas.ts';
import { route } from '../route.ts';
import type { RouteSpec } from '../route.ts';
import { baseUrl, errors } from './common.ts';

const tags = ['campaigns'];

export const tableLinksBody = z
  .object({
    rotate: z
      .array(z.enum(TABLE_SCREENS as ['player', 'tv']))
      .min(1)
      .max(2)
      .optional()
      .describe('Which links to make anew ("player", "tv"); both when left out. The old ones stop working at once.'),
  })
  .strict();

const tableLinksResponse = z.object({
  playerKey: z.string().optional(),
  tvKey: z.string().optional(),
  playerUrl: z.string().optional().describe('The players\' link: it always shows the campaign\'s current fight.'),
  tvUrl: z.string().optional().describe('The table TV\'s link: the same, in TV mode.'),
});

const track = z.object({ value: z.number(), max: z.number().optional(), label: z.string().optional() });
const tableResponse = z.object({
  campaign: z.object({ id: z.string(), title: z.string(), rules: z.string() }),
  screen: z.enum(['player', 'tv']),
  fight: z.object({ id: z.string(), status: z.string(), round: z.number() }).nullable().describe('The newest fight not ended; null between fights.'),
  party: z.array(z.object({ name: z.string(), tracks: z.record(z.string(), track) })),
  seat: z.object({ combatant: z.null(), name: z.string() }).nullable().describe('The seat this key is (a seat key), else null.'),
});

export function tableUrl(base: string, campaignId: string, key: string, tv: boolean): string {
  return `${base}/table/${encodeURIComponent(campaignId)}?key=${encodeURIComponent(key)}${tv ? '&tv=1' : ''}`;
}

export function tableRoutes(ctx: AppContext): RouteSpec[] {
  const { campaigns } = ctx;
  return [
    route({
      method: 'POST',
      url: '/api/campaigns/:id/table-links',
      operationId: 'campaignTableLinks',
      summary: 'Make the campaign\'s lasting player and TV links anew (owner): the old ones stop working, and their sockets close.',
      tags,
      auth: 'owner',
      params: campaignIdParams,
      body: tableLinksBody,
      responses: { 200: { description: 'The new keys and links (only those made anew).', schema: tableLinksResponse }, ...errors(400, 401, 404) },
      handler: async ({ params, body, req }) => {
        const keys = await campaigns.rotateTableLinks(params.id, body.rotate ?? TABLE_SCREENS);
        const base = baseUrl(ctx, req);
        return {
          body: {
            ...keys,
            ...(keys.playerKey ? { playerUrl: tableUrl(base, params.id, keys.playerKey, false) } : {}),
            ...(keys.tvKey ? { tvUrl: tableUrl(base, params.id, keys.tvKey, true) } : {}),
          },
        };
      },
    }),
    route({
      method: 'GET',
      url: '/api/campaigns/:id/table',
      operationId: 'campaignTable',
      summary: 'What a table link shows now (its player or TV key): the current fight to follow, or the party between fights.',
      tags,
      auth: 'table',
      params: campaignIdParams,
      responses: { 200: { description: 'The table.', schema: tableResponse }, ...errors(401, 404, 429) },
      handler: async ({ params, access }) => ({
        body: { ...(await campaigns.table(params.id, access!.table!.screen)), seat: access?.seat ? await ctx.seats.mineAtTable(access.seat) : null },
      }),
    }),
  ];
}
