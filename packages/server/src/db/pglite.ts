import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';

const wrap = (conn: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
  async query<Row>(sql: string, params: unknown[] = []) {
    const result = await conn.query<Row>(sql, params);
    return { rows: result.rows };
  },
  async exec(sql: string) {
    await conn.exec(sql);
  },
});

/** Embedded PostgreSQL (WebAssembly): one connection, so transactions are serialised by PGlite itself. */
export const pgliteDatabase = (db: PGlite): Database => ({
  kind: 'pglite',
  ...wrap(db),
  transaction: (work) => db.transaction((tx) => work(wrap(tx))),
  close: () => db.close(),
});

/** Opens PGlite at `dataDir`, or in memory (empty, or loaded from `template`). */
export const openPglite = async (dataDir?: string, template?: Blob): Promise<Database> =>
  pgliteDatabase(
    dataDir ? await PGlite.create(dataDir) : await PGlite.create(template ? { loadDataDir: template } : {}),
  );
