import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { openMigratedDatabase } from '../../testing/database.ts';
import { testPostgresServer } from '../../testing/test-database.ts';
import { openSnapshot } from './snapshot-read.ts';
import { answers, contents, engineFor, entryValues, fresh, insertEntry, seed } from './snapshot-fixture.ts';

const opened = async (dataDir?: string) => {
  const db = await openDatabase({ dataDir });
  await migrate(db);
  return db;
};

const headOf = async (db: Database) =>
  BigInt((await db.query<{ v: string }>('SELECT last_value::text AS v FROM search_change_seq')).rows[0]!.v);

/** A snapshot is used only with the database (and the state of it) it was taken from. */
describe('search index snapshot identity', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oasis-snapshot-id-'));
  const file = path.join(dir, 'search-index.snapshot');
  const logs: string[] = [];
  beforeEach(() => {
    rmSync(file, { force: true });
    logs.length = 0;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const snapshotOf = async (db: Database) => {
    const engine = engineFor(db, file, logs);
    await engine.sync();
    await engine.close();
    const snapshot = await openSnapshot(file);
    await snapshot.close();
    return snapshot.header;
  };

  const builtAfresh = async (db: Database, reason: RegExp) => {
    logs.length = 0;
    const engine = engineFor(db, file, logs);
    await engine.sync();
    expect(logs[0]).toMatch(reason);
    expect(contents(engine)).toEqual(contents(await fresh(db)));
    await engine.close();
  };

  it('is not used with another database, even one further along', async () => {
    const first = await opened();
    await seed(first);
    const header = await snapshotOf(first);
    const other = await opened();
    await seed(other);
    for (let i = 0; i < 20; i++) await insertEntry(other, `x-${i}`, 'up-1', entryValues(i, ['Ne'], [i]));
    expect(await headOf(other)).toBeGreaterThan(BigInt(header.change));
    await builtAfresh(other, /no record of it/);
    await Promise.all([first.close(), other.close()]);
  });

  it('is not used with its database restored to an older state, even after new changes', async () => {
    const dataDir = path.join(dir, 'db');
    const backup = path.join(dir, 'backup');
    let db = await opened(dataDir);
    await seed(db);
    await db.close();
    cpSync(dataDir, backup, { recursive: true });
    db = await opened(dataDir);
    await insertEntry(db, 'e-late', 'up-1', entryValues(20, ['Au'], [1]));
    const header = await snapshotOf(db);
    await db.close();
    rmSync(dataDir, { recursive: true });
    cpSync(backup, dataDir, { recursive: true });
    db = await opened(dataDir);
    // Other changes take the restored database past the snapshot's change number: the sequence alone
    // would accept the snapshot, with e-late that the database no longer has.
    for (let i = 0; i < 5; i++) await insertEntry(db, `r-${i}`, 'up-2', entryValues(i, ['Ar'], []));
    expect(await headOf(db)).toBeGreaterThanOrEqual(BigInt(header.change));
    await builtAfresh(db, /no record of it/);
    await db.close();
  });

  it('is not used when the change sequence went back behind it', async () => {
    const db = await opened();
    await seed(db);
    await snapshotOf(db);
    await db.query(`SELECT setval('search_change_seq', 3)`);
    await builtAfresh(db, /the database is back at 3/);
    await db.close();
  });

  // Two connections: only a PostgreSQL server has a transaction open while another commits.
  it.runIf(testPostgresServer())(
    'reads again, after loading, a change that commits later with a number below the snapshot',
    async () => {
      const db = await openMigratedDatabase();
      await seed(db);
      const first = engineFor(db, file, logs);
      await first.sync();
      // A transaction takes a number and has not committed yet; a later one commits a higher number.
      let commit: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let taken: (seq: string) => void = () => undefined;
      const numbered = new Promise<string>((resolve) => (taken = resolve));
      const late = db.transaction(async (tx) => {
        await insertEntry(tx, 'e-late', 'up-1', entryValues(31, ['Xe'], [2]));
        const { rows } = await tx.query<{ n: string }>(
          `SELECT search_seq::text AS n FROM entries WHERE entry_id = 'e-late'`,
        );
        taken(rows[0]!.n);
        await held;
      });
      const inFlight = await numbered;
      await insertEntry(db, 'e-after', 'up-1', entryValues(30, ['Kr'], [1]));
      await first.sync();
      await first.writeSnapshot();
      await first.close();
      const snapshot = await openSnapshot(file);
      await snapshot.close();
      expect(BigInt(snapshot.header.floor)).toBeLessThan(BigInt(inFlight));
      expect(BigInt(snapshot.header.change)).toBeGreaterThan(BigInt(inFlight));
      // The transaction commits while the server is down.
      commit();
      await late;
      logs.length = 0;
      const restarted = engineFor(db, file, logs);
      await restarted.sync();
      expect(logs[0]).toMatch(/^Search index loaded/);
      expect(restarted.index.rowOf.has('e-late')).toBe(true);
      const reference = await fresh(db);
      expect(contents(restarted)).toEqual(contents(reference));
      expect(await answers(db, restarted)).toEqual(await answers(db, reference));
      await restarted.close();
      await db.close();
    },
  );
});
