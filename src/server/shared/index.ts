/**
 * What every server concern leans on, and nothing above it: errors in GM words (ApiError → 4xx with
 * {code, message}), keys and ids (random, stored only as hashes), rate limits and the clock they read,
 * bounded paging, and the JSON depth guard. The lowest layer: it imports no other server folder.
 */
export { ApiError, gmOnly, invalidInput, notFound, rateLimited, rejected, toApiError, unauthenticated, versionConflict, wrongOwner } from './errors.ts';
export { MAX_IMPORT_DEPTH, tooDeep } from './json-depth.ts';
export { OWNER_TOKEN_FILE, PRIVATE_FOLDER, cryptoRandom, digestMatches, hashKey, keyDigest, loadOwnerToken, newEncounterId, newKey } from './keys.ts';
export type { RandomBytes } from './keys.ts';
export { RateLimiter, defaultLimits } from './limits.ts';
export type { Clock, Limits, RateBuckets, RateBucketsFactory } from './limits.ts';
export { PAGE_DEFAULT, PAGE_MAX, pageAfter } from './paging.ts';
