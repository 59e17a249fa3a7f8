import path from 'node:path';

/** The repository (server sources, node_modules and, by default, the data directory live below it). */
const SOURCE_ROOT = path.resolve(import.meta.dirname, '../../../..');

/**
 * A message or stack trace without absolute server paths, for responses and processing logs: paths
 * below one of `roots` (an upload's raw folder first) become relative to it, server sources relative
 * to the repository, and any other absolute path is cut to its last segment (unless `cutOthers` is
 * false: a parser's own messages may quote user text that looks like one).
 */
export const withoutServerPaths = (text: string, roots: readonly string[] = [], cutOthers = true): string => {
  let out = text;
  for (const root of [...roots, SOURCE_ROOT]) {
    const base = root.replace(/\/+$/, '');
    out = out.split(`file://${base}/`).join('').split(`${base}/`).join('');
  }
  if (!cutOthers) return out;
  return out.replace(/(^|[\s'"(=])(?:file:\/\/)?\/(?:[^\s'"()/]+\/)+([^\s'"()/]*)/g, '$1…/$2');
};
