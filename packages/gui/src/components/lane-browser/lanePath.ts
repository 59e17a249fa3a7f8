/**
 * Lane paths (spec 2 §2): the part of the URL path below a browser's base URL, one segment per lane.
 * Keys are escaped per segment so that '/', '%', '?', '#' and spaces survive the round trip through
 * the address bar; ':' stays readable because it carries repeat indexes (`figures:0`, `runs:-1`).
 */

/** Escapes one item key for use as a path segment. */
export function escapeSegment(key: string): string {
  return encodeURIComponent(key).replace(/%3A/gi, ':').replace(/%40/g, '@');
}

/** Reverses {@link escapeSegment}; a malformed escape is kept literally rather than throwing. */
export function unescapeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Strips trailing slashes (but keeps a lone '/'). */
function trimBase(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return trimmed === '' ? '' : trimmed;
}

/**
 * The item keys below `baseUrl` in `pathname` (both as they appear in the address bar, i.e. escaped).
 * Returns undefined when `pathname` is not at or below `baseUrl`.
 */
export function parseLanePath(baseUrl: string, pathname: string): string[] | undefined {
  const base = trimBase(baseUrl);
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return undefined;
  return pathname
    .slice(base.length)
    .split('/')
    .filter((segment) => segment !== '')
    .map(unescapeSegment);
}

/** The URL of the lane reached by following `keys` from the root at `baseUrl`. */
export function laneUrl(baseUrl: string, keys: readonly string[]): string {
  const base = trimBase(baseUrl);
  if (keys.length === 0) return base === '' ? '/' : base;
  return `${base}/${keys.map(escapeSegment).join('/')}`;
}

export interface IndexedKey {
  name: string;
  /** As written: negative values count from the end (see {@link resolveIndex}). */
  index?: number;
}

/** Splits `name:index` (e.g. `run:0`, `figures:-1`); a key without a valid integer index is a plain name. */
export function parseIndexedKey(key: string): IndexedKey {
  const match = /^(.*):(-?\d+)$/.exec(key);
  if (!match || match[1] === '') return { name: key };
  return { name: match[1] ?? key, index: Number(match[2]) };
}

/** Resolves an index against a list length: -1 is the last item. Undefined when out of range. */
export function resolveIndex(index: number, length: number): number | undefined {
  const resolved = index < 0 ? length + index : index;
  return Number.isInteger(resolved) && resolved >= 0 && resolved < length ? resolved : undefined;
}

/** The key of repeat `index` of `name`, as items of repeating sub-sections are keyed. */
export function indexedKey(name: string, index: number): string {
  return `${name}:${index}`;
}
