export type {
  Aggregation,
  AggregationResponse,
  FilterDefinition,
  FilterDtype,
  FilterValue,
  Filters,
  QueryMode,
  RangeValue,
  Resource,
  SearchContextValue,
  SearchPagination,
  SearchResults,
} from './types.ts';
export { SearchProvider } from './SearchProvider.tsx';
export { useAggregation, useSearchContext } from './hooks.ts';
export { SEARCH_DEBOUNCE_MS } from './useSearchEngine.ts';
export { isEmptyFilterValue, isRange, parseSearch, formatSearch } from './url.ts';
export { labelOf } from './definitions.ts';
export { buildApiQuery } from './query.ts';
export {
  decodeCustomRow,
  encodeCustomRow,
  type CustomOperator,
  type CustomQuantityRow,
  type CustomValueField,
} from './customQuantities.ts';
