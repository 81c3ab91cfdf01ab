/** Test support from the store: a throwaway PostgreSQL from the system's binaries, and the suites run against it. Tests only. */
export { describePostgres, freePort, startTestPostgres } from './postgres-testing.ts';
export type { TestPostgres } from './postgres-testing.ts';
