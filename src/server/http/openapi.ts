/**
 * The OpenAPI 3.1 document, generated from the route specs and their zod schemas (`z.toJSONSchema`,
 * JSON Schema 2020-12, which OpenAPI 3.1 uses as is).
 */
import { z } from 'zod';
import type { RouteSpec } from './route.ts';
import { errorResponse } from './response-schemas.ts';

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const s = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete s.$schema;
  return s;
}

/** One OpenAPI parameter per property of an object schema. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const s = jsonSchema(schema, 'input');
  const props = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required ?? []) as string[]);
  return Object.entries(props).map(([name, p]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof p.description === 'string' ? { description: p.description } : {}),
    schema: p,
  }));
}

export const openApiPath = (url: string): string => url.replace(/:([A-Za-z]+)/g, '{$1}');

const SECURITY: Record<string, Json[] | undefined> = {
  none: [],
  owner: [{ owner: [] }],
  gm: [{ gmKey: [] }, { owner: [] }],
  any: [{ gmKey: [] }, { playerKey: [] }, { owner: [] }],
};

export function openApiDocument(specs: readonly RouteSpec[], version: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const spec of specs) {
    const responses: Record<string, Json> = {};
    for (const [status, r] of Object.entries(spec.responses)) {
      const type = r.contentType ?? 'application/json';
      responses[status] = {
        description: r.description,
        ...(r.schema ? { content: { [type]: { schema: jsonSchema(r.schema, 'output') } } } : {}),
      };
    }
    const operation: Json = {
      operationId: spec.operationId,
      summary: spec.summary,
      ...(spec.description ? { description: spec.description } : {}),
      tags: spec.tags,
      security: SECURITY[spec.auth],
      parameters: [...parameters(spec.params, 'path'), ...parameters(spec.query, 'query')],
      ...(spec.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(spec.body, 'input') } } } }
        : {}),
      responses,
    };
    const path = openApiPath(spec.url);
    (paths[path] ??= {})[spec.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Turnkeeper',
      version,
      description:
        'A rules-aware combat tracker. Encounters are event-sourced: commands are JSON objects as in `turnkeeper play`; ' +
        'every refused input is a 4xx with {code, message} and changes nothing. Live updates: GET /api/encounters/{id}/live (WebSocket).',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        owner: { type: 'http', scheme: 'bearer', description: 'The owner token (data folder, printed at start).' },
        gmKey: { type: 'http', scheme: 'bearer', description: 'An encounter\'s GM key.' },
        playerKey: { type: 'http', scheme: 'bearer', description: 'An encounter\'s player key (read-only plus requests).' },
      },
      schemas: { Error: jsonSchema(errorResponse, 'output') },
    },
    paths,
  };
}
