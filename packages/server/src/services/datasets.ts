import type { DatasetsQuery, PaginationResponse } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { findDataset, listDatasets, type DatasetRow } from '../store/datasets.ts';
import type { Caller } from './caller.ts';

export const DATASET_NOT_FOUND = 'The dataset with the given id does not exist.';

/** NOMAD's check of a simple page: past the last page (or any but the first of nothing) is a 400. */
const pageInRange = (page: number, pageSize: number, total: number) =>
  pageSize === 0 ||
  (page >= 1 && !(total === 0 && page !== 1) && !(total > 0 && (page - 1) * pageSize >= total));

/**
 * GET datasets, with NOMAD's semantics: every filter is an exact match, except `prefix`, the start of the
 * name, case-insensitive, which replaces `dataset_name` when both are given. Without `order_by` datasets
 * come by id and the answer names no order_by. Datasets are public: anyone may list them, as in NOMAD.
 */
export const listDatasetsFor = async (
  ctx: AppContext,
  _caller: Caller,
  query: DatasetsQuery,
): Promise<{ rows: DatasetRow[]; pagination: PaginationResponse }> => {
  const pageSize = query.page_size ?? 10;
  const page = query.page ?? 1;
  const order = query.order ?? 'asc';
  const prefix = query.prefix || undefined;
  const offset = (page - 1) * pageSize;
  const { rows, total } = await listDatasets(
    ctx.db,
    {
      datasetId: query.dataset_id,
      datasetName: prefix === undefined ? query.dataset_name : undefined,
      namePrefix: prefix,
      userId: query.user_id,
      datasetType: query.dataset_type,
      doi: query.doi,
    },
    { orderBy: query.order_by ?? 'dataset_id', order, limit: pageSize, offset },
  );
  if (!pageInRange(page, pageSize, total)) throw badRequest('Page out of range requested.');
  const hasNext = pageSize > 0 && page * pageSize < total;
  return {
    rows,
    pagination: {
      page_size: pageSize,
      ...(query.order_by ? { order_by: query.order_by } : {}),
      order,
      page: pageSize === 0 ? 1 : page,
      ...(pageSize > 0 && page > 1 ? { page_after_value: String(offset - 1) } : {}),
      ...(hasNext ? { next_page_after_value: String(offset + pageSize - 1) } : {}),
      total,
    },
  };
};

/** GET datasets/{id}: one dataset, readable by anyone. */
export const readDataset = async (
  ctx: AppContext,
  _caller: Caller,
  datasetId: string,
): Promise<DatasetRow> => {
  const dataset = await findDataset(ctx.db, datasetId);
  if (!dataset) throw notFound(DATASET_NOT_FOUND);
  return dataset;
};
