/**
 * The web app's files and pages: static files from the build with precompressed variants, one page
 * per screen with its code announced (screen-pages.ts), the GM page's first data block (page-data.ts),
 * security headers, and the build-time helpers vite.config.ts reads (chunk-groups.ts, precompress.ts).
 */
export { zodSideFiles } from './chunk-groups.ts';
export { privatePage, withEarlyEvents } from './page-data.ts';
export type { EarlyEventsData } from './page-data.ts';
export { PRECOMPRESS_MIN_BYTES, precompress } from './precompress.ts';
export { GAME_SOURCES, screenPages } from './screen-pages.ts';
export { securityHeaders } from './security-headers.ts';
export { appPage, appPageFile, staticFile } from './static-files.ts';
export type { StaticFile } from './static-files.ts';
