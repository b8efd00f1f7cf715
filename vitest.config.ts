import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, several projects: the API suite runs twice, on embedded PGlite and on a real PostgreSQL server.
export default defineConfig({
  test: {
    // Vitest's default is one file fewer than the cores: a single file at a time on a 2-core machine, while an API
    // file spends much of its time waiting on its database thread and on fsync (docs/testing.md "Speed").
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/test/**/*.test.ts', 'apps/server/test/unit/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: ['apps/server/test/api/**/*.test.ts'],
          // Files share their worker's imported modules (each still builds its own app on its own database):
          // importing the server anew for each file was a third of the project's time (docs/testing.md "Speed").
          isolate: false,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['apps/server/test/support/pglite-global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['apps/server/test/api/**/*.test.ts', 'apps/server/test/multi-server/**/*.test.ts'],
          isolate: false,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/support/postgres-global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scale',
          include: ['apps/server/test/scale/**/*.test.ts'],
          // The export test measures live heap, collecting garbage before each sample.
          execArgv: ['--expose-gc'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/support/postgres-global.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        // Real processes killed, stopped and starved: the server, PGlite on disk, a PostgreSQL server of its own.
        test: {
          name: 'faults',
          include: ['apps/server/test/faults/**/*.test.ts'],
          globalSetup: ['apps/server/test/support/postgres-global.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // HAProxy (deploy/haproxy.cfg) in front of two real app servers on a PostgreSQL of its own.
        test: {
          name: 'cluster',
          include: ['apps/server/test/cluster/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          globalSetup: ['e2e/support/global.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser round trip on a loaded 2-core machine can take longer than expect.poll's default second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
