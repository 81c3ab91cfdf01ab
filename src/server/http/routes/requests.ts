/** Player requests: ask (player link), list, accept or reject (GM). */
import type { AppContext } from '../context.ts';
import { PAGE_DEFAULT, pageAfter } from '../../shared/index.ts';
import * as res from '../response-schemas.ts';
import { route } from '../route.ts';
import type { RouteSpec } from '../route.ts';
import { idParams, rejectBody, requestBody, requestIdParams, requestListQuery } from '../schemas.ts';
import { errors } from './common.ts';
import { rateLimited } from './commands.ts';

const tags = ['requests'];

export function requestRoutes(ctx: AppContext): RouteSpec[] {
  const { requests } = ctx;
  return [
    route({
      method: 'POST',
      url: '/api/encounters/:id/requests',
      operationId: 'createRequest',
      summary: 'Ask the GM for something the rules let players do (player link or GM key).',
      description:
        'Kinds: initiative {combatant, dice?}, end-turn {combatant}, pass/hold {combatant, to?, group?} (popcorn), luck {combatant} (Fallout), ' +
        'reaction {combatant, label, reaction?}. The combatant must be a visible PC. Checked by the rules now; applied only when the GM accepts, ' +
        'or at once if the GM turned on auto-accept for that kind (201 with status "accepted" and the result).',
      tags,
      auth: 'any',
      params: idParams,
      body: requestBody,
      responses: { 201: { description: 'Queued (or auto-accepted).', schema: res.requestResponse }, ...errors(401, 404, 409, 422, 429, 503) },
      handler: async ({ params, body, access }) => {
        const wait = await ctx.requestRate.take(access!.keyId);
        if (wait > 0) throw rateLimited('requests', ctx.limits.requestsPerSecond, wait);
        const role = access!.role === 'player' ? 'player' : 'gm';
        // A seat asks for its own character only; the shared link for characters no phone sits at.
        const guard = role === 'player' ? await ctx.seats.requestGuard(access!.record!, access!.seat) : undefined;
        const r = await requests.create(params.id, body, role, guard);
        const result = r.result && role === 'player' ? { version: r.result.version } : r.result;
        return { status: 201, body: { request: r.request, ...(result ? { result } : {}) } };
      },
    }),
    route({
      method: 'GET',
      url: '/api/encounters/:id/requests',
      operationId: 'listRequests',
      summary: 'The requests, oldest first (GM or player link).',
      description: `In pages: the requests numbered above \`after\`, at most \`limit\` (default ${PAGE_DEFAULT}); \`next\`, when present, is the \`after\` of the next page.`,
      tags,
      auth: 'any',
      params: idParams,
      query: requestListQuery,
      responses: { 200: { description: 'Requests.', schema: res.requestListResponse }, ...errors(401, 404, 429) },
      handler: async ({ params, query, access }) => {
        const all = await requests.list(params.id, query.status, access!.role === 'player' ? 'player' : 'gm');
        const page = pageAfter(all, query.after ?? 0, query.limit ?? PAGE_DEFAULT, (r) => r.id);
        return { body: { requests: page.items, ...(page.next !== undefined ? { next: page.next } : {}) } };
      },
    }),
    route({
      method: 'POST',
      url: '/api/encounters/:id/requests/:requestId/accept',
      operationId: 'acceptRequest',
      summary: 'Accept a pending request (GM): its command runs now, against the current state.',
      description: 'If the rules refuse it now (422), it stays pending: reject it or accept it later.',
      tags,
      auth: 'gm',
      params: requestIdParams,
      responses: { 200: { description: 'Applied.', schema: res.requestResponse }, ...errors(401, 403, 404, 409, 422, 503) },
      handler: async ({ params }) => ({ body: await requests.accept(params.id, params.requestId) }),
    }),
    route({
      method: 'POST',
      url: '/api/encounters/:id/requests/:requestId/reject',
      operationId: 'rejectRequest',
      summary: 'Reject a pending request (GM), with an optional reason for the players.',
      tags,
      auth: 'gm',
      params: requestIdParams,
      body: rejectBody,
      responses: { 200: { description: 'Rejected.', schema: res.requestResponse }, ...errors(401, 403, 404, 409) },
      handler: async ({ params, body }) => ({ body: await requests.reject(params.id, params.requestId, body.reason) }),
    }),
  ];
}
