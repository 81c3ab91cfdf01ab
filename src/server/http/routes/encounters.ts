/** Encounters: create, list, import, get, archive, export, keys, settings, delete. */
import type { AppContext } from '../context.ts';
import { rotateKeys, setArchived, updateSettings } from '../../encounters/index.ts';
import { progressOf, summaryOf } from '../../encounters/index.ts';
import type { Created } from '../../encounters/index.ts';
import { notFound } from '../../shared/index.ts';
import type { LoadedEncounter } from '../../encounters/index.ts';
import { kindsOffered } from '../../players/index.ts';
import * as res from '../response-schemas.ts';
import { route } from '../route.ts';
import type { RouteSpec } from '../route.ts';
import { archiveBody, createEncounterBody, idParams, importBody, listQuery, rotateKeysBody, settingsBody } from '../schemas.ts';
import { checkImport, exportOf } from '../../transfer/index.ts';
import { baseUrl, errors, gmUrl, playerUrl } from './common.ts';

const tags = ['encounters'];

export const liveSummary = (l: LoadedEncounter) => summaryOf({ ...l.record, version: l.version, progress: progressOf(l.encounter.state) });

export function encounterRoutes(ctx: AppContext): RouteSpec[] {
  const { service } = ctx;
  const createdBody = (base: string, c: Created) => ({
    id: c.record.id,
    gmKey: c.gmKey,
    playerKey: c.playerKey,
    gmUrl: gmUrl(base, c.record.id, c.gmKey),
    playerUrl: playerUrl(base, c.record.id, c.playerKey),
    encounter: summaryOf(c.record),
  });
  return [
    route({
      method: 'POST',
      url: '/api/encounters',
      operationId: 'createEncounter',
      summary: 'Create an encounter (owner): returns its GM key and player link.',
      tags,
      auth: 'owner',
      body: createEncounterBody,
      responses: { 201: { description: 'Created.', schema: res.createdResponse }, ...errors(401, 422) },
      handler: async ({ body, req }) => ({ status: 201, body: createdBody(baseUrl(ctx, req), await service.create(body)) }),
    }),
    route({
      method: 'GET',
      url: '/api/encounters',
      operationId: 'listEncounters',
      summary: 'List encounters (owner).',
      tags,
      auth: 'owner',
      query: listQuery,
      responses: { 200: { description: 'The encounters, oldest first.', schema: res.listResponse }, ...errors(401, 429) },
      handler: async ({ query }) => ({ body: { encounters: await service.list(query.archived) } }),
    }),
    route({
      method: 'POST',
      url: '/api/encounters/import',
      operationId: 'importEncounter',
      summary: 'Import an exported encounter (owner): a new id and new keys.',
      tags,
      auth: 'owner',
      body: importBody,
      bodyLimit: ctx.limits.importBytes,
      responses: { 201: { description: 'Imported.', schema: res.createdResponse }, ...errors(401, 422) },
      handler: async ({ body, req }) => {
        const imported = checkImport(ctx.engine, body, ctx.limits.maxEventsPerEncounter);
        return { status: 201, body: createdBody(baseUrl(ctx, req), await service.create({ rules: imported.rules }, imported)) };
      },
    }),
    route({
      method: 'GET',
      url: '/api/encounters/:id',
      operationId: 'getEncounter',
      summary: 'The encounter: the full view for the GM, the redacted player view for a player key.',
      tags,
      auth: 'any',
      params: idParams,
      responses: { 200: { description: 'The encounter.', schema: res.encounterResponse }, ...errors(401, 404, 429) },
      handler: ({ params, access }) =>
        service.run(params.id, async (l) => {
          const requestKinds = kindsOffered(l.record.rules, l.encounter.state.options);
          if (access?.role === 'player') {
            // The title is free text the GM typed: read through the secrets, as in the view.
            const title = l.secrets().scrub(l.record.title);
            return { body: { role: 'player', encounter: { id: l.id, title, rules: l.record.rules }, view: l.playerView(), requestKinds } };
          }
          const pending = (await service.deps.store.listRequests(l.id, 'pending')).length;
          return { body: { role: 'gm', encounter: liveSummary(l), settings: l.settings, view: l.gmView(), pendingRequests: pending, requestKinds } };
        }),
    }),
    route({
      method: 'DELETE',
      url: '/api/encounters/:id',
      operationId: 'deleteEncounter',
      summary: 'Delete an encounter and everything in it (owner). Its sockets are closed.',
      tags,
      auth: 'owner',
      params: idParams,
      responses: { 200: { description: 'Deleted.', schema: res.deletedResponse }, ...errors(401, 404) },
      handler: async ({ params }) => {
        if (!(await service.delete(params.id))) throw notFound();
        return { body: { deleted: true } };
      },
    }),
    route({
      method: 'POST',
      url: '/api/encounters/:id/archive',
      operationId: 'archiveEncounter',
      summary: 'Archive (or with {"archived": false} unarchive) an encounter: archived ones are read-only and hidden from the list.',
      tags,
      auth: 'gm',
      params: idParams,
      body: archiveBody,
      responses: { 200: { description: 'The encounter.', schema: res.archivedResponse }, ...errors(401, 403, 404) },
      handler: async ({ params, body }) => {
        const record = await setArchived(service, params.id, body.archived);
        return { body: { encounter: summaryOf(record) } };
      },
    }),
    route({
      method: 'GET',
      url: '/api/encounters/:id/export',
      operationId: 'exportEncounter',
      summary: 'Export the encounter as a JSON file (GM): import it here or on another server.',
      tags,
      auth: 'gm',
      params: idParams,
      responses: { 200: { description: 'The file.', schema: res.exportResponse }, ...errors(401, 403, 404, 429) },
      handler: ({ params }) =>
        service.run(params.id, (l) => ({
          body: exportOf(l, service.now()),
          headers: { 'content-disposition': `attachment; filename="turnkeeper-${l.id}.json"` },
        })),
    }),
    route({
      method: 'POST',
      url: '/api/encounters/:id/keys',
      operationId: 'rotateKeys',
      summary: 'Replace the GM key, the player key or both (GM): old links stop working, their sockets close.',
      tags,
      auth: 'gm',
      params: idParams,
      body: rotateKeysBody,
      responses: { 200: { description: 'The new keys and links.', schema: res.keysResponse }, ...errors(401, 403, 404) },
      handler: async ({ params, body, req }) => {
        const keys = await rotateKeys(service, params.id, body.rotate);
        const base = baseUrl(ctx, req);
        return {
          body: {
            ...keys,
            ...(keys.gmKey ? { gmUrl: gmUrl(base, params.id, keys.gmKey) } : {}),
            ...(keys.playerKey ? { playerUrl: playerUrl(base, params.id, keys.playerKey) } : {}),
          },
        };
      },
    }),
    route({
      method: 'GET',
      url: '/api/encounters/:id/settings',
      operationId: 'getSettings',
      summary: 'The player-view and request settings (GM).',
      tags,
      auth: 'gm',
      params: idParams,
      responses: { 200: { description: 'The settings.', schema: res.settingsResponse }, ...errors(401, 403, 404, 429) },
      handler: ({ params }) => service.run(params.id, (l) => ({ body: { settings: l.settings } })),
    }),
    route({
      method: 'PATCH',
      url: '/api/encounters/:id/settings',
      operationId: 'updateSettings',
      summary: 'Change settings (GM): npcHp (exact, bands, hidden), band labels, auto-accept per request kind.',
      tags,
      auth: 'gm',
      params: idParams,
      body: settingsBody,
      responses: { 200: { description: 'The settings now.', schema: res.settingsResponse }, ...errors(401, 403, 404) },
      handler: async ({ params, body }) => ({ body: { settings: await updateSettings(service, params.id, body) } }),
    }),
  ];
}
