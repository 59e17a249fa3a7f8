import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set in the `server-postgres` project (vitest.config.ts): the suites run on that server. */
    postgresServerUrl?: string;
    /** Set in the `server` project: a migrated PGlite database's dump (testing/pglite-template-setup.ts). */
    pgliteTemplateFile?: string;
  }
}

/** The PostgreSQL server the current test project runs on; undefined: the embedded PGlite. */
export const testPostgresServer = (): string | undefined => inject('postgresServerUrl');

/** The migrated database new in-memory test databases start from; undefined: they start empty. */
export const pgliteTemplate = (): Blob | undefined => {
  const file = inject('pgliteTemplateFile');
  return file ? new Blob([readFileSync(file)]) : undefined;
};

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new empty database on the PostgreSQL server of `serverUrl`, dropped again by `drop()`. */
export const freshPostgresDatabase = async (serverUrl: string): Promise<FreshDatabase> => {
  const name = `oasis_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
};
