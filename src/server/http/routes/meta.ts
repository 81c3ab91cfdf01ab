/** Health (with the database's), the rule modules, and the OpenAPI document. */
import type { AppContext } from '../context.ts';
import { openApiDocument } from '../openapi.ts';
import { PROTOCOL_VERSION } from '../../live/index.ts';
import { kindsInGame } from '../../players/index.ts';
import { healthResponse, rulesResponse } from '../response-schemas.ts';
import { route } from '../route.ts';
import type { RouteSpec } from '../route.ts';

export function metaRoutes(ctx: AppContext, all: () => readonly RouteSpec[]): RouteSpec[] {
  let doc: unknown;
  return [
    route({
      method: 'GET',
      url: '/api/health',
      operationId: 'health',
      summary: 'Is the server up, and does its database answer? (A readiness check: 503 while the database does not.)',
      tags: ['meta'],
      auth: 'none',
      responses: {
        200: { description: 'Up, and the database answers.', schema: healthResponse },
        503: { description: 'Up, but the database does not answer (Retry-After).', schema: healthResponse },
      },
      handler: async () => {
        const database = await ctx.database.check();
        const ok = database === 'ok';
        const body = { status: ok ? 'ok' : 'unavailable', database, version: ctx.version, protocol: PROTOCOL_VERSION, uptimeSeconds: Math.round((ctx.clock() - ctx.startedAt) / 1000) };
        return ok ? { body } : { status: 503, body, headers: { 'retry-after': '5' } };
      },
    }),
    route({
      method: 'GET',
      url: '/api/openapi.json',
      operationId: 'openapi',
      summary: 'This API, as OpenAPI 3.1.',
      tags: ['meta'],
      auth: 'none',
      responses: { 200: { description: 'The OpenAPI document.' } },
      handler: () => ({ body: (doc ??= openApiDocument(all(), ctx.version)) }),
    }),
    route({
      method: 'GET',
      url: '/api/rules',
      operationId: 'listRules',
      summary: 'The rule modules: options, combatant stats and commands of each.',
      tags: ['meta'],
      auth: 'none',
      responses: { 200: { description: 'The modules.', schema: rulesResponse } },
      handler: () => ({
        body: {
          rules: [...ctx.engine.modules.values()].map((m) => ({
            id: m.id,
            title: m.title,
            version: m.version,
            options: m.optionDocs,
            stats: m.statDocs,
            commands: Object.keys(m.commands),
            requestKinds: kindsInGame(m.id),
          })),
        },
      }),
    }),
  ];
}
