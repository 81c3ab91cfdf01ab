/**
 * Running the server as a process: settings from flags and the environment (config.ts), the store it
 * runs on (backend.ts: SQLite in the data folder, or PostgreSQL), starting and stopping cleanly
 * (server.ts), and why a start failed, in one line for the GM (start-failure.ts).
 */
export { openBackend } from './backend.ts';
export { defaultPool, resolveConfig } from './config.ts';
export { startServer, untilSignal } from './server.ts';
export { startFailure } from './start-failure.ts';
