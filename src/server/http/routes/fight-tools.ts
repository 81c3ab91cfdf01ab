/** Encounter management beside the fight itself: duplicate as a prepared copy; the campaign's bestiary for quick-add. */
import { duplicateBody, templatesQuery, templatesResponse } from '../campaign-schemas.ts';
import type { AppContext } from '../context.ts';
import { summaryOf } from '../../encounters/index.ts';
import { ApiError } from '../../shared/index.ts';
import { duplicateScript } from '../../encounters/index.ts';
import * as res from '../response-schemas.ts';
import { route } from '../route.ts';
import type { RouteSpec } from '../route.ts';
import { idParams } from '../schemas.ts';
import { baseUrl, errors, gmUrl, playerUrl } from './common.ts';

const tags = ['encounters'];

export function fightToolRoutes(ctx: AppContext): RouteSpec[] {
  const { service, campaigns } = ctx;
  return [
    route({
      method: 'POST',
      url: '/api/encounters/:id/duplicate',
      operationId: 'duplicateEncounter',
      summary: 'A prepared copy of the encounter (owner): same options, sides and combatants as they joined, no fight yet.',
      tags,
      auth: 'owner',
      params: idParams,
      body: duplicateBody,
      responses: { 201: { description: 'Created.', schema: res.createdResponse }, ...errors(401, 404, 422) },
      handler: async ({ params, body, req }) => {
        const { script, campaignId, settings } = await service.run(params.id, (l) => ({
          script: duplicateScript(l.encounter, l.events, body.title ?? (l.record.title ? `${l.record.title} (copy)` : 'Copy')),
          campaignId: l.record.campaignId,
          settings: l.settings,
        }));
        const c = await service.create({ ...script, settings }, undefined, campaignId);
        const base = baseUrl(ctx, req);
        return {
          status: 201,
          body: { id: c.record.id, gmKey: c.gmKey, playerKey: c.playerKey, gmUrl: gmUrl(base, c.record.id, c.gmKey), playerUrl: playerUrl(base, c.record.id, c.playerKey), encounter: summaryOf(c.record) },
        };
      },
    }),
    route({
      method: 'GET',
      url: '/api/encounters/:id/bestiary',
      operationId: 'encounterBestiary',
      summary: 'The bestiary of the campaign this fight belongs to, searched by name or tag (GM): for quick-add.',
      tags,
      auth: 'gm',
      params: idParams,
      query: templatesQuery,
      responses: { 200: { description: 'Matching templates.', schema: templatesResponse }, ...errors(401, 403, 404, 429) },
      handler: async ({ params, query, access }) => {
        const campaignId = access?.record?.campaignId ?? (await service.meta(params.id))?.campaignId ?? null;
        if (!campaignId) throw new ApiError(404, 'campaign/none', 'This encounter is not part of a campaign, so it has no bestiary.');
        return { body: { templates: await campaigns.templates(campaignId, query.q, query.tag) } };
      },
    }),
  ];
}
