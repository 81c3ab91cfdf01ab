/** Shared bits of the route modules: error response specs and the links handed out. */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { errorResponse } from '../response-schemas.ts';
import type { ResponseSpec } from '../route.ts';

const ERRORS: Record<number, string> = {
  400: 'Invalid input (malformed JSON, wrong types, unknown fields).',
  401: 'No key, or not the owner token.',
  403: 'A player key on a GM-only route.',
  404: 'No such encounter, or the key does not open it.',
  409: 'Conflict: a stale expectedVersion (with the current version), an archived encounter, a request already resolved.',
  413: 'The body is too large.',
  415: 'Not JSON.',
  422: 'Refused by the rules engine (its code and message), or a limit.',
  429: 'Too many commands, requests or reads with this key: see Retry-After.',
  503: 'Try again later (see Retry-After): `encounter/busy`, other instances kept changing the encounter for 2 s while the command was decided again; nothing was changed.',
};

/** Error responses for these statuses (400, 413 and 415 can always happen). */
export function errors(...statuses: number[]): Record<number, ResponseSpec> {
  const out: Record<number, ResponseSpec> = {};
  for (const s of [400, 413, 415, ...statuses]) out[s] = { description: ERRORS[s] ?? 'Error.', schema: errorResponse };
  return out;
}

/** Where links point: the configured public URL, or the scheme and host this request used. */
export function baseUrl(ctx: AppContext, req: FastifyRequest): string {
  if (ctx.publicUrl) return ctx.publicUrl.replace(/\/+$/, '');
  const host = req.host;
  const safe = typeof host === 'string' && /^[A-Za-z0-9.\-:[\]]{1,255}$/.test(host) ? host : `127.0.0.1`;
  return `${req.protocol}://${safe}`;
}

export function gmUrl(base: string, id: string, key: string): string {
  return `${base}/gm/${encodeURIComponent(id)}?key=${encodeURIComponent(key)}`;
}

export function playerUrl(base: string, id: string, key: string): string {
  return `${base}/play/${encodeURIComponent(id)}?key=${encodeURIComponent(key)}`;
}
