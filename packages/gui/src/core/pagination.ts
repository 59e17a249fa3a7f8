import { BadRequest } from '@oasis/client';

type Order = 'asc' | 'desc';

/** Page-number pagination as the uploads endpoints take it. */
export interface PageState {
  page: number;
  pageSize: number;
  orderBy: string;
  order: Order;
}

export const PAGE_SIZES = [5, 10, 50, 100] as const;

const OUT_OF_RANGE = 'Page out of range requested.';

/**
 * The server rejects a page beyond the last one, e.g. after uploads were deleted elsewhere; the
 * client then starts over at page 1 (spec 1 §4).
 */
export function isPageOutOfRange(error: unknown, page: number): boolean {
  return page > 1 && error instanceof BadRequest && error.apiMessage === OUT_OF_RANGE;
}

export const pageParams = ({ page, pageSize, orderBy, order }: PageState) => ({
  page_size: pageSize,
  page,
  order_by: orderBy,
  order,
});
