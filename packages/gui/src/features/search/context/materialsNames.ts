import type { Aggregation } from '@oasis/schema';

const ROOT = 'results.material';
const MATERIAL = `${ROOT}.`;
const LOGIC = new Set(['and', 'or', 'not']);
/** Not a quantity: the server reads the OPTIMADE filter under this name in both indexes. */
const VERBATIM = new Set(['optimade_filter']);

/**
 * A filter's name in the materials index, whose documents are an entry's results.material with the
 * entries below `entries`: `results.material.elements` -> `elements`,
 * `results.method.simulation.program_name` -> `entries.results.method.simulation.program_name`.
 * NOMAD's GUI renames them so (its recorded materials/query requests); the menus keep entry names.
 */
function materialsQuantity(name: string): string {
  if (VERBATIM.has(name)) return name;
  return name.startsWith(MATERIAL) ? name.slice(MATERIAL.length) : `entries.${name}`;
}

/** A query in entry names as the materials index names it; nested sections keep their relative keys. */
export function materialsQuery(query: unknown): unknown {
  if (Array.isArray(query)) return query.map(materialsQuery);
  if (typeof query !== 'object' || query === null) return query;
  return Object.fromEntries(
    Object.entries(query).flatMap(([key, value]): [string, unknown][] => {
      if (LOGIC.has(key)) return [[key, materialsQuery(value)]];
      // The section results.material itself (a nested_object menu) is the material document's root.
      if (key === ROOT && typeof value === 'object' && value !== null && !Array.isArray(value))
        return Object.entries(value);
      const separator = key.indexOf(':');
      const name = separator < 0 ? key : key.slice(0, separator);
      const op = separator < 0 ? '' : key.slice(separator);
      return [[`${materialsQuantity(name)}${op}`, value]];
    }),
  );
}

/** The aggregation with its quantity renamed; its own name (the response key) stays the GUI's. */
export function materialsAggregation(aggregation: Aggregation): Aggregation {
  return Object.fromEntries(
    Object.entries(aggregation).map(([type, config]) => {
      const quantity = (config as { quantity?: unknown } | null)?.quantity;
      return [
        type,
        typeof quantity === 'string'
          ? { ...(config as object), quantity: materialsQuantity(quantity) }
          : config,
      ];
    }),
  ) as Aggregation;
}
