import type { Aggregation, AggregationResponse, TermsItemConfig } from '@oasis/schema';
import type { FilterDefinition } from '../context/index.ts';

/** Options a terms filter lists when its config does not say (spec 2 §9). */
export const DEFAULT_TERMS_OPTIONS = 5;

export type TermValue = string | number | boolean;

export interface TermOption {
  value: TermValue;
  label: string;
  description?: string;
  /** undefined while the counts are not known. */
  count: number | undefined;
  selected: boolean;
}

/** Fixed options with their labels, e.g. {DFT: {label: 'Search DFT entries'}}. */
function fixedOptions(
  config: TermsItemConfig,
): { value: string; label: string; description?: string }[] | undefined {
  const options = config.options;
  if (typeof options !== 'object' || options === null) return undefined;
  return Object.entries(options).map(([value, option]) => ({
    value,
    label: option.label ?? value,
    ...(option.description ? { description: option.description } : {}),
  }));
}

/** How many options are listed before 'more' is used. */
export const initialOptionCount = (config: TermsItemConfig): number =>
  typeof config.options === 'number' ? config.options : DEFAULT_TERMS_OPTIONS;

/**
 * The terms aggregation behind the options: the listed number of values, or just the fixed or
 * enumerated values (NOMAD asks for enum values with `include` so that rare ones are counted too).
 */
export function termsAggregation(
  config: TermsItemConfig,
  definition: FilterDefinition,
  shown: number,
): Aggregation {
  const fixed = fixedOptions(config)?.map((option) => option.value);
  const include = fixed ?? definition.options;
  return {
    terms: {
      quantity: config.search_quantity,
      size: include ? Math.max(include.length, 1) : Math.max(shown, 1),
      ...(include ? { include: [...include] } : {}),
    },
  };
}

const sameValue = (a: TermValue, b: TermValue) => String(a) === String(b);

/**
 * The options to list: fixed options always; otherwise the values that occur (by count, or in
 * enumeration order when sort_static), at most `shown`, with chosen values that fell out listed first.
 */
export function termOptions(
  config: TermsItemConfig,
  definition: FilterDefinition,
  response: AggregationResponse | undefined,
  selected: readonly TermValue[],
  shown: number,
): TermOption[] {
  const buckets = response?.terms?.data;
  const countOf = (value: TermValue) =>
    buckets?.find((bucket) => sameValue(bucket.value, value))?.count ?? (buckets ? 0 : undefined);
  const isSelected = (value: TermValue) => selected.some((item) => sameValue(item, value));
  const fixed = fixedOptions(config);
  if (fixed)
    return fixed.map((option) => ({
      ...option,
      count: countOf(option.value),
      selected: isSelected(option.value),
    }));
  if (!buckets)
    return selected.map((value) => ({ value, label: String(value), count: undefined, selected: true }));
  let present = buckets.filter((bucket) => bucket.count > 0).map((bucket) => bucket.value);
  if (config.sort_static && definition.options) {
    const order = definition.options;
    present = [...present].sort((a, b) => order.indexOf(String(a)) - order.indexOf(String(b)));
  }
  const missing = selected.filter((value) => !present.some((item) => sameValue(item, value)));
  // Enumerations are listed whole unless the config limits them.
  const limit = definition.options && typeof config.options !== 'number' ? present.length : shown;
  const listed = [...missing, ...present.slice(0, Math.max(0, limit - missing.length))];
  return listed.map((value) => ({
    value,
    label: String(value),
    count: countOf(value),
    selected: isSelected(value),
  }));
}

/**
 * Whether 'more' could list nothing new: the server returned fewer values than it was asked for and
 * every value that occurs is listed already.
 */
export function exhausted(response: AggregationResponse | undefined, size: number, listed: number): boolean {
  const data = response?.terms?.data;
  if (!data) return true;
  const present = data.filter((bucket) => bucket.count > 0).length;
  return data.length < size && present <= listed;
}

/** The filter after checking or unchecking a value; empty means no filter. */
export function toggleValue(selected: readonly TermValue[], value: TermValue): TermValue[] {
  return selected.some((item) => sameValue(item, value))
    ? selected.filter((item) => !sameValue(item, value))
    : [...selected, value];
}
