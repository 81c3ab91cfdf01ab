/**
 * A route as data: method, path, who may call it, zod schemas for params, query and body, the
 * responses, and the handler. `registerRoute` wires it into Fastify (auth first, then the read limit
 * for GET routes that take a key, then validation); the same specs produce the OpenAPI document, so
 * every route is described by construction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { authorize, bearerKey } from './auth.ts';
import type { Access, Auth } from './auth.ts';
import type { AppContext } from './context.ts';
import { invalidInput, rateLimited } from '../shared/index.ts';

export interface ResponseSpec {
  readonly description: string;
  readonly schema?: z.ZodType;
  /** Default application/json. */
  readonly contentType?: string;
}

export interface Reply {
  readonly status?: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Handled<P, Q, B> {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly access: Access | undefined;
  readonly req: FastifyRequest;
}

export interface RouteSpec<P = unknown, Q = unknown, B = unknown> {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Fastify syntax: /api/encounters/:id */
  readonly url: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly auth: Auth;
  readonly params?: z.ZodType<P>;
  readonly query?: z.ZodType<Q>;
  readonly body?: z.ZodType<B>;
  /** Bytes; the app's body limit when unset. */
  readonly bodyLimit?: number;
  readonly responses: Readonly<Record<number, ResponseSpec>>;
  /** Documented only: registered elsewhere (the live WebSocket). */
  readonly websocket?: true;
  readonly handler?: (h: Handled<P, Q, B>) => Promise<Reply> | Reply;
}

/** Lets a route's schemas type its handler. */
export function route<P = unknown, Q = unknown, B = unknown>(spec: RouteSpec<P, Q, B>): RouteSpec {
  return spec as RouteSpec;
}

export function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T;
  const r = schema.safeParse(value);
  if (!r.success) throw invalidInput(where, r.error);
  return r.data;
}

/** A route the read limit applies to: a GET that takes a key. */
export function isRead(spec: Pick<RouteSpec, 'method' | 'auth'>): boolean {
  return spec.method === 'GET' && spec.auth !== 'none';
}

/** Takes a read from the key's bucket: 429 with Retry-After when it is empty. */
export async function takeRead(ctx: AppContext, keyId: string): Promise<void> {
  const wait = await ctx.readRate.take(keyId);
  if (wait > 0) throw rateLimited('reads', ctx.limits.readsPerSecond, wait);
}

export function registerRoute(app: FastifyInstance, ctx: AppContext, spec: RouteSpec): void {
  const handler = spec.handler;
  if (!handler) return;
  app.route({
    method: spec.method,
    url: spec.url,
    bodyLimit: spec.bodyLimit ?? ctx.limits.bodyBytes,
    handler: async (req, reply) => {
      const rawParams = req.params as Record<string, unknown>;
      const id = typeof rawParams.id === 'string' ? rawParams.id : undefined;
      const access = await authorize(ctx, bearerKey(req), spec.auth, id);
      if (access && isRead(spec)) await takeRead(ctx, access.keyId);
      const params = parse(spec.params, req.params, 'path');
      const query = parse(spec.query, req.query ?? {}, 'query string');
      const body = parse(spec.body, req.body, 'body');
      const r = await handler({ params, query, body, access, req });
      reply.code(r.status ?? 200);
      for (const [k, v] of Object.entries(r.headers ?? {})) reply.header(k, v);
      return r.body;
    },
  });
}
