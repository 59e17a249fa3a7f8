import { escapeLike, type Queryable } from '../db/database.ts';
import { createUploadId } from '../processing/ids.ts';
import type { Columns, Narrowed } from '../db/rows.ts';

type DatasetType = 'owned' | 'foreign';

export type DatasetRow = Narrowed<Columns<'datasets'>, { dataset_type: DatasetType }>;

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

/** Datasets by id, and (for the edit API's references by name) the caller's own datasets by name. */
export const findDatasetRefs = async (
  db: Queryable,
  refs: readonly string[],
  userId: string,
): Promise<{ byId: Map<string, DatasetRow>; byName: Map<string, DatasetRow> }> => {
  if (refs.length === 0) return { byId: new Map(), byName: new Map() };
  const { rows } = await db.query<DatasetRow>(
    'SELECT * FROM datasets WHERE dataset_id = ANY($1::text[]) OR (user_id = $2 AND dataset_name = ANY($1::text[]))',
    [refs, userId],
  );
  return {
    byId: new Map(rows.map((row) => [row.dataset_id, row])),
    byName: new Map(rows.filter((row) => row.user_id === userId).map((row) => [row.dataset_name, row])),
  };
};

export const findDatasetByName = async (
  db: Queryable,
  userId: string,
  name: string,
): Promise<DatasetRow | undefined> =>
  (
    await db.query<DatasetRow>('SELECT * FROM datasets WHERE user_id = $1 AND dataset_name = $2', [
      userId,
      name,
    ])
  ).rows[0];

/** Locks the dataset's row until the transaction ends. */
export const lockDataset = async (db: Queryable, datasetId: string): Promise<DatasetRow | undefined> =>
  (await db.query<DatasetRow>('SELECT * FROM datasets WHERE dataset_id = $1 FOR UPDATE', [datasetId]))
    .rows[0];

export const deleteDatasetRow = async (db: Queryable, datasetId: string): Promise<void> => {
  await db.query('DELETE FROM datasets WHERE dataset_id = $1', [datasetId]);
};

/** Sets the DOI unless the dataset has one already; false when it had (or is gone). */
export const setDatasetDoi = async (
  db: Queryable,
  datasetId: string,
  doi: string,
  modified: Date,
): Promise<boolean> =>
  (
    await db.query(
      `UPDATE datasets SET doi = $2, dataset_modified_time = $3 WHERE dataset_id = $1 AND doi IS NULL
       RETURNING dataset_id`,
      [datasetId, doi, modified],
    )
  ).rows.length > 0;

/** How many entries the dataset has, and how many of them are in uploads not yet published. */
export const datasetContents = async (
  db: Queryable,
  datasetId: string,
): Promise<{ entries: number; unpublished: number }> => {
  const { rows } = await db.query<{ entries: number; unpublished: number }>(
    `SELECT count(*)::int AS entries, count(*) FILTER (WHERE NOT u.published)::int AS unpublished
     FROM dataset_entries de JOIN entries e USING (entry_id) JOIN uploads u USING (upload_id)
     WHERE de.dataset_id = $1`,
    [datasetId],
  );
  return rows[0] ?? { entries: 0, unpublished: 0 };
};

export interface DatasetAuthor {
  user_id: string;
  username: string;
  first_name: string;
  last_name: string;
  affiliation: string | null;
}

/**
 * The authors of the dataset's entries (main authors, then co-authors of their uploads), each once, in
 * the order of the uploads' creation; at most `limit`.
 */
export const datasetAuthors = async (
  db: Queryable,
  datasetId: string,
  limit: number,
): Promise<DatasetAuthor[]> => {
  const { rows } = await db.query<DatasetAuthor>(
    `WITH ups AS (
       SELECT DISTINCT u.upload_id, u.upload_create_time, u.main_author, u.coauthors
       FROM dataset_entries de JOIN entries e USING (entry_id) JOIN uploads u USING (upload_id)
       WHERE de.dataset_id = $1),
     authors AS (
       SELECT a.user_id, min(ups.upload_create_time) AS first_time, min(a.ord) AS ord
       FROM ups, unnest(ARRAY[ups.main_author] || ups.coauthors) WITH ORDINALITY AS a(user_id, ord)
       GROUP BY a.user_id)
     SELECT x.user_id, x.username, x.first_name, x.last_name, x.affiliation
     FROM authors JOIN users x USING (user_id)
     ORDER BY authors.first_time, authors.ord, x.user_id
     LIMIT ${Math.trunc(limit)}`,
    [datasetId],
  );
  return rows;
};
