/**
 * Every error a client can cause becomes a 4xx with `{code, message}`: invalid input 400, missing key
 * 401, player key on a GM route 403, unknown encounter (or a key that does not open it) 404, stale
 * version 409, too large 413, unsupported media type 415, engine rejection 422 (the engine's own code
 * and message), rate limited 429 with Retry-After. The host's faults say what they are: a full disk
 * 503 `server/disk-full`, an unreachable database 503 `server/database-unavailable` (both with
 * Retry-After), a damaged database file 500 `server/database-damaged` (store-faults.ts tells them
 * apart). Anything else is a bug: 500, logged.
 */
import type { Rejection } from '../../core/index.ts';
import { describeZodError } from '../../core/index.ts';
import type { ZodError } from 'zod';
import { isEncounterNotFound, isVersionConflict } from '../../store/index.ts';
import { storeFault } from '../../store/index.ts';
import type { StoreFault } from '../../store/index.ts';

export interface ErrorBody {
  readonly code: string;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): ErrorBody {
    return this.details ? { code: this.code, message: this.message, details: this.details } : { code: this.code, message: this.message };
  }
}

export const notFound = (): ApiError =>
  new ApiError(404, 'encounter/not-found', 'There is no encounter with that id, or the key does not open it.');

export const unauthenticated = (): ApiError =>
  new ApiError(401, 'auth/missing-key', 'Send a key: "Authorization: Bearer <key>" (or ?key= on the live socket and player links).');

export const wrongOwner = (): ApiError => new ApiError(401, 'auth/not-owner', 'This needs the owner token printed when the server started.');

export const gmOnly = (): ApiError => new ApiError(403, 'auth/gm-only', 'Only the GM key can do this; the player link is read-only (players send requests).');

export function rejected(r: Rejection): ApiError {
  return new ApiError(422, r.code, r.message, r.details);
}

export function invalidInput(where: string, error: ZodError): ApiError {
  return new ApiError(400, 'request/invalid', `The ${where} is not valid: ${describeZodError(error)}.`);
}

/** 429 with Retry-After (whole seconds, at least 1). */
export function rateLimited(what: string, perSecond: number, waitMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError(429, 'limit/rate', `Too many ${what}: at most ${perSecond} a second. Retry in ${seconds} s.`, { retryAfterMs: waitMs }, { 'retry-after': String(seconds) });
}

export function versionConflict(expected: number, current: number): ApiError {
  return new ApiError(
    409,
    'encounter/version-conflict',
    `The encounter is at version ${current}, not ${expected}: it changed since you read it. Read it again and retry.`,
    { expectedVersion: expected, currentVersion: current },
  );
}

/** The host's faults, in GM words: what happened, whether anything was saved, what to do. */
export function storeFailure(fault: StoreFault): ApiError {
  switch (fault) {
    case 'disk-full':
      return new ApiError(
        503,
        'server/disk-full',
        "The server's disk is full, so this was not saved. Reading still works; free some space on the disk that holds the database, then try again.",
        undefined,
        { 'retry-after': '30' },
      );
    case 'unavailable':
      return new ApiError(503, 'server/database-unavailable', 'The database cannot be reached right now, so nothing was saved. Try again in a few seconds.', undefined, {
        'retry-after': '5',
      });
    case 'damaged':
      return new ApiError(
        500,
        'server/database-damaged',
        'The database file is damaged. Stop the server and restore the last backup (see "The data folder" in the server\'s README).',
      );
  }
}

const FASTIFY: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'request/too-large', 'The request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'request/unsupported-media-type', 'Send JSON (Content-Type: application/json)'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'request/invalid-json', 'The body is empty but declared as JSON'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'request/invalid-json', 'The body is not valid JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'request/invalid-length', 'The Content-Length does not match the body'],
  FST_ERR_BAD_URL: [400, 'request/bad-url', 'The URL is not valid (a malformed %-escape)'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'request/uri-too-long', 'A part of the URL path is too long'],
};

/** Any thrown value as an ApiError; `limit` names the body limit in the 413 message. */
export function toApiError(err: unknown, bodyLimit?: number): ApiError {
  if (err instanceof ApiError) return err;
  if (isVersionConflict(err)) return versionConflict(err.expectedVersion, err.actualVersion ?? 0);
  if (isEncounterNotFound(err)) return notFound();
  const fault = storeFault(err);
  if (fault) return storeFailure(fault);
  const e = err as { code?: unknown; statusCode?: unknown; message?: unknown };
  const known = typeof e.code === 'string' ? FASTIFY[e.code] : undefined;
  if (known) {
    const [status, code, message] = known;
    const limit = status === 413 && bodyLimit ? ` (the limit is ${Math.round(bodyLimit / 1024)} kB)` : '';
    return new ApiError(status, code, `${message}${limit}.`);
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return new ApiError(e.statusCode, 'request/invalid', typeof e.message === 'string' ? e.message : 'The request is not valid.');
  }
  return new ApiError(500, 'server/internal', 'The server failed on this request (a bug, logged on the server).');
}
