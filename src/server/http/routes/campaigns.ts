/** Campaigns (owner): party, bestiary, fights started from them, write-back, export and import. */
import type { AppContext } from '../context.ts';
import {
  campaignArchiveBody,
  campaignCommandBody,
  campaignCreatedResponse,
  campaignIdParams,
  campaignImportBody,
  campaignListQuery,
  campaignListResponse,
  campaignResponse,
  createCampaignBody,
  expectedVersionQuery,
  fightParams,
  fightsResponse,
  newFightBody,
  templatesQuery,
  templatesResponse,
  writeBackBody,
  writeBackResponse,
} from '../campaign-schemas.ts';
import { summaryOf } from '../../encounters/index.ts';
import * as res from '../response-schemas.ts';
import { route } from '../route.ts';
import type { RouteSpec } from '../route.ts';
import { baseUrl, errors, gmUrl, playerUrl } from './common.ts';

const tags = ['campaigns'];

export function campaignRoutes(ctx: AppContext): RouteSpec[] {
  const { campaigns } = ctx;
  return [
    route({
      method: 'POST',
      url: '/api/campaigns',
      operationId: 'createCampaign',
      summary: 'Create a campaign (owner): one game, a party, a bestiary and its fights.',
      tags,
      auth: 'owner',
      body: createCampaignBody,
      responses: { 201: { description: 'Created.', schema: campaignCreatedResponse }, ...errors(401, 422) },
      handler: async ({ body }) => ({ status: 201, body: { campaign: await campaigns.create(body) } }),
    }),
    route({
      method: 'GET',
      url: '/api/campaigns',
      operationId: 'listCampaigns',
      summary: 'List campaigns (owner).',
      tags,
      auth: 'owner',
      query: campaignListQuery,
      responses: { 200: { description: 'The campaigns, oldest first.', schema: campaignListResponse }, ...errors(401, 429) },
      handler: async ({ query }) => ({ body: { campaigns: await campaigns.list(query.archived) } }),
    }),
    route({
      method: 'POST',
      url: '/api/campaigns/import',
      operationId: 'importCampaign',
      summary: 'Import an exported campaign file (owner): a new campaign with its fights.',
      tags,
      auth: 'owner',
      body: campaignImportBody,
      bodyLimit: ctx.limits.importBytes,
      responses: { 201: { description: 'Imported.', schema: campaignCreatedResponse }, ...errors(401, 422) },
      handler: async ({ body }) => ({ status: 201, body: { campaign: await campaigns.importFile(body) } }),
    }),
    route({
      method: 'GET',
      url: '/api/campaigns/:id',
      operationId: 'getCampaign',
      summary: 'The campaign: party with current tracks, bestiary, fights, session, and its log.',
      tags,
      auth: 'owner',
      params: campaignIdParams,
      responses: { 200: { description: 'The campaign.', schema: campaignResponse }, ...errors(401, 404, 429) },
      handler: async ({ params }) => ({ body: await campaigns.read(params.id) }),
    }),
    route({
      method: 'POST',
      url: '/api/campaigns/:id/commands',
      operationId: 'campaignCommand',
      summary: 'Change the campaign with one command (owner): one undo step.',
      tags,
      auth: 'owner',
      params: campaignIdParams,
      query: expectedVersionQuery,
      body: campaignCommandBody,
      responses: { 200: { description: 'Applied: the campaign now.', schema: campaignResponse }, ...errors(401, 404, 409, 422) },
      handler: async ({ params, query, body }) => ({ body: await campaigns.execute(params.id, body, query.expectedVersion) }),
    }),
    route({
      method: 'GET',
      url: '/api/campaigns/:id/templates',
      operationId: 'searchTemplates',
      summary: 'Search the bestiary by name or tag (owner).',
      tags,
      auth: 'owner',
      params: campaignIdParams,
      query: templatesQuery,
      responses: { 200: { description: 'Matching templates, in bestiary order.', schema: templatesResponse }, ...errors(401, 404, 429) },
      handler: async ({ params, query }) => ({ body: { templates: await campaigns.templates(params.id, query.q, query.tag) } }),
    }),
    route({
      method: 'GET',
      url: '/api/campaigns/:id/fights',
      operationId: 'listCampaignFights',
      summary: 'The campaign\'s fights with where each stands (owner).',
      tags,
      auth: 'owner',
      params: campaignIdParams,
      responses: { 200: { description: 'The fights, oldest first.', schema: fightsResponse }, ...errors(401, 404, 429) },
      handler: async ({ params }) => ({ body: { fights: await campaigns.fights(params.id) } }),
    }),
    route({
      method: 'POST',
      url: '/api/campaigns/:id/fights',
      operationId: 'newCampaignFight',
      summary: 'Start a fight from the campaign (owner): the party as it is now, plus bestiary templates.',
      tags,
      auth: 'owner',
      params: campaignIdParams,
      body: newFightBody,
      responses: { 201: { description: 'Created (prepared unless start is true).', schema: res.createdResponse }, ...errors(401, 404, 409, 422) },
      handler: async ({ params, body, req }) => {
        const c = await campaigns.newFight(params.id, body);
        const base = baseUrl(ctx, req);
        return {
          status: 201,
          body: { id: c.record.id, gmKey: c.gmKey, playerKey: c.playerKey, gmUrl: gmUrl(base, c.record.id, c.gmKey), playerUrl: playerUrl(base, c.record.id, c.playerKey), encounter: summaryOf(c.record) },
        };
      },
    }),
    route({
      method: 'GET',
      url: '/api/campaigns/:id/fights/:fight/write-back',
      operationId: 'reviewWriteBack',
      summary: 'What writing this fight back would change in the campaign: each PC track, from and to (owner).',
      tags,
      auth: 'owner',
      params: fightParams,
      responses: { 200: { description: 'The proposal to review.', schema: writeBackResponse }, ...errors(401, 404, 429) },
      handler: async ({ params }) => ({ body: await campaigns.reviewWriteBack(params.id, params.fight) }),
    }),
    route({
      method: 'POST',
      url: '/api/campaigns/:id/fights/:fight/write-back',
      operationId: 'writeBack',
      summary: 'Write the fight\'s PC tracks back to the campaign as reviewed (owner): one undoable step.',
      tags,
      auth: 'owner',
      params: fightParams,
      body: writeBackBody,
      responses: { 200: { description: 'Written: the campaign now.', schema: campaignResponse }, ...errors(401, 404, 409, 422) },
      handler: async ({ params, body }) => ({ body: await campaigns.writeBack(params.id, params.fight, body.expectedVersion, body.changes) }),
    }),
    route({
      method: 'GET',
      url: '/api/campaigns/:id/export',
      operationId: 'exportCampaign',
      summary: 'Export the campaign and its fights as one JSON file (owner).',
      tags,
      auth: 'owner',
      params: campaignIdParams,
      responses: { 200: { description: 'The file.' }, ...errors(401, 404, 429) },
      handler: async ({ params }) => ({
        body: await campaigns.exportFile(params.id),
        headers: { 'content-disposition': `attachment; filename="turnkeeper-campaign-${params.id}.json"` },
      }),
    }),
    route({
      method: 'POST',
      url: '/api/campaigns/:id/archive',
      operationId: 'archiveCampaign',
      summary: 'Archive (or with {"archived": false} unarchive) a campaign (owner).',
      tags,
      auth: 'owner',
      params: campaignIdParams,
      body: campaignArchiveBody,
      responses: { 200: { description: 'The campaign.', schema: campaignCreatedResponse }, ...errors(401, 404) },
      handler: async ({ params, body }) => ({ body: { campaign: await campaigns.setArchived(params.id, body.archived) } }),
    }),
    route({
      method: 'DELETE',
      url: '/api/campaigns/:id',
      operationId: 'deleteCampaign',
      summary: 'Delete a campaign (owner): its fights stay, as encounters of their own.',
      tags,
      auth: 'owner',
      params: campaignIdParams,
      responses: { 200: { description: 'Deleted.', schema: res.deletedResponse }, ...errors(401, 404) },
      handler: async ({ params }) => {
        await campaigns.delete(params.id);
        return { body: { deleted: true } };
      },
    }),
  ];
}
