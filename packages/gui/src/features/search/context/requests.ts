import type { Aggregation, EntriesQueryRequest, Owner } from '@oasis/schema';
import { aggregationTypes } from '@oasis/schema';
import { materialsAggregation, materialsQuery } from './materialsNames.ts';
import { buildApiQuery, withoutFilter } from './query.ts';
import type { FilterDefinition, Filters, Resource, SearchPagination } from './types.ts';

type Definitions = Readonly<Record<string, FilterDefinition>>;

/** Entry lists do not show these heavy fields (spec 2 §7). */
const ENTRIES_REQUIRED = { exclude: ['quantities', 'sections', 'files'] };

export interface QueryState {
  owner: Owner;
  filters: Filters;
  locked: Filters;
  definitions: Definitions;
}

/** The quantity an aggregation config counts, whatever its type. */
function aggregatedQuantity(aggregation: Aggregation): string | undefined {
  for (const type of aggregationTypes) {
    const config = aggregation[type] as { quantity?: unknown } | undefined;
    if (config && typeof config.quantity === 'string') return config.quantity;
  }
  return undefined;
}

/**
 * Whether the aggregation is computed without its own quantity's filter. Choosing one value of an
 * exclusive quantity must not hide the other options, so their counts ignore that choice.
 */
function excludesOwnFilter(aggregation: Aggregation, definitions: Definitions): boolean {
  const quantity = aggregatedQuantity(aggregation);
  return quantity !== undefined && definitions[quantity]?.exclusive === true;
}

/** The aggregation as sent: exclude_from_search set unless the caller decided it. */
export function requestAggregation(aggregation: Aggregation, definitions: Definitions): Aggregation {
  const exclude = excludesOwnFilter(aggregation, definitions);
  const result: Record<string, unknown> = {};
  for (const [type, config] of Object.entries(aggregation)) {
    const isType = (aggregationTypes as readonly string[]).includes(type);
    result[type] =
      isType && typeof config === 'object' && config !== null && type !== 'statistics'
        ? { exclude_from_search: exclude, ...(config as object) }
        : config;
  }
  return result as Aggregation;
}

/**
 * What an aggregation's answer depends on: its config, the owner and the query it is computed for
 * (without its own filter when that filter is excluded). An unchanged signature is not re-requested.
 */
export function aggregationSignature(aggregation: Aggregation, state: QueryState): string {
  const quantity = aggregatedQuantity(aggregation);
  const filters =
    quantity !== undefined && excludesOwnFilter(aggregation, state.definitions)
      ? withoutFilter(state.filters, quantity)
      : state.filters;
  return JSON.stringify([aggregation, state.owner, buildApiQuery(filters, state.locked, state.definitions)]);
}

/** What the results page depends on; a change starts a new result list. */
export function resultsSignature(
  query: Record<string, unknown>,
  owner: Owner,
  pagination: SearchPagination,
): string {
  return JSON.stringify([owner, query, pagination]);
}

export interface RequestParts {
  resource: Resource;
  owner: Owner;
  query: Record<string, unknown>;
  aggregations: Record<string, Aggregation>;
  definitions: Definitions;
}

/** A page of results plus the aggregations due (the first page), or the next page (page_after_value). */
export function pageRequest(
  parts: RequestParts,
  pagination: SearchPagination,
  pageAfterValue?: string,
): EntriesQueryRequest {
  return {
    owner: parts.owner,
    query: queryBody(parts),
    aggregations: aggregationsBody(parts),
    pagination: {
      ...pagination,
      ...(pageAfterValue !== undefined ? { page_after_value: pageAfterValue } : {}),
    },
    ...(parts.resource === 'entries' ? { required: ENTRIES_REQUIRED } : {}),
  };
}

/** Only aggregations changed: no rows are needed (spec 2 §4). */
export function aggregationsOnlyRequest(parts: RequestParts): EntriesQueryRequest {
  return {
    owner: parts.owner,
    query: queryBody(parts),
    aggregations: aggregationsBody(parts),
    pagination: { page_size: 0 },
    required: { include: [] },
  };
}

// The search context works in entry names; the materials index names quantities from results.material.
function queryBody(parts: RequestParts): Record<string, unknown> {
  return parts.resource === 'materials'
    ? (materialsQuery(parts.query) as Record<string, unknown>)
    : parts.query;
}

function aggregationsBody(parts: RequestParts): Record<string, Aggregation> {
  return Object.fromEntries(
    Object.entries(parts.aggregations).map(([name, aggregation]) => {
      const sent = requestAggregation(aggregation, parts.definitions);
      return [name, parts.resource === 'materials' ? materialsAggregation(sent) : sent];
    }),
  );
}
