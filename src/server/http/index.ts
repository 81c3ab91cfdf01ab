/**
 * The HTTP face: the Fastify app (app.ts) built from routes as data (route.ts, routes/ — one file per
 * concern), who is asking (auth.ts), the shared context (context.ts), the input and response schemas
 * and the OpenAPI document generated from them, health (database-health.ts, network.ts), and the
 * faults Node's parser refuses (client-errors.ts). Keys never reach the log (log-redaction.ts).
 */
export { buildApp } from './app.ts';
export type { App, AppOptions } from './app.ts';
export { everywhere, lanAddresses } from './network.ts';
