export type { FilterDefinition, FilterDtype, FilterValue, RangeValue, Resource } from './types.ts';
export { SearchProvider } from './SearchProvider.tsx';
export { useAggregation, useSearchContext, useSearchFilters, useSearchResults } from './hooks.ts';
export { SEARCH_DEBOUNCE_MS } from './useSearchEngine.ts';
export { isRange } from './url.ts';
export { labelOf } from './definitions.ts';
export {
  decodeCustomRow,
  encodeCustomRow,
  type CustomOperator,
  type CustomQuantityRow,
  type CustomValueField,
} from './customQuantities.ts';
