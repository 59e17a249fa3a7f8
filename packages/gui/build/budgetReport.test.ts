import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { checkBudgets, measureRoutes, type RouteBudgets } from './budgetReport.ts';

const chunk = (fileName: string, imports: string[], extra: Partial<Rollup.OutputChunk> = {}) =>
  ({
    type: 'chunk',
    fileName,
    imports,
    dynamicImports: [],
    isEntry: false,
    facadeModuleId: null,
    code: `/* ${fileName} */`,
    ...extra,
  }) as Rollup.OutputChunk;

const asset = (fileName: string, source: string) =>
  ({ type: 'asset', fileName, source }) as Rollup.OutputAsset;

// The entry shares `react` with both pages; the search page imports a table statically and Plotly lazily.
const bundle: Rollup.OutputBundle = {
  'index.html': asset(
    'index.html',
    '<script src="/gui/env.js"></script><script type="module" src="/gui/assets/index.js"></script>' +
      '<script src="/gui/assets/route-preloads.js"></script>',
  ),
  'assets/route-preloads.js': asset('assets/route-preloads.js', '(() => {})();'),
  'assets/index.js': chunk('assets/index.js', ['assets/react.js'], { isEntry: true }),
  'assets/react.js': chunk('assets/react.js', []),
  'assets/AboutPage.js': chunk('assets/AboutPage.js', ['assets/react.js'], {
    facadeModuleId: '/repo/packages/gui/src/features/about/AboutPage.tsx',
  }),
  'assets/SearchPage.js': chunk('assets/SearchPage.js', ['assets/react.js', 'assets/Table.js'], {
    facadeModuleId: '/repo/packages/gui/src/features/search/SearchPage.tsx',
    dynamicImports: ['assets/plotly.js'],
  }),
  'assets/Table.js': chunk('assets/Table.js', ['assets/react.js']),
  'assets/plotly.js': chunk('assets/plotly.js', [], { code: 'x'.repeat(100_000) }),
};

const budgets = {
  about: { path: '/gui/about/information', modules: ['src/features/about/AboutPage.tsx'], budgetKb: 250 },
  search: { path: '/gui/search/entries', modules: ['src/features/search/SearchPage.tsx'], budgetKb: 350 },
} satisfies RouteBudgets;

const filesOf = (route: keyof typeof budgets) =>
  measureRoutes(bundle, '/gui/', budgets)[route]?.files.map(({ file }) => file);

describe('bundle budgets', () => {
  it("counts what index.html loads, the page's chunk and their static imports, not lazy imports", () => {
    expect(filesOf('about')).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/route-preloads.js',
      'assets/AboutPage.js',
    ]);
    expect(filesOf('search')).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/route-preloads.js',
      'assets/SearchPage.js',
      'assets/Table.js',
    ]);
  });

  it('sums the gzip sizes of those files', () => {
    const { search } = measureRoutes(bundle, '/gui/', budgets);
    expect(search?.files.every(({ gzipBytes }) => gzipBytes > 0)).toBe(true);
    expect(search?.gzipBytes).toBe(search?.files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0));
  });

  it('passes routes within their budget, one line each', () => {
    const report = measureRoutes(bundle, '/gui/', budgets);
    const { lines, failures } = checkBudgets(report, budgets);
    expect(failures).toEqual([]);
    expect(lines).toEqual([
      expect.stringMatching(/^about: 0\.\d kB gzip of 250 kB \(4 files\)$/),
      expect.stringMatching(/^search: 0\.\d kB gzip of 350 kB \(5 files\)$/),
    ]);
  });

  it('fails a route over its budget, naming the route, its size and the budget', () => {
    const report = measureRoutes(bundle, '/gui/', budgets);
    const size = ((report.search?.gzipBytes ?? 0) / 1000).toFixed(1);
    const { lines, failures } = checkBudgets(report, {
      ...budgets,
      search: { ...budgets.search, budgetKb: 0.1 },
    });
    expect(lines[1]).toBe(`search: ${size} kB gzip of 0.1 kB (5 files) OVER BUDGET`);
    expect(failures).toEqual([
      `search (/gui/search/entries) loads ${size} kB gzip of JavaScript, over its budget of 0.1 kB`,
    ]);
  });

  it('fails a budgeted route the report lacks (a build from before the route was added)', () => {
    const { failures } = checkBudgets({}, { about: budgets.about });
    expect(failures).toEqual([
      'about (/gui/about/information) was not measured by the last build: run npm run build',
    ]);
  });

  it('fails the build when a budgeted page has no chunk of its own', () => {
    expect(() =>
      measureRoutes(bundle, '/gui/', { x: { path: '/gui/x', modules: ['src/Missing.tsx'], budgetKb: 1 } }),
    ).toThrow('no chunk has src/Missing.tsx');
  });
});
