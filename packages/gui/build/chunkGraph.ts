import type { Rollup } from 'vite';

/** The chunk files the given ones load through static imports, transitively, leaving out `loaded`. */
export function staticImports(
  bundle: Rollup.OutputBundle,
  starts: readonly string[],
  loaded: ReadonlySet<string> = new Set(),
): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file) || loaded.has(file)) return;
    files.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  starts.forEach(visit);
  return files;
}

/** The entry chunks: what index.html loads on every path. */
export function entryChunks(bundle: Rollup.OutputBundle): string[] {
  return Object.values(bundle).flatMap((chunk) =>
    chunk.type === 'chunk' && chunk.isEntry ? [chunk.fileName] : [],
  );
}

/** The chunk a page module (relative to the package) starts; a page that lost its own chunk is a build error. */
export function pageChunk(bundle: Rollup.OutputBundle, module: string): string {
  const chunk = Object.values(bundle).find(
    (output): output is Rollup.OutputChunk =>
      output.type === 'chunk' && (output.facadeModuleId?.endsWith(`/${module}`) ?? false),
  );
  if (!chunk) throw new Error(`no chunk has ${module} as its entry module`);
  return chunk.fileName;
}

/**
 * The bundle's files that index.html loads as scripts: the entry and the route-preload script (env.js is
 * written by the server, not part of the bundle).
 */
function htmlScripts(bundle: Rollup.OutputBundle, base: string): string[] {
  const html = bundle['index.html'];
  if (html?.type !== 'asset') return [];
  const source = typeof html.source === 'string' ? html.source : new TextDecoder().decode(html.source);
  return [...source.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].flatMap(([, src = '']) => {
    const file = src.startsWith(base) ? src.slice(base.length) : src;
    return file in bundle ? [file] : [];
  });
}

/**
 * The script files a first visit of a page loads before it renders: what index.html loads, the page's own
 * chunks, and their static imports. Dynamic imports (Plotly, the OIDC library) are left out: they load on
 * use, not with the page.
 */
export function firstVisitFiles(
  bundle: Rollup.OutputBundle,
  base: string,
  modules: readonly string[],
): string[] {
  const starts = [
    ...entryChunks(bundle),
    ...htmlScripts(bundle, base),
    ...modules.map((m) => pageChunk(bundle, m)),
  ];
  return [...staticImports(bundle, starts)];
}
