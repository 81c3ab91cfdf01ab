/** The web app's pages: the GM's start page, the player link and the GM link (SPA routes). */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { route } from '../route.ts';
import type { RouteSpec } from '../route.ts';
import { appPage } from '../static-files.ts';
import { idParams } from '../schemas.ts';
import { z } from 'zod';

const html = { description: 'The web app (or a note that it is not built yet).', contentType: 'text/html' };
const keyQuery = z.object({ key: z.string().max(200).optional().describe('The key the page uses (kept in the page, sent as a header).') });

export function pageRoutes(ctx: AppContext): RouteSpec[] {
  const page = async ({ req }: { req: FastifyRequest }) => {
    const p = await appPage(ctx.webRoot, req.headers['accept-encoding'], req.url);
    return { body: p.body, headers: p.headers };
  };
  return [
    route({ method: 'GET', url: '/', operationId: 'home', summary: 'The GM\'s start page (owner token in the #owner= fragment).', tags: ['pages'], auth: 'none', responses: { 200: html }, handler: page }),
    route({ method: 'GET', url: '/play/:id', operationId: 'playerPage', summary: 'The player link: the table\'s live view.', tags: ['pages'], auth: 'none', params: idParams, query: keyQuery, responses: { 200: html }, handler: page }),
    route({ method: 'GET', url: '/campaign/:id', operationId: 'campaignPage', summary: 'The GM\'s page for one campaign (owner token kept in this browser).', tags: ['pages'], auth: 'none', params: idParams, responses: { 200: html }, handler: page }),
    route({ method: 'GET', url: '/gm/:id', operationId: 'gmPage', summary: 'The GM\'s page for one encounter.', tags: ['pages'], auth: 'none', params: idParams, query: keyQuery, responses: { 200: html }, handler: page }),
  ];
}
