/** Commands, the log and the events (both read in bounded pages). */
import type { AppContext } from '../context.ts';
import type { StoredEvent } from '../../../core/index.ts';
import type { LoadedEncounter } from '../../encounters/index.ts';
import { rateLimited } from '../../shared/index.ts';
import { PAGE_DEFAULT, pageAfter } from '../../shared/index.ts';
import * as res from '../response-schemas.ts';
import { route } from '../route.ts';
import type { RouteSpec } from '../route.ts';
import { commandBody, commandQuery, idParams, pageQuery } from '../schemas.ts';
import { errors } from './common.ts';

const tags = ['play'];

export { rateLimited };

const nextOf = (next: number | undefined) => (next !== undefined ? { next } : {});

/** A page of the stored events, as `GET /api/encounters/:id/events` answers (the GM page carries the first: routes/pages.ts). */
export function eventsPage(l: Pick<LoadedEncounter, 'events' | 'version'>, after: number, limit: number): { version: number; events: readonly StoredEvent[]; next?: number } {
  const page = pageAfter(l.events, after, limit);
  return { version: l.version, events: page.items, ...nextOf(page.next) };
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
        'without it, commands from several tabs are applied one after another in arrival order (one that loses a race to another instance ' +
        'is decided again on the new state, for up to 2 s: 503 encounter/busy after).',
      tags,
      auth: 'gm',
      params: idParams,
      query: commandQuery,
      body: commandBody,
      responses: { 200: { description: 'Applied.', schema: res.commandResponse }, ...errors(401, 403, 404, 409, 422, 429, 503) },
      handler: async ({ params, query, body, access }) => {
        const wait = await ctx.commandRate.take(access!.keyId);
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
      description:
        `In pages: the lines after \`after\`, at most \`limit\` (default ${PAGE_DEFAULT}), never splitting the lines of one event; ` +
        '`next`, when present, is the `after` of the next page. A player\'s page is the GM page with what players may not read left out, ' +
        'so it can be shorter (even empty) while `next` says more follow.',
      tags,
      auth: 'any',
      params: idParams,
      query: pageQuery,
      responses: { 200: { description: 'Log lines after `after`.', schema: res.logResponse }, ...errors(401, 404, 429) },
      handler: ({ params, query, access }) =>
        service.run(params.id, (l) => {
          // The GM lines are paged first, and players read what they may of that page: bounded, nothing skipped.
          const page = pageAfter(l.log(), query.after ?? 0, query.limit ?? PAGE_DEFAULT);
          const log = access?.role === 'player' ? l.playerLines(page.items) : page.items;
          return { body: { version: l.version, log, ...nextOf(page.next) } };
        }),
    }),
    route({
      method: 'GET',
      url: '/api/encounters/:id/events',
      operationId: 'getEvents',
      summary: 'The stored events (GM), in order.',
      description: `In pages: the events after \`after\`, at most \`limit\` (default ${PAGE_DEFAULT}); \`next\`, when present, is the \`after\` of the next page.`,
      tags,
      auth: 'gm',
      params: idParams,
      query: pageQuery,
      responses: { 200: { description: 'Events after `after`.', schema: res.eventsResponse }, ...errors(401, 403, 404, 429) },
      handler: ({ params, query }) => service.run(params.id, (l) => ({ body: eventsPage(l, query.after ?? 0, query.limit ?? PAGE_DEFAULT) })),
    }),
  ];
}
