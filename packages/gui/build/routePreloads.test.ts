import type { Rollup } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadScript, routePreloads, type RoutePreload } from './routePreloads.ts';

const chunk = (fileName: string, imports: string[], extra: Partial<Rollup.OutputChunk> = {}) =>
  ({
    type: 'chunk',
    fileName,
    imports,
    isEntry: false,
    facadeModuleId: null,
    ...extra,
  }) as Rollup.OutputChunk;

// The shape of a build: the entry shares `react` with the search page, which has one chunk of its own.
const bundle: Rollup.OutputBundle = {
  'assets/index.js': chunk('assets/index.js', ['assets/react.js'], { isEntry: true }),
  'assets/react.js': chunk('assets/react.js', []),
  'assets/SearchPage.js': chunk('assets/SearchPage.js', ['assets/react.js', 'assets/Table.js'], {
    facadeModuleId: '/repo/packages/gui/src/features/search/SearchPage.tsx',
  }),
  'assets/Table.js': chunk('assets/Table.js', ['assets/react.js']),
};
const rules: RoutePreload[] = [
  {
    path: /^search\/[^/]+\/?$/,
    modules: ['src/features/search/SearchPage.tsx'],
    fetches: ['artifacts.json'],
  },
];

const hintsFor = (pathname: string) => {
  window.history.replaceState(null, '', pathname);
  new Function(preloadScript(bundle, '/gui/', rules))();
  return [...document.head.querySelectorAll('link')].map((link) => [
    link.rel,
    link.getAttribute('href'),
    link.getAttribute('as'),
  ]);
};

describe('route preloads', () => {
  // Only the hints these tests added: other test files in this worker keep their styles in the head.
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link')) link.remove();
    window.history.replaceState(null, '', '/');
    window.localStorage.clear();
    delete document.documentElement.dataset.prerender;
  });

  it("preloads the page's first fetch, then its own chunks, on a matching path", () => {
    // The fetch first: the browser's few connections would otherwise queue it behind every chunk.
    expect(hintsFor('/gui/search/entries')).toEqual([
      ['preload', '/gui/artifacts.json', 'fetch'],
      ['modulepreload', '/gui/assets/SearchPage.js', null],
      ['modulepreload', '/gui/assets/Table.js', null],
    ]);
  });

  it('adds nothing on other paths, nested pages included', () => {
    expect(hintsFor('/gui/about/information')).toEqual([]);
    expect(hintsFor('/gui/search/entries/entry/id/x')).toEqual([]);
  });

  it("hides the server's drawn search page from a browser that was logged in or keeps its own choices", () => {
    hintsFor('/gui/search/entries');
    expect(document.documentElement.dataset.prerender).toBeUndefined();
    for (const key of ['oasis.logged-in', 'oasis-result-columns:entries', 'oasis-dashboard:entries']) {
      window.localStorage.setItem(key, '1');
      hintsFor('/gui/search/entries');
      expect(document.documentElement.dataset.prerender, key).toBe('off');
      window.localStorage.clear();
      delete document.documentElement.dataset.prerender;
    }
    window.localStorage.setItem('oasis-dashboard:eels', '1');
    hintsFor('/gui/search/entries');
    expect(document.documentElement.dataset.prerender).toBeUndefined();
  });

  it('fails the build when a named page has no chunk of its own', () => {
    expect(() => preloadScript(bundle, '/gui/', [{ path: /x/, modules: ['src/Missing.tsx'] }])).toThrow(
      'no chunk has src/Missing.tsx',
    );
  });

  it('emits the script as a file that index.html loads by name, so no inline script is needed', () => {
    const plugin = routePreloads(rules);
    const emitted: { fileName?: string; source?: unknown }[] = [];
    const generateBundle = plugin.generateBundle as (
      this: { emitFile(file: { fileName?: string; source?: unknown }): string },
      options: unknown,
      output: Rollup.OutputBundle,
    ) => void;
    generateBundle.call({ emitFile: (file) => (emitted.push(file), 'ref') }, {}, bundle);
    const transform = plugin.transformIndexHtml as {
      handler(html: string, ctx: { bundle: Rollup.OutputBundle }): { tag: string; attrs: { src: string } }[];
    };
    const [tag] = transform.handler('', { bundle });
    expect(emitted).toHaveLength(1);
    expect(emitted[0]?.fileName).toMatch(/^assets\/route-preloads-[0-9a-f]{10}\.js$/);
    expect(emitted[0]?.source).toBe(preloadScript(bundle, '/', rules));
    expect(tag).toMatchObject({ tag: 'script', attrs: { src: `/${emitted[0]?.fileName}` } });
    expect(tag).not.toHaveProperty('children');
  });
});
