import type { AppConfig } from '@oasis/schema';
import { isObject } from './elnModel.ts';

/**
 * The value of a quantity of type Query (QueryEditQuantity), as NOMAD stores it: the search's visibility,
 * its API query and pagination, the filters that made it, and, when the annotation's props ask
 * (`storeInArchive`), the entries it found.
 */
export interface StoredQuery {
  owner: string;
  query: Record<string, unknown>;
  pagination: Record<string, unknown>;
  filters: Record<string, unknown>;
  data?: { entry_id: string; upload_id: string; mainfile: string }[];
}

/** What the search dialog hands back when the user takes its search. */
export interface TakenSearch {
  owner: string;
  apiQuery: Record<string, unknown>;
  pagination: Record<string, unknown>;
  filters: Record<string, unknown>;
  results: readonly Record<string, unknown>[];
}

/** NOMAD's page size of a stored search unless the props give `maxData`. */
export const QUERY_MAX_DATA = 100;

/** The result columns the dialog shows, as NOMAD's query widget does. */
const SHOWN_COLUMNS = new Set(['entry_name', 'entry_type', 'authors', 'upload_name']);

export function storedQuery(taken: TakenSearch, storeInArchive: boolean): StoredQuery {
  const value: StoredQuery = {
    owner: taken.owner,
    query: taken.apiQuery,
    pagination: taken.pagination,
    filters: taken.filters,
  };
  if (storeInArchive)
    value.data = taken.results.map((entry) => ({
      entry_id: String(entry.entry_id),
      upload_id: String(entry.upload_id),
      mainfile: String(entry.mainfile),
    }));
  return value;
}

/** The filters of a stored value, or none when the value is not a stored search. */
export const storedFilters = (value: unknown): Record<string, unknown> =>
  isObject(value) && isObject(value.filters) ? value.filters : {};

/** One 'quantity:value' tag per chosen value, or per range, of a stored search's filters. */
export function queryTags(value: unknown): string[] {
  return Object.entries(storedFilters(value)).flatMap(([quantity, chosen]) => {
    if (Array.isArray(chosen)) return chosen.map((item) => `${quantity}:${String(item)}`);
    if (isObject(chosen))
      return [
        `${quantity}:${Object.entries(chosen)
          .map(([op, bound]) => `${op} ${String(bound)}`)
          .join(', ')}`,
      ];
    return chosen === undefined ? [] : [`${quantity}:${String(chosen)}`];
  });
}

/** The app a query widget searches with: the notebook app when configured, its few columns, no row extras. */
export function queryApp(apps: readonly AppConfig[], pageSize: number): AppConfig | undefined {
  const app =
    apps.find((candidate) => candidate.path === 'eln') ?? apps.find((a) => a.resource === 'entries');
  if (!app) return undefined;
  return {
    ...app,
    pagination: { ...app.pagination, page_size: pageSize },
    columns: app.columns?.map((column) => ({
      ...column,
      selected: SHOWN_COLUMNS.has(column.search_quantity),
    })),
    rows: { ...app.rows, details: { enabled: false }, actions: { enabled: false } },
  };
}
