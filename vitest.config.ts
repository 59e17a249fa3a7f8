import { existsSync } from 'node:fs';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const server = { root: 'packages/server', environment: 'node', testTimeout: 30000, hookTimeout: 60000 } as const;

/**
 * The server suites that touch the database run a second time on a real PostgreSQL server (a cluster of
 * its own, started for the run: src/testing/postgres-global-setup.ts). Parsers and normalisers, the
 * processing containment suites and configuration parsing do not reach the database and run once.
 */
const onPostgres: TestProjectInlineConfiguration = {
  test: {
    ...server,
    name: 'server-postgres',
    include: ['src/**/*.test.ts'],
    exclude: [
      'src/processing/**',
      'src/config/**',
      'src/mail/**',
      'src/datacite/**',
      'src/security/processing-containment.test.ts',
      'src/security/archive-limits.test.ts',
      'src/jobs/parse-*.test.ts',
    ],
    globalSetup: ['src/testing/postgres-global-setup.ts'],
  },
};

const postgresInstalled = existsSync('/usr/lib/postgresql');
if (!postgresInstalled)
  console.warn('PostgreSQL is not installed: the server suites run on the embedded PGlite only (see .ci/run).');

// One Vitest run covers all packages; each package is its own project with its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'schema', root: 'packages/schema', environment: 'node' } },
      { test: { ...server, name: 'server' } },
      ...(postgresInstalled ? [onPostgres] : []),
      'packages/gui/vite.config.ts',
    ],
  },
});
