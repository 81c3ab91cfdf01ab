/** Commands, the log and the events. */
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { linesFrom } from '../live-feed.ts';
import * as res from '../response-schemas.ts';
import { route } from '../route.ts';
import type { RouteSpec } from '../route.ts';
import { afterQuery, commandBody, commandQuery, idParams } from '../schemas.ts';
import { errors } from './common.ts';

const tags = ['play'];

export function rateLimited(what: string, perSecond: number, waitMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError(429, 'limit/rate', `Too many ${what}: at most ${perSecond} a second. Retry in ${seconds} s.`, { retryAfterMs: waitMs }, { 'retry-after': String(seconds) });
}

export function commandRoutes(ctx: AppContext): RouteSpec[] {
  const { service } = ctx;
  return [
    route({
      method: 'POST',
      url: '/api/encounters/:id/commands',
      operationId: 'sendCommand',
      summary: 'Send one command (GM), the same JSON as in `turnkeeper play`.',
      description:
        'Acknowledged (200) only once its events are committed; published to live sockets after that. ' +
        'With ?expectedVersion=N it applies only if the encounter is still at N (409 with the current version otherwise); ' +
        'without it, commands from several tabs are applied one after another in arrival order.',
      tags,
      auth: 'gm',
      params: idParams,
      query: commandQuery,
      body: commandBody,
      responses: { 200: { description: 'Applied.', schema: res.commandResponse }, ...errors(401, 403, 404, 409, 422, 429) },
      handler: async ({ params, query, body, access }) => {
        const wait = ctx.commandRate.take(access!.keyId);
        if (wait > 0) throw rateLimited('commands', ctx.limits.commandsPerSecond, wait);
        const result = await service.execute(params.id, body, {
          ...(query.expectedVersion !== undefined ? { expectedVersion: query.expectedVersion } : {}),
          view: query.view === 'true',
        });
        return { body: result };
      },
    }),
    route({
      method: 'GET',
      url: '/api/encounters/:id/log',
      operationId: 'getLog',
      summary: 'The log: every line for the GM; for a player key, only the lines players may read.',
      tags,
      auth: 'any',
      params: idParams,
      query: afterQuery,
      responses: { 200: { description: 'Log lines after `after`.', schema: res.logResponse }, ...errors(401, 404) },
      handler: ({ params, query, access }) =>
        service.run(params.id, (l) => {
          const lines = linesFrom(l.log(), (query.after ?? 0) + 1);
          if (access?.role !== 'player') return { body: { version: l.version, log: lines } };
          return { body: { version: l.version, log: l.playerLines(lines) } };
        }),
    }),
    route({
      method: 'GET',
      url: '/api/encounters/:id/events',
      operationId: 'getEvents',
      summary: 'The stored events (GM), in order.',
      tags,
      auth: 'gm',
      params: idParams,
      query: afterQuery,
      responses: { 200: { description: 'Events after `after`.', schema: res.eventsResponse }, ...errors(401, 403, 404) },
      handler: ({ params, query }) =>
        service.run(params.id, (l) => {
          const after = Math.min(query.after ?? 0, l.version);
          const upTo = query.limit !== undefined ? Math.min(l.version, after + query.limit) : l.version;
          return { body: { version: l.version, events: l.events.slice(after, upTo) } };
        }),
    }),
  ];
}
