/**
 * Bounds on what one query may ask for, checked before anything walks it recursively: parsers, compilers
 * and serialisers recurse per level, and a hostile body nests thousands of levels deep.
 */

/** Object levels of a JSON query (and/or/not items, sections); NOMAD's GUI sends at most a handful. */
export const MAX_QUERY_DEPTH = 100;

/** Values of one criterion (`{entry_id: {any: [...]}}`); Elasticsearch's terms query allows 65,536. */
export const MAX_QUERY_VALUES = 10_000;

/** Characters of an OPTIMADE filter. */
export const MAX_FILTER_LENGTH = 10_000;

/** NOT and parenthesis levels of an OPTIMADE filter. */
export const MAX_FILTER_DEPTH = 100;

/** Characters of a value with a unit ('1.5 eV'); unit expressions are parsed recursively. */
export const MAX_UNIT_VALUE_LENGTH = 256;

/**
 * Whether `value` nests more than `max` levels of objects (and arrays, unless `arrays` is false). Walks
 * with an explicit stack, so any depth is measured without recursion, and stops at the first branch that
 * is too deep.
 */
export const nestedDeeperThan = (value: unknown, max: number, arrays = true): boolean => {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const current = values.pop();
    const depth = depths.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    const level = Array.isArray(current) && !arrays ? depth : depth + 1;
    if (level > max) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === 'object' && child !== null) {
        values.push(child);
        depths.push(level);
      }
    }
  }
  return false;
};
