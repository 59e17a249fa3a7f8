import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateUpload, Random } from '../../cli/seed-generate.ts';
import { ensureSeedUsers, insertSeedUpload } from '../../cli/seed-insert.ts';
import type { Database } from '../../db/database.ts';
import { openMigratedDatabase } from '../../testing/database.ts';
import { testPostgresServer } from '../../testing/test-database.ts';
import { searchEntries } from '../search.ts';
import { createSearchEngine, type SearchEngine } from './engine.ts';

/** Every entry's values of every quantity, by entry id, decoded: two indexes with other row orders compare. */
const contents = (engine: SearchEngine) => {
  const { index } = engine;
  return Object.fromEntries(
    [...index.rowOf].map(([id, row]) => [
      id,
      [...index.quantities.values()].map(({ column, scope }) =>
        column.values(index.slotOf({ scope } as never, row)).map((v) => column.decode(v)),
      ),
    ]),
  );
};

const request = {
  owner: 'public',
  query: { 'results.material.elements:any': ['O'] },
  aggregations: {
    elements: { terms: { quantity: 'results.material.elements', size: 118 } },
    authors: { terms: { quantity: 'authors.name', size: 20 } },
  },
  pagination: { page_size: 20, order_by: 'upload_create_time', order: 'desc' },
} as const;

// Worker threads connect on their own: only with a PostgreSQL server.
describe.runIf(testPostgresServer())('a first index build in worker threads', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openMigratedDatabase();
    const { owner, pool } = await ensureSeedUsers(db, 5);
    const random = new Random(7);
    for (let i = 0; i < 6; i++) {
      const upload = generateUpload(random, {
        size: 40 + i * 10,
        start: new Date('2024-01-01'),
        end: new Date('2025-01-01'),
        authorPool: pool,
        index: i,
      });
      await insertSeedUpload(db, owner, upload);
    }
    // Deleted entries leave tombstones a first build reads past.
    await db.query(
      `DELETE FROM entries WHERE entry_id IN (SELECT entry_id FROM entries ORDER BY entry_id LIMIT 5)`,
    );
  });
  afterAll(async () => db?.close());

  it('indexes every entry as a build on the main thread does, and answers searches alike', async () => {
    const warnings: string[] = [];
    const parallel = createSearchEngine(db, {
      parallelBuild: { workers: 3, minEntries: 0, warn: (message) => warnings.push(message) },
    });
    const serial = createSearchEngine(db, { parallelBuild: { workers: 1 } });
    await parallel.sync();
    await serial.sync();
    expect(warnings).toEqual([]);
    expect(parallel.index.rowOf.size).toBe(385);
    // Shares come one after another: the rows are in another order than the change numbers'.
    expect(parallel.index.entryIds).not.toEqual(serial.index.entryIds);
    expect(contents(parallel)).toEqual(contents(serial));
    const answer = (engine: SearchEngine) => searchEntries(db, engine, undefined, request as never);
    expect(await answer(parallel)).toEqual(await answer(serial));
  });

  it('follows later changes as after any build', async () => {
    const engine = createSearchEngine(db, { parallelBuild: { workers: 2, minEntries: 0 } });
    await engine.sync();
    const [first] = [...engine.index.rowOf.keys()];
    await db.query(
      `UPDATE entries SET metadata = jsonb_set(metadata, '{results,material,elements}', '["Og"]') WHERE entry_id = $1`,
      [first],
    );
    await engine.sync();
    const column = engine.index.quantities.get('results.material.elements')!.column;
    expect(column.values(engine.index.rowOf.get(first!)!).map((v) => column.decode(v))).toEqual(['Og']);
  });
});
