/** TODO header */
export { openBackend } from './backend.ts';
export { resolveConfig, serveUsage } from './config.ts';
export { startServer, untilSignal } from './server.ts';
export { startFailure } from './start-failure.ts';
