/**
 * The encounter's Discord posts, for the GM: how the last ones went, and a test message. The webhook
 * itself is a setting (PATCH /api/encounters/:id/settings, `discord`), GM-only like every setting.
 */
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { ApiError } from '../../shared/index.ts';
import { route } from '../route.ts';
import type { RouteSpec } from '../route.ts';
import { idParams } from '../schemas.ts';
import { errors } from './common.ts';

const tags = ['encounters'];

const statusSchema = z
  .object({
    webhook: z.boolean().describe('Whether a webhook is set (the address itself is in the settings).'),
    lastOk: z.string().nullable().describe('When a post last went through (ISO time), or null.'),
    lastFailure: z
      .object({ at: z.string(), status: z.number().int().describe("Discord's HTTP status; 0 when no answer came (timeout, unreachable)."), message: z.string() })
      .nullable()
      .describe('The last post that did not go through, or null.'),
    posted: z.number().int().describe('Posts that went through since the server started.'),
    waiting: z.number().int().describe('Lines waiting to be posted (at most one post a second).'),
  })
  .describe('How the Discord posts went, on this server since it started.');

const discordResponse = z.object({ discord: statusSchema });
const testResponse = z.object({ ok: z.boolean(), status: z.number().int(), message: z.string(), discord: statusSchema });

export function discordRoutes(ctx: AppContext): RouteSpec[] {
  const { service, announcer } = ctx;
  const statusOf = (id: string, webhook: string | null) => ({ webhook: webhook !== null, ...announcer.status(id, webhook) });
  return [
    route({
      method: 'GET',
      url: '/api/encounters/:id/discord',
      operationId: 'getDiscordStatus',
      summary: 'How the Discord posts went (GM): the last one that went through, the last failure with its status.',
      tags,
      auth: 'gm',
      params: idParams,
      responses: { 200: { description: 'The status.', schema: discordResponse }, ...errors(401, 403, 404, 429) },
      handler: ({ params }) => service.run(params.id, (l) => ({ body: { discord: statusOf(l.id, l.settings.discord.webhook) } })),
    }),
    route({
      method: 'POST',
      url: '/api/encounters/:id/discord/test',
      operationId: 'testDiscord',
      summary: "Post a test message to the encounter's Discord webhook (GM); answers once Discord has (ok false: why not).",
      tags,
      auth: 'gm',
      params: idParams,
      responses: { 200: { description: 'How the post went.', schema: testResponse }, ...errors(401, 403, 404, 409) },
      handler: async ({ params }) => {
        const webhook = await service.run(params.id, (l) => l.settings.discord.webhook);
        if (webhook === null) throw new ApiError(409, 'discord/no-webhook', 'There is no Discord webhook to test: paste the webhook address from Discord first.');
        const result = await announcer.sendTest(params.id, webhook);
        return { body: { ok: result.ok, status: result.status, message: result.message, discord: statusOf(params.id, webhook) } };
      },
    }),
  ];
}
