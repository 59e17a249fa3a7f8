import pg from 'pg';
import type { Database, Queryable } from './database.ts';

const wrap = (conn: pg.Pool | pg.PoolClient): Queryable => ({
  async query<Row>(sql: string, params: unknown[] = []) {
    const result = await conn.query(sql, params);
    return { rows: result.rows as Row[] };
  },
  async exec(sql: string) {
    await conn.query(sql);
  },
});

/** A real PostgreSQL server (OASIS_DATABASE_URL); same SQL and migrations as the embedded database. */
export const openPostgres = async (url: string): Promise<Database> => {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (restart, failover, a terminated backend) is dropped by the pool and
  // replaced at the next query; unhandled, its 'error' event would end the process.
  pool.on('error', () => undefined);
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    url,
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
};
