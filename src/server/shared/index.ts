/** TODO header */
export { ApiError, gmOnly, invalidInput, notFound, rateLimited, rejected, toApiError, unauthenticated, versionConflict, wrongOwner } from './errors.ts';
export { MAX_IMPORT_DEPTH, tooDeep } from './json-depth.ts';
export { OWNER_TOKEN_FILE, PRIVATE_FOLDER, cryptoRandom, digestMatches, hashKey, keyDigest, loadOwnerToken, newEncounterId, newKey } from './keys.ts';
export type { RandomBytes } from './keys.ts';
export { RateLimiter, defaultLimits } from './limits.ts';
export type { Clock, Limits, RateBuckets, RateBucketsFactory } from './limits.ts';
export { PAGE_DEFAULT, PAGE_MAX, pageAfter } from './paging.ts';
