import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { routeBudgets } from './build/budgets.ts';
import { bundleBudgets } from './build/bundleBudgets.ts';
import { precompressAssets } from './build/precompress.ts';
import { routePreloads } from './build/routePreloads.ts';

// The GUI is served by the oasis server under /nomad-oasis/gui; the dev server proxies the API and the
// runtime config (env.js) to a locally running oasis server so one build serves any installation.
const devServer = 'http://localhost:8000';

export default defineConfig({
  base: '/nomad-oasis/gui/',
  plugins: [
    react(),
    // The pages opened most from links (a search, an entry, a metainfo definition): their chunks and
    // schemas start loading with the entry script.
    routePreloads([
      {
        path: /^search\/[^/]+\/?$/,
        modules: ['src/features/search/SearchPage.tsx'],
        fetches: ['artifacts.json'],
      },
      { path: /(^|\/)entry\/id\/[^/]+/, modules: ['src/features/entry/EntryPage.tsx'] },
      {
        path: /^analyze\/metainfo(\/|$)/,
        modules: ['src/features/metainfo/MetainfoPage.tsx'],
        fetches: ['artifacts.json'],
      },
    ]),
    precompressAssets(),
    bundleBudgets(routeBudgets),
  ],
  resolve: {
    // h5web's n-dimensional arrays without generated code: the GUI's CSP allows no eval (features/h5).
    alias: [
      {
        find: /^ndarray$/,
        replacement: fileURLToPath(new URL('./src/features/h5/ndarray.ts', import.meta.url)),
      },
      {
        find: /^ndarray-ops$/,
        replacement: fileURLToPath(new URL('./src/features/h5/ndarrayOps.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Everything the first page needs in one chunk: lazily loaded viewers (three, h5web, pdf.js) share
        // React and MUI with it, and without a group the bundler cuts that shared code into dozens of
        // small chunks that compress worse and cost a request each.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: {
      '/nomad-oasis/api': devServer,
      '/nomad-oasis/gui/env.js': devServer,
    },
  },
  test: {
    name: 'gui',
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    // Tests wait for conditions with Testing Library's asyncUtilTimeout (100 s, sized and explained in
    // vitest.setup.ts) and carry no timeouts of their own. A test may spend one such wait on a slow
    // first render and still needs time for its other steps, so it gets twice that; hooks the same.
    testTimeout: 200_000,
    hookTimeout: 200_000,
    // The test files share their worker's modules and jsdom instead of importing MUI, React and the app
    // again for each of 125 files (two thirds of the suite's time went there). Files leave nothing
    // behind: spies and stubbed globals are undone after each test, timers made real (vitest.setup.ts),
    // rendered trees unmounted, storage and cookies cleared; a file that replaces a module (vi.mock)
    // imports what uses it afresh (vi.resetModules), as another file may have imported the real one.
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
