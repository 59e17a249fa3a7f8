import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openMigratedDatabase } from '../../testing/database.ts';
import { testPostgresServer } from '../../testing/test-database.ts';
import { createSearchEngine, type SearchEngine } from './engine.ts';
import { unlimitedBudget } from './budget.ts';
import { compileFilter } from './filter.ts';

/** The index follows the database through the change numbers of migration 002: edits, deletes, names. */
describe('search index sync', () => {
  let db: Database;
  let engine: SearchEngine;
  beforeAll(async () => {
    db = await openMigratedDatabase();
    await db.exec(`
      INSERT INTO users (user_id, username, first_name, last_name) VALUES ('u-1', 'ada', 'Ada', 'Lovelace');
      INSERT INTO uploads (upload_id, upload_name, main_author, published) VALUES ('up-1', 'Old name', 'u-1', true);
      INSERT INTO entries (entry_id, upload_id, mainfile, parser_name, process_status, metadata) VALUES
        ('e-1', 'up-1', 'a/vasprun.xml', 'parsers/vasp', 'SUCCESS', '{"results": {"material": {"elements": ["Si"]}}}'),
        ('e-2', 'up-1', 'b/vasprun.xml', 'parsers/vasp', 'RUNNING', '{}');`);
    engine = createSearchEngine(db);
  });
  afterAll(async () => db?.close());

  const ids = async (quantity: string, value: string) => {
    const { index } = engine;
    const budget = unlimitedBudget();
    const all = Int32Array.from({ length: index.entryIds.length }, (_, row) => row).filter(
      (row) => index.searchable[row] === 1,
    );
    const filter = await compileFilter(index, { kind: 'match', quantity, op: 'eq', values: [value] }, budget);
    return Array.from(await filter(all, budget), (row) => index.entryIds.at(row));
  };

  it("loads processed entries with their upload's fields; entries still processing are not searchable", async () => {
    await engine.sync();
    expect(await ids('upload_name', 'Old name')).toEqual(['e-1']);
    expect(await ids('authors.name', 'Ada Lovelace')).toEqual(['e-1']);
    expect(await ids('results.material.elements', 'Si')).toEqual(['e-1']);
  });

  it('sees upload edits, finished processing, renamed users and deleted entries at the next sync', async () => {
    await db.exec(`
      UPDATE uploads SET upload_name = 'New name' WHERE upload_id = 'up-1';
      UPDATE entries SET process_status = 'SUCCESS', metadata = '{"results": {"material": {"elements": ["Ge"]}}}' WHERE entry_id = 'e-2';
      UPDATE users SET last_name = 'King' WHERE user_id = 'u-1';
      DELETE FROM entries WHERE entry_id = 'e-1';`);
    await engine.sync();
    expect(await ids('upload_name', 'Old name')).toEqual([]);
    expect(await ids('upload_name', 'New name')).toEqual(['e-2']);
    expect(await ids('authors.name', 'Ada King')).toEqual(['e-2']);
    expect(await ids('results.material.elements', 'Si')).toEqual([]);
    expect(await ids('results.material.elements', 'Ge')).toEqual(['e-2']);
  });

  it('keeps an entry deleted and then created again with the same id', async () => {
    await db.exec(`
      DELETE FROM entries WHERE entry_id = 'e-2';
      INSERT INTO entries (entry_id, upload_id, mainfile, parser_name, process_status, metadata) VALUES
        ('e-2', 'up-1', 'b/vasprun.xml', 'parsers/vasp', 'SUCCESS', '{"results": {"material": {"elements": ["Sn"]}}}');`);
    await engine.sync();
    expect(await ids('results.material.elements', 'Sn')).toEqual(['e-2']);
  });

  it('grows columns ahead only in passes that add entries (changed ones keep their rows)', async () => {
    const grown = vi.spyOn(engine.index, 'growAhead');
    await db.exec(`UPDATE entries SET metadata = metadata`);
    await engine.sync();
    expect(grown).not.toHaveBeenCalled();
    await db.exec(`
      INSERT INTO entries (entry_id, upload_id, mainfile, parser_name, process_status, metadata) VALUES
        ('e-3', 'up-1', 'c/vasprun.xml', 'parsers/vasp', 'SUCCESS', '{}');`);
    await engine.sync();
    expect(grown).toHaveBeenCalled();
    grown.mockRestore();
  });

  it("indexes an entry's datasets, and none for an entry in no dataset", async () => {
    await db.exec(`
      INSERT INTO entries (entry_id, upload_id, mainfile, parser_name, process_status, metadata) VALUES
        ('e-ds', 'up-1', 'd/vasprun.xml', 'parsers/vasp', 'SUCCESS', '{}');
      INSERT INTO datasets (dataset_id, dataset_name, user_id) VALUES ('d-1', 'Oxides', 'u-1');
      INSERT INTO dataset_entries (dataset_id, entry_id) VALUES ('d-1', 'e-ds');`);
    await engine.sync();
    expect(await ids('datasets.dataset_id', 'd-1')).toEqual(['e-ds']);
    const { column } = engine.index.quantities.get('datasets.dataset_id')!;
    expect(column.values(engine.index.rowOf.get('e-2')!)).toEqual([]);
  });

  it('lets searches that come while a pass waits share it, instead of queueing a pass each', async () => {
    let passes = 0;
    const counting: Database = {
      ...db,
      query: (sql, params) => {
        if (sql.includes('FROM search_change_seq')) passes++;
        return db.query(sql, params);
      },
    };
    const shared = createSearchEngine(counting);
    await shared.sync();
    passes = 0;
    await db.exec(`UPDATE uploads SET upload_name = 'Busy' WHERE upload_id = 'up-1'`);
    await Promise.all(Array.from({ length: 20 }, () => shared.sync()));
    expect(passes).toBeLessThanOrEqual(2);
    expect(shared.index.uploadDocs[shared.index.uploadSlotOf.get('up-1')!]).toMatchObject({
      upload_name: 'Busy',
    });
  });

  // Several connections: only a PostgreSQL server has a transaction open while another commits.
  it.runIf(testPostgresServer())(
    'indexes a transaction that commits long after later change numbers were read',
    async () => {
      const insert = (id: string, element: string) =>
        `INSERT INTO entries (entry_id, upload_id, mainfile, parser_name, process_status, metadata) VALUES
         ('${id}', 'up-1', '${id}/vasprun.xml', 'parsers/vasp', 'SUCCESS', '{"results": {"material": {"elements": ["${element}"]}}}')`;
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted: () => void = () => undefined;
      const didInsert = new Promise<void>((resolve) => (inserted = resolve));
      const slow = db.transaction(async (tx) => {
        await tx.query(insert('e-slow', 'Pb'));
        inserted();
        await held;
      });
      await didInsert;
      await db.query(insert('e-fast', 'Ga'));
      for (let pass = 0; pass < 3; pass++) await engine.sync();
      expect(await ids('results.material.elements', 'Ga')).toEqual(['e-fast']);
      expect(await ids('results.material.elements', 'Pb')).toEqual([]);
      release();
      await slow;
      await engine.sync();
      expect(await ids('results.material.elements', 'Pb')).toEqual(['e-slow']);
    },
  );
});
