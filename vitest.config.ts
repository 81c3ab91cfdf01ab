import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts', 'deploy/**/*.test.ts', 'tests/architecture/**/*.test.ts', 'tests/adding-a-game/**/*.test.ts', 'tests/package/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
  },
});
