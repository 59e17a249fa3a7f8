import { defineConfig } from 'vitest/config';

// One Vitest run covers all packages; each package is its own project with its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'schema', root: 'packages/schema', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      'packages/gui/vite.config.ts',
    ],
  },
});
