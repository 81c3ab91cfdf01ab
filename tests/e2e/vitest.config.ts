import { defineConfig } from 'vitest/config';

/**
 * The browser tests (`npm run test:e2e`, part of `npm test`): the web app is built once (global
 * setup), then each file starts the real server and drives the system Chromium. One file at a time:
 * the machine is small and Chromium is heavy.
 */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // A live update crosses a server and a socket on a shared, busy machine: wait up to 20 s for it.
    expect: { poll: { timeout: 20_000, interval: 50 } },
  },
});
