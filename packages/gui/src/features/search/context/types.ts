import type { AppConfig, EntriesQueryRequest, Owner } from '@oasis/schema';

/** Bounds of a range filter: numbers in the quantity's SI unit; timestamps as ISO strings. */
export interface RangeValue {
  gte?: number | string;
  lte?: number | string;
  gt?: number | string;
  lt?: number | string;
}

/** A filter is a list of chosen values (terms) or a range (histograms, dates). */
export type FilterValue = readonly (string | number | boolean)[] | RangeValue;

export type Filters = Readonly<Record<string, FilterValue>>;

export type FilterDtype = 'int' | 'float' | 'timestamp' | 'string' | 'enum' | 'boolean' | 'unknown';

export type QueryMode = 'any' | 'all' | 'none';

/** What the search page knows about a filterable quantity (spec 1 §3 "Filter"). */
export interface FilterDefinition {
  quantity: string;
  label: string;
  description?: string;
  dtype: FilterDtype;
  /** The SI unit the server stores the values in (NOMAD unit name, e.g. 'joule'). */
  unit?: string;
  /** The unit's dimension (e.g. 'energy'), which selects the display unit of the unit system. */
  dimension?: string;
  aggregatable: boolean;
  /** Whether several values may be chosen (terms) rather than one range. */
  multiple: boolean;
  queryMode?: QueryMode;
  /** Enumeration values, when there are 1 to 20 of them (spec 1 §5.3). */
  options?: readonly string[];
  suggestion: boolean;
  /** The nested section whose quantities must match together in one instance. */
  nested?: string;
  /**
   * An entry has one value of this quantity, so choosing a value excludes the others: its own
   * aggregation is computed without its own filter (exclude_from_search).
   */
  exclusive: boolean;
  /** Whether the stored value is a list (elements, author names). */
  list: boolean;
}

export type Resource = 'entries' | 'materials';

export interface SearchPagination {
  order_by: string;
  order: 'asc' | 'desc';
  page_size: number;
}

export interface SearchResults {
  data: Record<string, unknown>[];
  /** undefined while the first answer for the current query is outstanding. */
  total: number | undefined;
  loading: boolean;
  hasMore: boolean;
  loadMore(): void;
  /** The last request sent for the results (for the API dialog). */
  request: EntriesQueryRequest | undefined;
  response: unknown;
}

/**
 * The search context without its results: what the filter menu, the search bar and the chips read. It
 * changes with the filters, not with every answer or loading flag.
 */
export interface SearchFiltersValue {
  app: AppConfig;
  resource: Resource;
  owner: Owner;
  setOwner(owner: Owner): void;
  definitions: Readonly<Record<string, FilterDefinition>>;
  filters: Filters;
  locked: Filters;
  /** undefined or an empty list removes the filter; the URL is rewritten. */
  setFilter(quantity: string, value: FilterValue | undefined): void;
  setFilters(filters: Filters): void;
  clearFilters(): void;
  /** Overrides how the values of a multi-valued filter combine ('all' or 'any'); undefined restores it. */
  setQueryMode(quantity: string, mode: QueryMode | undefined): void;
  /** The NOMAD query for filters and locked filters, as POST {resource}/query receives it. */
  apiQuery: Record<string, unknown>;
  pagination: SearchPagination;
  setOrder(orderBy: string, order: 'asc' | 'desc'): void;
}

export interface SearchContextValue extends SearchFiltersValue {
  results: SearchResults;
}
