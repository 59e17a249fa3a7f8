/**
 * `required: {include, exclude}` of NOMAD's search: dotted paths with '*' wildcards select which parts of
 * each document are returned. An include list keeps only matching paths (and their sub-trees); excludes
 * are removed afterwards.
 */
type Json = Record<string, unknown>;

const toRegex = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('.')
      // Everything else is literal, '*' inside a part too ('* ' is no pattern, and no broken regex).
      .map((part) => (part === '*' ? '[^.]+' : part.replace(/[\\^$*+?()[\]{}|]/g, '\\$&')))
      .join('\\.')}`,
  );

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const matches = (path: string, patterns: RegExp[]) =>
  patterns.some((pattern) => {
    const match = pattern.exec(path);
    return match !== null && (match[0].length === path.length || path[match[0].length] === '.');
  });

const isAncestor = (path: string, patterns: string[]) =>
  patterns.some((pattern) => {
    const parts = pattern.split('.');
    const own = path.split('.');
    return own.length < parts.length && own.every((part, i) => parts[i] === '*' || parts[i] === part);
  });

const pick = (doc: Json, include: string[], regexes: RegExp[], prefix: string): Json => {
  const out: Json = {};
  for (const [key, value] of Object.entries(doc)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (matches(path, regexes)) out[key] = value;
    else if (isAncestor(path, include)) {
      // Lists of sections (search_quantities) are filtered item by item, as Elasticsearch does.
      if (Array.isArray(value)) {
        const items = value
          .filter(isObject)
          .map((item) => pick(item, include, regexes, path))
          .filter((item) => Object.keys(item).length > 0);
        if (items.length) out[key] = items;
      } else if (isObject(value)) {
        const sub = pick(value, include, regexes, path);
        if (Object.keys(sub).length) out[key] = sub;
      }
    }
  }
  return out;
};

const drop = (doc: Json, regexes: RegExp[], prefix: string): Json => {
  const out: Json = {};
  for (const [key, value] of Object.entries(doc)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (matches(path, regexes)) continue;
    out[key] = isObject(value)
      ? drop(value, regexes, path)
      : Array.isArray(value)
        ? value.map((item) => (isObject(item) ? drop(item, regexes, path) : item))
        : value;
  }
  return out;
};

type Required = { include?: string[] | null; exclude?: string[] | null } | undefined;

/** `required` compiled once (its patterns to regular expressions), to apply to every document of a page. */
export const requiredProjection = (required: Required): ((doc: Json) => Json) => {
  const include = required?.include ?? undefined;
  const includeRegexes = include?.map(toRegex) ?? [];
  const excludeRegexes = required?.exclude?.length ? required.exclude.map(toRegex) : undefined;
  return (doc) => {
    let result = doc;
    if (include) result = pick(result, include, includeRegexes, '');
    if (excludeRegexes) result = drop(result, excludeRegexes, '');
    return result;
  };
};

export const applyRequired = (doc: Json, required: Required): Json => requiredProjection(required)(doc);
