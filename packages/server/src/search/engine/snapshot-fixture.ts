import { ELECTRON_VOLT as EV } from '@oasis/chem';
import type { EntriesQueryRequest } from '@oasis/schema';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { searchEntries } from '../search.ts';
import type { Scalar } from './column.ts';
import { createSearchEngine, type SearchEngine, type SearchEngineOptions } from './engine.ts';

/** Test data and comparisons for the snapshot tests (search/engine/snapshot*.test.ts). */

export const entryValues = (id: number, elements: string[], gaps: number[], name = `run ${id}`) =>
  JSON.stringify({
    entry_name: name,
    search_quantities: [{ id: 'data.value#S', definition: 'S', float_value: id }],
    results: {
      material: { elements, n_elements: elements.length, chemical_formula_hill: elements.join('') },
      method: { simulation: { program_name: id % 2 ? 'VASP' : 'exciting' } },
      properties: { electronic: { band_gap: gaps.map((gap) => ({ value: gap * EV })) } },
    },
  });

export const insertEntry = (
  db: Queryable,
  id: string,
  upload: string,
  metadata: string,
  status = 'SUCCESS',
) =>
  db.query(
    `INSERT INTO entries (entry_id, upload_id, mainfile, parser_name, process_status, metadata)
     VALUES ($1, $2, $3, 'parsers/vasp', $4, $5::jsonb)`,
    [id, upload, `${id}/vasprun.xml`, status, metadata],
  );

/** Two users, a published and an unpublished upload, and entries with lists and repeated sections. */
export const seed = async (db: Database) => {
  await db.exec(`
    INSERT INTO users (user_id, username, first_name, last_name) VALUES
      ('u-1', 'ada', 'Ada', 'Lovelace'), ('u-2', 'alan', 'Alan', 'Turing');
    INSERT INTO uploads (upload_id, upload_name, main_author, coauthors, published) VALUES
      ('up-1', 'Oxides', 'u-1', ARRAY['u-2'], true), ('up-2', 'Drafts', 'u-2', ARRAY[]::text[], false);`);
  const elements = [['O', 'Si'], ['Fe', 'O'], ['Fe'], ['Cl', 'Na'], ['Ga', 'As'], ['Rn']];
  for (const [i, list] of elements.entries())
    await insertEntry(
      db,
      `e-${i}`,
      i < 4 ? 'up-1' : 'up-2',
      entryValues(i, list, i % 3 ? [i, i + 0.5] : [i]),
    );
};

/** Changes an index reads after its build: replaced values and a deleted entry leave garbage in it. */
export const changeAfterBuild = (db: Database) =>
  db.exec(`UPDATE entries SET metadata = '${entryValues(9, ['Xe', 'Kr'], [2, 3])}' WHERE entry_id = 'e-1';
    DELETE FROM entries WHERE entry_id = 'e-5';`);

export const dictionary = ({ index }: SearchEngine, quantity: string) => {
  const values = index.quantities.get(quantity)?.column.dictionary;
  return values && Array.from({ length: values.size }, (_, code) => values.value(code));
};

export const engineFor = (db: Database, file: string, logs: string[], options: SearchEngineOptions = {}) =>
  createSearchEngine(db, {
    ...options,
    snapshot: { file, log: { info: (m) => logs.push(m), warn: (m) => logs.push(`WARN ${m}`) } },
  });

/** Every present entry with its searchability, upload and decoded values, by entry id. */
export const contents = ({ index }: SearchEngine) => {
  const entries: Record<string, unknown> = {};
  for (const [entryId, row] of [...index.rowOf].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const values: Record<string, Scalar[]> = {};
    for (const [name, indexed] of index.quantities) {
      const decoded = indexed.column.values(index.slotOf(indexed, row)).map((v) => indexed.column.decode(v));
      if (decoded.length > 0) values[name] = decoded;
    }
    const slot = index.uploadOf[row]!;
    entries[entryId] = {
      nested: [...index.nestedItems].map(([section, items]) => [section, items[row]]),
      searchable: index.searchable[row],
      upload: index.uploads[slot],
      uploadDoc: index.uploadDocs[slot],
      values,
    };
  }
  return entries;
};

const request = (owner: string, query: Record<string, unknown> = {}): EntriesQueryRequest =>
  ({
    owner,
    query,
    aggregations: {
      elements: { terms: { quantity: 'results.material.elements', size: 118 } },
      uploads: { terms: { quantity: 'upload_name' } },
      authors: { terms: { quantity: 'authors.name' } },
      gaps: { histogram: { quantity: 'results.properties.electronic.band_gap.value', buckets: 5 } },
    },
    pagination: { page_size: 100, order_by: 'upload_create_time', order: 'desc' },
  }) as EntriesQueryRequest;

/** The answers of a few searches (owners, filters, free text), to compare two engines by. */
export const answers = async (db: Database, engine: SearchEngine) => {
  const requests = [
    request('all'),
    request('admin'),
    request('all', { 'results.material.elements:any': ['Fe', 'Xe'] }),
    request('all', { text_search_contents: 'run' }),
    // Nested: one item of search_quantities must meet both criteria.
    request('all', { search_quantities: { id: 'data.value#S', float_value: { gte: 3 } } }),
  ];
  const admin: CurrentUser = { user_id: 'admin', username: 'admin', name: 'Admin', is_admin: true };
  const out = [];
  for (const r of requests)
    out.push(await searchEntries(db, engine, r.owner === 'admin' ? admin : undefined, r));
  return out;
};

/** A fresh build from the database, the reference a loaded snapshot must equal. */
export const fresh = async (db: Database) => {
  const engine = createSearchEngine(db);
  await engine.sync();
  return engine;
};
