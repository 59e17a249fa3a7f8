import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const server = {
  root: 'packages/server',
  environment: 'node',
  // Hang detectors, not measures: on a machine kept busy (load 15 on 2 cores) a suite that opens PGlite
  // databases on disk took over 30 s; the tests themselves wait for conditions.
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // The suites share their worker's modules rather than importing the server again for each of 150 files
  // (the suite took some 560 s, 340 s so): every suite starts and closes its own servers and databases,
  // and the server keeps no module-level state.
  isolate: false,
} as const;

/**
 * The server suites that reach the database run a second time on a real PostgreSQL server (a cluster of
 * its own, started for the run: src/testing/postgres-global-setup.ts), the security suite's role matrix,
 * embargo and raw-file access among them. Left out: parsers and normalisers, processing containment,
 * configuration, process supervision, the CLI's processes (they open the embedded database), and suites
 * whose subject is in memory or in the browser (the search engine's bounds and fuzzing, the login back-off,
 * response headers, units, the index snapshot file, request abort, recorded searches, the contract's
 * operation table, the external identity provider, keycloak-js), and those whose subject is files on disk
 * read through the same few queries as everywhere (raw files and their zips, HDF5, structures, archives).
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
      'src/jobs/parse-*.test.ts',
      'src/security/processing-containment.test.ts',
      'src/security/archive-limits.test.ts',
      'src/security/auth-hardening.test.ts',
      'src/security/search-bounds.test.ts',
      'src/security/query-fuzz.test.ts',
      'src/security/api-headers.test.ts',
      'src/security/gui-headers.test.ts',
      'src/cli/cli.test.ts',
      'src/http/operations.test.ts',
      'src/routes/optimade.test.ts',
      'src/lifecycle.test.ts',
      'src/start-supervision.test.ts',
      'src/cli/seed.test.ts',
      'src/routes/gui.test.ts',
      'src/routes/samples-processing.test.ts',
      'src/routes/recorded-search.test.ts',
      'src/routes/example-uploads.test.ts',
      'src/search/units.test.ts',
      'src/search/request-abort.test.ts',
      'src/search/engine/snapshot.test.ts',
      'src/auth/external.test.ts',
      'src/auth/provider/keycloak-js.test.ts',
      'src/routes/h5grove.test.ts',
      'src/routes/systems.test.ts',
      'src/routes/property-archives.test.ts',
      'src/routes/archive-references.test.ts',
      'src/routes/raw-files.test.ts',
      'src/routes/upload-files.test.ts',
      'src/security/raw-headers.test.ts',
      'src/services/raw-files-zip.test.ts',
    ],
    // Absolute: Vitest resolves it from the project's root, knip from this file's folder.
    globalSetup: [
      fileURLToPath(new URL('packages/server/src/testing/postgres-global-setup.ts', import.meta.url)),
    ],
  },
};

const postgresInstalled = existsSync('/usr/lib/postgresql');
if (!postgresInstalled)
  console.warn(
    'PostgreSQL is not installed: the server suites run on the embedded PGlite only (see .ci/run).',
  );

// One Vitest run covers all packages; each package is its own project with its own environment.
export default defineConfig({
  test: {
    // One test file per core, not Vitest's default of one fewer: most server suites wait on databases,
    // child processes and sockets, so on 2 cores a single worker left one idle half the time (the whole
    // run took 1,493 s with one worker, 935 s with two).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { name: 'chem', root: 'packages/chem', environment: 'node' } },
      { test: { name: 'client', root: 'packages/client', environment: 'node' } },
      { test: { name: 'schema', root: 'packages/schema', environment: 'node' } },
      {
        test: {
          ...server,
          name: 'server',
          globalSetup: [
            fileURLToPath(new URL('packages/server/src/testing/pglite-template-setup.ts', import.meta.url)),
          ],
        },
      },
      ...(postgresInstalled ? [onPostgres] : []),
      'packages/gui/vite.config.ts',
    ],
  },
});
