import { createHash } from 'node:crypto';
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';
import { SESSION_HINT_KEY } from '../src/auth/session.ts';
import { columnsStorageKey, dashboardStorageKey } from '../src/features/search/storageKeys.ts';
import { entryChunks, pageChunk, staticImports } from './chunkGraph.ts';

export interface RoutePreload {
  /** Client paths below the GUI base, without the leading slash, that this preload serves. */
  path: RegExp;
  /** Source modules (relative to the package) of the pages those paths render; their chunks are preloaded. */
  modules?: readonly string[];
  /** Files below the GUI base those pages fetch first (JSON); fetched with the page's own credentials mode. */
  fetches?: readonly string[];
}

/** Where the script goes: next to the chunks, named by its content, so it may be cached for good too. */
const preloadScriptFile = (source: string) =>
  `assets/route-preloads-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;

/**
 * The page chunks of a route are only requested once the entry has run and rendered the shell, and the
 * page's first data only once the chunk has rendered. A small script in index.html starts both at once for
 * the path the browser opened, so they load while the entry is parsed and run; the data first, which a
 * browser's few connections per host would otherwise queue behind the chunks. It is a file, not inline,
 * so that the GUI's Content-Security-Policy needs no inline script; as a classic (blocking) script in the
 * head it still runs before the entry module, which is deferred.
 */
export function routePreloads(preloads: readonly RoutePreload[]): Plugin {
  let base = '/';
  return {
    name: 'oasis-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    // The file and the tag are derived from the same chunks, each where the bundler offers them; the name
    // depends on the content only, so both agree whichever of the two hooks runs first.
    generateBundle(_options, bundle) {
      const source = preloadScript(bundle, base, preloads);
      this.emitFile({ type: 'asset', fileName: preloadScriptFile(source), source });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }): HtmlTagDescriptor[] =>
        bundle
          ? [
              {
                tag: 'script',
                attrs: { src: base + preloadScriptFile(preloadScript(bundle, base, preloads)) },
                injectTo: 'head',
              },
            ]
          : [],
    },
  };
}

/** The script for a built bundle: per rule, the page chunks and fetches when the path matches. */
export function preloadScript(bundle: Rollup.OutputBundle, base: string, preloads: readonly RoutePreload[]) {
  // What the entry loads anyway needs no preload.
  const loaded = staticImports(bundle, entryChunks(bundle));
  const rules = preloads.map(({ path, modules = [], fetches = [] }) => {
    const chunks = modules.flatMap((module) => [
      ...staticImports(bundle, [pageChunk(bundle, module)], loaded),
    ]);
    return { path: path.source, chunks, fetches };
  });
  return `(() => {
  const base = ${JSON.stringify(base)};
  const rules = ${JSON.stringify(rules)};
  const path = location.pathname.startsWith(base) ? location.pathname.slice(base.length) : '';
  const hint = (rel, href, as) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = base + href;
    link.setAttribute('crossorigin', 'anonymous');
    if (as) link.setAttribute('as', as);
    document.head.appendChild(link);
  };
  for (const rule of rules) {
    if (!new RegExp(rule.path).test(path)) continue;
    rule.fetches.forEach((file) => hint('preload', file, 'fetch'));
    rule.chunks.forEach((file) => hint('modulepreload', file));
  }
  // The server may send a search page's first rows in the HTML, as an anonymous visitor with the app's own
  // columns and widgets sees them; a browser that was logged in or keeps its own has them hidden before
  // they are painted, and waits for the GUI's page.
  try {
    const app = /^search\\/([^/]+)\\/?$/.exec(path);
    const keys = [${JSON.stringify(SESSION_HINT_KEY)}];
    if (app) {
      const appPath = decodeURIComponent(app[1]);
      keys.push(${JSON.stringify(columnsStorageKey(''))} + appPath, ${JSON.stringify(dashboardStorageKey(''))} + appPath);
    }
    if (keys.some((key) => localStorage.getItem(key) !== null)) document.documentElement.dataset.prerender = 'off';
  } catch {
    // No storage: nothing kept.
  }
})();`;
}
