/** The web app's pages: the GM's start page, the player link and the GM link (SPA routes). */
import { readFile } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { roleOn } from '../auth.ts';
import { keyDigest } from '../../shared/index.ts';
import { privatePage, withEarlyEvents } from '../../pages/index.ts';
import type { EarlyEventsData } from '../../pages/index.ts';
import { PAGE_DEFAULT } from '../../shared/index.ts';
import { eventsPage } from './commands.ts';
import { route } from '../route.ts';
import type { RouteSpec } from '../route.ts';
import { appPage, appPageFile } from '../../pages/index.ts';
import type { StaticFile } from '../../pages/index.ts';
import { idParams } from '../schemas.ts';

const html = { description: 'The web app (or a note that it is not built yet).', contentType: 'text/html' };
const keyQuery = z.object({ key: z.string().max(200).optional().describe('The key the page uses (kept in the page, sent as a header).') });

/** The encounter a GM address opens, when its key is the encounter's GM key (or the owner token). */
async function gmOf(ctx: AppContext, id: string, key: string | undefined): Promise<{ rules: string; keyId: string } | undefined> {
  if (!key) return undefined;
  const record = await ctx.service.meta(id).catch(() => undefined);
  if (!record) return undefined;
  const digest = keyDigest(key);
  const role = roleOn(record, digest, ctx.ownerHash);
  return role === 'gm' || role === 'owner' ? { rules: record.rules, keyId: digest.toString('hex') } : undefined;
}

/** The first page of events, as `GET /api/encounters/:id/events` answers it; undefined if the encounter is gone. */
function firstEvents(ctx: AppContext, id: string): Promise<EarlyEventsData | undefined> {
  return ctx.service
    .run(id, (l) => ({ id, ...eventsPage(l, 0, PAGE_DEFAULT) }))
    .catch(() => undefined);
}

/**
 * The GM page. With the encounter's GM key it announces the game's rules (screen-pages.ts) and holds the
 * first page of events (page-data.ts); that counts as one read of the key, and when the key has none
 * left the page comes without the events (the screen asks for them itself). Any other key, or none,
 * gets the plain page: the answer says nothing of an encounter to an address without its key.
 */
async function gmPage(ctx: AppContext, req: FastifyRequest, id: string, key: string | undefined): Promise<StaticFile> {
  const accept = req.headers['accept-encoding'];
  const gm = await gmOf(ctx, id, key);
  if (!gm) return appPage(ctx.webRoot, accept, req.url);
  const file = await appPageFile(ctx.webRoot, req.url, gm.rules);
  const data = file && (await ctx.readRate.take(gm.keyId)) <= 0 ? await firstEvents(ctx, id) : undefined;
  if (!file || !data) return appPage(ctx.webRoot, accept, req.url, gm.rules);
  return privatePage(withEarlyEvents(await readFile(file, 'utf8'), data), accept);
}

export function pageRoutes(ctx: AppContext): RouteSpec[] {
  const page = async ({ req }: { req: FastifyRequest }) => {
    const p = await appPage(ctx.webRoot, req.headers['accept-encoding'], req.url);
    return { body: p.body, headers: p.headers };
  };
  const gm = async ({ req, params, query }: { req: FastifyRequest; params: { id: string }; query: { key?: string | undefined } }) => {
    const p = await gmPage(ctx, req, params.id, query.key);
    return { body: p.body, headers: p.headers };
  };
  return [
    route({ method: 'GET', url: '/', operationId: 'home', summary: 'The GM\'s start page (owner token in the #owner= fragment).', tags: ['pages'], auth: 'none', responses: { 200: html }, handler: page }),
    route({ method: 'GET', url: '/play/:id', operationId: 'playerPage', summary: 'The player link: the table\'s live view.', tags: ['pages'], auth: 'none', params: idParams, query: keyQuery, responses: { 200: html }, handler: page }),
    route({ method: 'GET', url: '/campaign/:id', operationId: 'campaignPage', summary: 'The GM\'s page for one campaign (owner token kept in this browser).', tags: ['pages'], auth: 'none', params: idParams, responses: { 200: html }, handler: page }),
    route({
      method: 'GET',
      url: '/gm/:id',
      operationId: 'gmPage',
      summary: 'The GM\'s page for one encounter; with the encounter\'s GM key, it also preloads the game\'s rules and holds the first page of events (never cached).',
      tags: ['pages'],
      auth: 'none',
      params: idParams,
      query: keyQuery,
      responses: { 200: html },
      handler: gm,
    }),
  ];
}
