import type { Queryable } from '../db/database.ts';
import type { Columns } from '../db/rows.ts';

/** One recorded app token; the token itself is never stored. */
export type AppTokenRow = Columns<'app_tokens'>;

const columns = 'token_id, user_id, created, expires_at';

export const insertAppToken = async (db: Queryable, token: AppTokenRow): Promise<void> => {
  await db.query(`INSERT INTO app_tokens (${columns}) VALUES ($1, $2, $3, $4)`, [
    token.token_id,
    token.user_id,
    token.created,
    token.expires_at,
  ]);
};

/** The user's tokens that expire after `now`, newest first. */
export const listAppTokens = async (db: Queryable, userId: string, now: Date): Promise<AppTokenRow[]> => {
  const { rows } = await db.query<AppTokenRow>(
    `SELECT ${columns} FROM app_tokens WHERE user_id = $1 AND expires_at > $2 ORDER BY created DESC, token_id`,
    [userId, now],
  );
  return rows;
};

export const countAppTokens = async (db: Queryable, userId: string, now: Date): Promise<number> => {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM app_tokens WHERE user_id = $1 AND expires_at > $2',
    [userId, now],
  );
  return rows[0]?.n ?? 0;
};

/** Whether the token with this id is recorded for this user (not revoked). */
export const appTokenRecorded = async (db: Queryable, tokenId: string, userId: string): Promise<boolean> => {
  const { rows } = await db.query('SELECT 1 FROM app_tokens WHERE token_id = $1 AND user_id = $2', [
    tokenId,
    userId,
  ]);
  return rows.length > 0;
};

/** Deletes one of the user's tokens; undefined when the user has no token with this id. */
export const deleteAppToken = async (
  db: Queryable,
  userId: string,
  tokenId: string,
): Promise<AppTokenRow | undefined> => {
  const { rows } = await db.query<AppTokenRow>(
    `DELETE FROM app_tokens WHERE user_id = $1 AND token_id = $2 RETURNING ${columns}`,
    [userId, tokenId],
  );
  return rows[0];
};

/** Deletes all of the user's tokens and answers those that had not expired at `now`, newest first. */
export const deleteAppTokens = async (db: Queryable, userId: string, now: Date): Promise<AppTokenRow[]> => {
  const { rows } = await db.query<AppTokenRow>(
    `WITH gone AS (DELETE FROM app_tokens WHERE user_id = $1 RETURNING ${columns})
     SELECT ${columns} FROM gone WHERE expires_at > $2 ORDER BY created DESC, token_id`,
    [userId, now],
  );
  return rows;
};

export const deleteExpiredAppTokens = async (db: Queryable, userId: string, now: Date): Promise<void> => {
  await db.query('DELETE FROM app_tokens WHERE user_id = $1 AND expires_at <= $2', [userId, now]);
};
