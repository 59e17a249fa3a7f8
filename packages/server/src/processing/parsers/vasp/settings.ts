// Typed access to the run's INCAR tags. <parameters> holds the values VASP actually used (defaults
// included), so it wins over <incar>, which holds only what the user wrote.
import type { TagMap } from './raw.ts';
import type { TagValue } from './values.ts';

export interface Settings {
  get: (tag: string) => TagValue | undefined;
  number: (tag: string) => number | undefined;
  boolean: (tag: string) => boolean | undefined;
  /** Upper-cased, trimmed string value ('--', 'PE' ...). */
  string: (tag: string) => string | undefined;
}

export function settingsOf(incar: TagMap, parameters: TagMap): Settings {
  const get = (tag: string): TagValue | undefined => parameters[tag] ?? incar[tag];
  return {
    get,
    number: (tag) => {
      const value = get(tag);
      // Some versions write scalar tags as one-element lists (LORBIT).
      const scalar = Array.isArray(value) ? value[0] : value;
      return typeof scalar === 'number' && Number.isFinite(scalar) ? scalar : undefined;
    },
    boolean: (tag) => {
      const value = get(tag);
      const scalar = Array.isArray(value) ? value[0] : value;
      return typeof scalar === 'boolean' ? scalar : undefined;
    },
    string: (tag) => {
      const value = get(tag);
      return typeof value === 'string' ? value.trim().toUpperCase() : undefined;
    },
  };
}
