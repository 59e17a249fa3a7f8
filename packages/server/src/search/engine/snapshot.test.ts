import { ELECTRON_VOLT as EV } from '@oasis/chem';
import {
  copyFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openMigratedDatabase } from '../../testing/database.ts';
import { entrySearchQuantities } from '../quantities.ts';
import { SearchIndex } from './search-index.ts';
import { MAGIC, SNAPSHOT_FORMAT } from './snapshot-file.ts';
import {
  answers,
  changeAfterBuild,
  contents,
  dictionary,
  engineFor,
  entryValues,
  fresh,
  insertEntry,
  seed,
} from './snapshot-fixture.ts';

/** Restarts from a snapshot file: equal to a build from the database, or that build when the file is unfit. */
describe('search index snapshot', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oasis-snapshot-'));
  const file = path.join(dir, 'search-index.snapshot');
  let db: Database;
  const logs: string[] = [];
  beforeEach(async () => {
    rmSync(file, { force: true });
    logs.length = 0;
    db = await openMigratedDatabase();
    await seed(db);
  });
  afterEach(async () => db?.close());
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Builds from the database, writes the snapshot and closes (as a server stopping). */
  const firstRun = async (options = {}) => {
    const engine = engineFor(db, file, logs, options);
    await engine.sync();
    await changeAfterBuild(db);
    await engine.sync();
    // The write a build schedules at once may already have taken this state (timing: database and load).
    await engine.writeSnapshot();
    expect(await engine.writeSnapshot()).toBe(false);
    expect(logs.filter((line) => line.startsWith('Search index snapshot written')).length).toBeGreaterThan(0);
    await engine.close();
    return engine;
  };

  it('loads the snapshot and then reads the changes made since, as a fresh build would see them', async () => {
    const before = await firstRun();
    expect(logs[0]).toMatch(/not used \(there is no snapshot file yet\)/);
    await db.exec(`
      UPDATE entries SET metadata = '${entryValues(7, ['Au'], [0.25, 4])}' WHERE entry_id = 'e-0';
      UPDATE entries SET process_status = 'RUNNING' WHERE entry_id = 'e-3';
      DELETE FROM entries WHERE entry_id = 'e-2';
      DELETE FROM entries WHERE entry_id = 'e-1';
      UPDATE uploads SET upload_name = 'Oxides and more', published = false WHERE upload_id = 'up-1';
      UPDATE uploads SET published = true WHERE upload_id = 'up-2';
      UPDATE users SET last_name = 'Byron' WHERE user_id = 'u-1';
      INSERT INTO uploads (upload_id, upload_name, main_author, published) VALUES ('up-3', 'New', 'u-2', true);`);
    await insertEntry(db, 'e-1', 'up-3', entryValues(1, ['Pt', 'Cu'], [1.5, 0.5]));
    await insertEntry(db, 'e-9', 'up-3', entryValues(9, ['Fe'], [], 'fresh entry'));
    logs.length = 0;
    const restarted = engineFor(db, file, logs);
    await restarted.sync();
    expect(logs[0]).toMatch(/^Search index loaded from .*: 5 entries/);
    const reference = await fresh(db);
    expect(contents(restarted)).toEqual(contents(reference));
    expect(await answers(db, restarted)).toEqual(await answers(db, reference));
    expect(contents(restarted)).not.toEqual(contents(before));
  });

  it('loads an unchanged database to the same index and answers', async () => {
    const before = await firstRun();
    expect(before.index.rowCount).toBe(6);
    expect(dictionary(before, 'results.material.elements')).toContain('Rn');
    const restarted = engineFor(db, file, logs);
    await restarted.sync();
    const reference = await fresh(db);
    expect(contents(restarted)).toEqual(contents(reference));
    expect(await answers(db, restarted)).toEqual(await answers(db, reference));
    // The snapshot dropped what a build does not have either: the deleted entry's row and its values.
    expect(restarted.index.rowCount).toBe(5);
    expect(dictionary(restarted, 'results.material.elements')).not.toContain('Rn');
    expect(dictionary(restarted, 'results.material.elements')?.length).toBe(
      dictionary(reference, 'results.material.elements')?.length,
    );
  });

  it('loads a snapshot written while syncs applied changes to what the database holds', async () => {
    const engine = engineFor(db, file, logs);
    await engine.sync();
    let written = false;
    const writing = engine.writeSnapshot().then((wrote) => (written = wrote));
    // Syncs go on between the columns being written: some columns may have a change, others not.
    let during = 0;
    for (let i = 0; i < 30 && !written; i++) {
      await db.exec(`UPDATE entries SET metadata = '${entryValues(40 + i, ['Ag', `X${i}`], [i])}' WHERE entry_id = 'e-${i % 4}';
        UPDATE uploads SET upload_name = 'Renamed ${i}' WHERE upload_id = 'up-1';`);
      await insertEntry(db, `w-${i}`, 'up-2', entryValues(i, ['Zn'], [i, 2 * i]));
      if (i === 2) await db.exec(`DELETE FROM entries WHERE entry_id = 'e-4'`);
      await engine.sync();
      if (!written) during++;
    }
    await writing;
    // The file as this write left it (a timer's write may follow).
    const copy = `${file}.during`;
    copyFileSync(file, copy);
    expect(during).toBeGreaterThan(0);
    const restarted = engineFor(db, copy, logs);
    await restarted.sync();
    expect(logs.at(-1)).toMatch(/^Search index loaded/);
    const reference = await fresh(db);
    expect(contents(restarted)).toEqual(contents(reference));
    expect(await answers(db, restarted)).toEqual(await answers(db, reference));
    await engine.close();
  });

  it('at close abandons a write under way and writes the last one, quick at this size', async () => {
    await firstRun();
    const engine = engineFor(db, file, logs);
    await engine.sync();
    await db.exec(`UPDATE uploads SET upload_name = 'Closing time' WHERE upload_id = 'up-1'`);
    await engine.sync();
    logs.length = 0;
    const writing = engine.writeSnapshot();
    await engine.close();
    expect(await writing).toBe(false);
    expect(logs[0]).toBe('Search index snapshot not written: the server is stopping');
    expect(logs[1]).toMatch(/^Search index snapshot written/);
    const restarted = engineFor(db, file, logs);
    await restarted.sync();
    expect(logs.at(-1)).toMatch(/^Search index loaded/);
    expect(contents(restarted)).toEqual(contents(await fresh(db)));
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM search_snapshots');
    expect(rows[0]?.n).toBe(1);
  });

  const fallsBack = async (reason: RegExp) => {
    logs.length = 0;
    const restarted = engineFor(db, file, logs);
    await restarted.sync();
    expect(logs[0]).toMatch(reason);
    expect(logs[0]).toMatch(/building from the database$/);
    expect(contents(restarted)).toEqual(contents(await fresh(db)));
    // After the build a new snapshot replaces the unusable one at once.
    await restarted.close();
    const again = engineFor(db, file, logs);
    await again.sync();
    expect(logs.at(-1)).toMatch(/^Search index loaded/);
  };

  it('carries every field of the index (a field added to SearchIndex needs a place in index-image.ts)', () => {
    const fields = Object.keys(new SearchIndex(entrySearchQuantities)).sort();
    // The path tries (and the lists for clearing) follow from the quantities; revision is the process's own counter.
    expect(fields).toEqual(
      [
        'clearing',
        'quantities',
        'entryIds',
        'rowOf',
        'uploadOf',
        'searchable',
        'uploads',
        'uploadDocs',
        'uploadSlotOf',
        'nestedItems',
        'revision',
        'entryTrie',
        'uploadTrie',
      ].sort(),
    );
  });

  it('builds from the database when the file is truncated', async () => {
    await firstRun();
    truncateSync(file, Math.floor(statSync(file).size / 2));
    await fallsBack(/truncated/);
  });

  it('builds from the database when the file is garbage or has a flipped byte', async () => {
    await firstRun();
    // A band gap of e-2 in its column: the file's structure stays intact, only the checksum can tell.
    const bytes = readFileSync(file);
    const at = bytes.indexOf(Buffer.from(new Float64Array([2.5 * EV]).buffer));
    expect(at).toBeGreaterThan(0);
    bytes[at]! ^= 1;
    writeFileSync(file, bytes);
    await fallsBack(/checksum/);
    writeFileSync(file, Buffer.from('not a snapshot at all, but long enough to have a header'));
    await fallsBack(/not a search index snapshot/);
  });

  it('builds from the database when the snapshot is of an older format', async () => {
    await firstRun();
    const bytes = readFileSync(file);
    bytes.writeUInt32LE(SNAPSHOT_FORMAT - 1, MAGIC.length);
    writeFileSync(file, bytes);
    await fallsBack(
      new RegExp(
        `written in format ${SNAPSHOT_FORMAT - 1}, this server reads format ${SNAPSHOT_FORMAT} only`,
      ),
    );
  });

  it('builds from the database when the snapshot was written for other search quantities', async () => {
    await firstRun({ quantities: entrySearchQuantities.slice(0, -1) });
    await fallsBack(/other search quantities/);
  });
});
