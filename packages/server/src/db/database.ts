import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** The part of a database connection the store uses: parameterised SQL in the PostgreSQL dialect. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** `value` escaped for a LIKE pattern (backslash is PostgreSQL's default escape), so it matches literally. */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** The PostgreSQL server's URL, for worker threads that connect on their own; none when embedded. */
  readonly url?: string;
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL selects a real server; otherwise the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string;
  /**
   * An in-memory database starts from this dump of a PGlite data directory (`dumpDataDir`) instead of a new
   * cluster: loading one takes a fifth of the time of PGlite's initdb (tests start hundreds).
   */
  template?: Blob;
}

export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.databaseUrl);
  }
  const { openPglite } = await import('./pglite.ts');
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  return openPglite(options.dataDir, options.dataDir ? undefined : options.template);
};
