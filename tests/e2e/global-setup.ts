import { existsSync } from 'node:fs';
import { build } from 'vite';
import { WEB_BUILD } from './harness.ts';

/** Builds the web app once before the browser tests (skip with TURNKEEPER_E2E_NO_BUILD=1 and an existing build). */
export default async function setup(): Promise<void> {
  if (process.env.TURNKEEPER_E2E_NO_BUILD === '1' && existsSync(`${WEB_BUILD}/index.html`)) return;
  await build({ configFile: new URL('../../vite.config.ts', import.meta.url).pathname, logLevel: 'warn' });
}
