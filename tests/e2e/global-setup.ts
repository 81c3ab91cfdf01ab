import { existsSync } from 'node:fs';
import { build } from 'vite';
import { WEB_BUILD } from './harness.ts';

/**
 * Builds the web app once before the browser tests (skip with TURNKEEPER_E2E_NO_BUILD=1 and an existing
 * build): the production build people get from `npm start`. Vitest sets NODE_ENV=test, which would give
 * React's development build (other code, StrictMode's double effects), so the build runs as production.
 */
export default async function setup(): Promise<void> {
  if (process.env.TURNKEEPER_E2E_NO_BUILD === '1' && existsSync(`${WEB_BUILD}/index.html`)) return;
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: new URL('../../vite.config.ts', import.meta.url).pathname, mode: 'production', logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = env;
  }
}
