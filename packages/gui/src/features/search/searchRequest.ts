import type { EntriesQueryRequest, Owner } from '@oasis/schema';
import { ELEMENTS_QUANTITY, queryFromFilters, type Filters } from './filters.ts';

export const PAGE_SIZE = 20;

/** All elements, so that the periodic table can show a count for each. */
const ELEMENTS_AGGREGATION_SIZE = 118;

/** Aggregations requested with the first page only; later pages just append rows. */
export const AGGREGATIONS = {
  [ELEMENTS_QUANTITY]: { terms: { quantity: ELEMENTS_QUANTITY, size: ELEMENTS_AGGREGATION_SIZE } },
};

/** The body of `POST entries/query` for one page of results. */
export function searchRequest(owner: Owner, filters: Filters, pageAfterValue?: string): EntriesQueryRequest {
  return {
    owner,
    query: queryFromFilters(filters),
    pagination: {
      page_size: PAGE_SIZE,
      order_by: 'upload_create_time',
      order: 'desc',
      ...(pageAfterValue !== undefined ? { page_after_value: pageAfterValue } : {}),
    },
    required: { exclude: ['quantities', 'sections', 'files'] },
    ...(pageAfterValue === undefined ? { aggregations: AGGREGATIONS } : {}),
  };
}
