import type { Aggregation } from '@oasis/schema';
import { rangeFilter, type Conversion } from '../dashboard/histogramData.ts';
import type { FilterDefinition, RangeValue } from '../context/index.ts';

/** Bins of a histogram filter (spec 2 §9). */
const HISTOGRAM_BINS = 30;

/** Integers are counted per value, as NOMAD does (e.g. number of elements); others in 30 bins. */
export function histogramAggregation(definition: FilterDefinition, nbins = HISTOGRAM_BINS): Aggregation {
  const quantity = definition.quantity;
  return definition.dtype === 'int'
    ? { histogram: { quantity, interval: 1 } }
    : { histogram: { quantity, buckets: nbins } };
}

export interface BoundFlags {
  /** Whether the lower bound is excluded (gt rather than gte). */
  minExclusive: boolean;
  /** Whether the upper bound is excluded (lt rather than lte). */
  maxExclusive: boolean;
}

export const flagsOf = (value: RangeValue | undefined): BoundFlags => ({
  minExclusive: value?.gt !== undefined,
  maxExclusive: value?.lt !== undefined,
});

/**
 * The range filter for [min, max] (display units) with the given bound flags: gte/lte when inclusive,
 * gt/lt when exclusive; SI numbers, or ISO strings for timestamps.
 */
export function boundedRange(
  min: number,
  max: number,
  flags: BoundFlags,
  timestamp: boolean,
  convert: Conversion,
): RangeValue {
  const { gte, lte } = rangeFilter(min, max, timestamp, convert);
  return {
    ...(flags.minExclusive ? { gt: gte } : { gte }),
    ...(flags.maxExclusive ? { lt: lte } : { lte }),
  };
}
