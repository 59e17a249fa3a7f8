import type { Dataset } from '@oasis/schema';
import type { DatasetRow } from '../store/datasets.ts';

/** NOMAD leaves out what is not set (response_model_exclude_none): no `doi` until one is assigned. */
export const datasetToWire = (row: DatasetRow): Dataset => ({
  dataset_id: row.dataset_id,
  dataset_name: row.dataset_name,
  user_id: row.user_id,
  dataset_create_time: new Date(row.dataset_create_time).toISOString(),
  dataset_modified_time: new Date(row.dataset_modified_time).toISOString(),
  dataset_type: row.dataset_type,
  ...(row.doi !== null ? { doi: row.doi } : {}),
});
