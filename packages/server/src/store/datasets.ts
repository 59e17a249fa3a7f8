import type { Queryable } from '../db/database.ts';
import { createUploadId } from '../processing/ids.ts';

type DatasetType = 'owned' | 'foreign';

export interface DatasetRow {
  dataset_id: string;
  dataset_name: string;
  user_id: string;
  dataset_create_time: Date;
  dataset_modified_time: Date;
  dataset_type: DatasetType;
  doi: string | null;
}

/** Exact matches, except `namePrefix`: the start of the name, case-insensitive. */
export interface DatasetFilter {
  datasetId?: string;
  datasetName?: string;
  userId?: string;
  datasetType?: string;
  doi?: string;
  namePrefix?: string;
}

export type DatasetOrderBy = 'dataset_id' | 'dataset_create_time' | 'dataset_modified_time' | 'dataset_name';

// Names and ids in byte order, as NOMAD's MongoDB sorts them (not by the database's locale).
const orderColumns: Record<DatasetOrderBy, string> = {
  dataset_id: 'dataset_id COLLATE "C"',
  dataset_name: 'dataset_name COLLATE "C"',
  dataset_create_time: 'dataset_create_time',
  dataset_modified_time: 'dataset_modified_time',
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const whereOf = (filter: DatasetFilter) => {
  const params: unknown[] = [];
  const clauses: string[] = [];
  const add = (clause: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  const exact: Array<[string, string | undefined]> = [
    ['dataset_id', filter.datasetId],
    ['dataset_name', filter.datasetName],
    ['user_id', filter.userId],
    ['dataset_type', filter.datasetType],
    ['doi', filter.doi],
  ];
  for (const [column, value] of exact) if (value !== undefined) add((p) => `${column} = ${p}`, value);
  if (filter.namePrefix !== undefined)
    add((p) => `lower(dataset_name) LIKE lower(${p})`, `${escapeLike(filter.namePrefix)}%`);
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
};

/** One page of the datasets matching `filter`, and how many match in all. */
export const listDatasets = async (
  db: Queryable,
  filter: DatasetFilter,
  page: { orderBy: DatasetOrderBy; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: DatasetRow[]; total: number }> => {
  const { where, params } = whereOf(filter);
  const { rows: counts } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM datasets ${where}`,
    params,
  );
  const direction = page.order === 'desc' ? 'DESC' : 'ASC';
  const { rows } = await db.query<DatasetRow>(
    `SELECT * FROM datasets ${where}
     ORDER BY ${orderColumns[page.orderBy]} ${direction}, dataset_id COLLATE "C" ${direction}
     LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}`,
    params,
  );
  return { rows, total: counts[0]?.n ?? 0 };
};

export const findDataset = async (db: Queryable, datasetId: string): Promise<DatasetRow | undefined> =>
  (await db.query<DatasetRow>('SELECT * FROM datasets WHERE dataset_id = $1', [datasetId])).rows[0];

export interface NewDataset {
  dataset_name: string;
  user_id: string;
  dataset_type?: DatasetType;
  doi?: string | null;
  dataset_id?: string;
  /** Defaults to now; given by tests and imports. */
  dataset_create_time?: Date;
}

export const insertDataset = async (db: Queryable, dataset: NewDataset): Promise<DatasetRow> => {
  const created = dataset.dataset_create_time ?? new Date();
  const { rows } = await db.query<DatasetRow>(
    `INSERT INTO datasets (dataset_id, dataset_name, user_id, dataset_type, doi, dataset_create_time, dataset_modified_time)
     VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING *`,
    [
      // NOMAD mints dataset ids as it mints upload ids (utils.create_uuid).
      dataset.dataset_id ?? createUploadId(),
      dataset.dataset_name,
      dataset.user_id,
      dataset.dataset_type ?? 'owned',
      dataset.doi ?? null,
      created,
    ],
  );
  return rows[0]!;
};
