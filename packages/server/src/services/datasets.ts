import type { DatasetCreate, DatasetsQuery, PaginationResponse } from '@oasis/schema';
import type { CurrentUser } from '../auth/current-user.ts';
import type { AppContext } from '../context.ts';
import { badRequest, notFound, unauthorized, validationError } from '../errors.ts';
import {
  deleteDatasetRow,
  findDataset,
  findDatasetByName,
  insertDataset,
  listDatasets,
  lockDataset,
  type DatasetRow,
} from '../store/datasets.ts';
import { loggedIn, type Caller } from './caller.ts';
import { findEditTargets, runEdit } from './metadata-edit.ts';

export const DATASET_NOT_FOUND = 'The dataset with the given id does not exist.';
/** NOMAD's texts for changes to a dataset. */
const DATASET_BAD_ID = 'Dataset not found. The given id does not match any dataset.';
const DATASET_NOT_YOURS = 'The dataset can only be edited by the user who created the dataset.';
export const DATASET_IS_FIXED = 'The dataset already has a DOI and cannot be changed anymore.';

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

const nameTaken = (name: string) => badRequest(`There is already a dataset with name ${name}`);

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** A dataset the caller may change: its creator's, or any for an admin. */
export const changeableDataset = (dataset: DatasetRow | undefined, user: CurrentUser): DatasetRow => {
  if (!dataset) throw notFound(DATASET_BAD_ID);
  if (dataset.user_id !== user.user_id && !user.is_admin) throw unauthorized(DATASET_NOT_YOURS);
  return dataset;
};

/**
 * POST datasets: a new dataset of the caller, its name unique among theirs and not starting with a
 * space. `entries` or `query` fill it, as NOMAD does, with the caller's own entries (owner `user`);
 * filling it is an edit (the upload rules apply), and if that fails the dataset is not kept.
 */
export const createDataset = async (
  ctx: AppContext,
  caller: Caller,
  input: DatasetCreate,
): Promise<DatasetRow> => {
  const user = loggedIn(caller);
  const name = input.dataset_name;
  if (/^\s/.test(name))
    throw validationError([
      { loc: ['body', 'dataset_name'], msg: 'Invalid name for dataset', type: 'value_error' },
    ]);
  if (await findDatasetByName(ctx.db, user.user_id, name)) throw nameTaken(name);
  const type = input.dataset_type ?? 'owned';
  const query = input.entries !== undefined ? { 'entry_id:any': input.entries } : input.query;
  // Foreign datasets name entries of elsewhere (NOMAD keeps their query but tags no entries).
  const entryIds =
    type === 'owned' && query !== undefined && input.entries?.length !== 0
      ? await findEditTargets(ctx, user, 'user', query)
      : [];
  let dataset: DatasetRow;
  try {
    dataset = await insertDataset(ctx.db, {
      dataset_name: name,
      user_id: user.user_id,
      dataset_type: type,
      dataset_create_time: ctx.clock.now(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  if (entryIds.length === 0) return dataset;
  try {
    await runEdit(ctx, user, { entryIds, metadata: { datasets: { add: [dataset.dataset_id] } } });
  } catch (error) {
    await deleteDatasetRow(ctx.db, dataset.dataset_id);
    throw error;
  }
  return dataset;
};

/** DELETE datasets/{id}: its creator (or an admin) deletes a dataset without DOI; entries stay. */
export const deleteDataset = async (
  ctx: AppContext,
  caller: Caller,
  datasetId: string,
): Promise<DatasetRow> => {
  const user = loggedIn(caller);
  return ctx.db.transaction(async (tx) => {
    const dataset = changeableDataset(await lockDataset(tx, datasetId), user);
    if (dataset.doi !== null) throw badRequest(DATASET_IS_FIXED);
    await deleteDatasetRow(tx, dataset.dataset_id);
    return dataset;
  });
};
