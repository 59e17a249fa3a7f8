import type { AppConfig } from '@oasis/schema';
import type { SearchPagination } from './types.ts';

/** Default results order and page size (spec 2 §9). */
const DEFAULT_PAGINATION: SearchPagination = { order_by: 'upload_create_time', order: 'desc', page_size: 20 };

/** The order and page size an app's results start with: its own, or the defaults. */
export function appPagination(app: AppConfig): SearchPagination {
  const configured = (app as { pagination?: Partial<SearchPagination> }).pagination ?? {};
  return {
    order_by: configured.order_by ?? DEFAULT_PAGINATION.order_by,
    order: configured.order ?? DEFAULT_PAGINATION.order,
    page_size: configured.page_size ?? DEFAULT_PAGINATION.page_size,
  };
}
