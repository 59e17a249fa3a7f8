import type { WidgetConfig } from '@oasis/schema';

/**
 * The config with the value at a dotted path replaced ('x.unit'); intermediate objects are created.
 * An empty string or undefined removes an optional text field, so the YAML stays minimal.
 */
export function setAt<T extends WidgetConfig>(config: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.');
  if (key === undefined) return config;
  const source = config as unknown as Record<string, unknown>;
  const child = source[key];
  const next =
    rest.length > 0
      ? setAt((typeof child === 'object' && child !== null ? child : {}) as T, rest.join('.'), value)
      : value;
  const copy = { ...source };
  if (next === undefined || next === '') delete copy[key];
  else copy[key] = next;
  return copy as unknown as T;
}

/** Reads a dotted path of a config ('markers.color.search_quantity'). */
export function valueAt(config: WidgetConfig, path: string): unknown {
  let value: unknown = config;
  for (const key of path.split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}
