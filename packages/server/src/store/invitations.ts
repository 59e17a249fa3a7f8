import { escapeLike, type Queryable } from '../db/database.ts';
import type { Columns } from '../db/rows.ts';

/** An open invitation: who was invited, for the page where they choose a password. */
export type OpenInvitation = Columns<'users', 'user_id' | 'username' | 'email'>;

export const insertInvitation = async (
  db: Queryable,
  invitation: { tokenHash: string; userId: string; invitedBy: string; created: Date; expiresAt: Date },
): Promise<void> => {
  await db.query(
    `INSERT INTO user_invitations (token_hash, user_id, invited_by, created, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [invitation.tokenHash, invitation.userId, invitation.invitedBy, invitation.created, invitation.expiresAt],
  );
};

/** Invitations the user sent since `since`, used or not (their daily limit). */
export const countInvitationsSince = async (
  db: Queryable,
  invitedBy: string,
  since: Date,
): Promise<number> => {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM user_invitations WHERE invited_by = $1 AND created >= $2',
    [invitedBy, since],
  );
  return rows[0]?.n ?? 0;
};

/**
 * Forgets used invitations sent before `before` (past the limit's window). Unused ones stay: they mark an
 * account that was invited and may be invited again; inviting again replaces them.
 */
export const pruneInvitations = async (db: Queryable, before: Date): Promise<void> => {
  await db.query('DELETE FROM user_invitations WHERE used AND created < $1', [before]);
};

export const deleteInvitation = async (db: Queryable, tokenHash: string): Promise<void> => {
  await db.query('DELETE FROM user_invitations WHERE token_hash = $1', [tokenHash]);
};

/**
 * The user with this email if they were invited and have not chosen a password yet (an invitation may have
 * expired unused: such a user can be invited again).
 */
export const findPendingInvitee = async (db: Queryable, email: string): Promise<string | undefined> => {
  const { rows } = await db.query<Columns<'user_invitations', 'user_id'>>(
    `SELECT u.user_id FROM users u
      WHERE u.email = $1 AND u.password_hash IS NULL
        AND EXISTS (SELECT 1 FROM user_invitations i WHERE i.user_id = u.user_id)`,
    [email],
  );
  return rows[0]?.user_id;
};

/** The invitation of this token if it is unused and not expired at `now`. */
export const findOpenInvitation = async (
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<OpenInvitation | undefined> => {
  const { rows } = await db.query<OpenInvitation>(
    `SELECT u.user_id, u.username, u.email FROM user_invitations i JOIN users u USING (user_id)
      WHERE i.token_hash = $1 AND NOT i.used AND i.expires_at > $2`,
    [tokenHash, now],
  );
  return rows[0];
};

/**
 * Uses up the invitation of this token (and every other of its user) and sets the user's password hash.
 * Undefined, changing nothing, when the token is unknown, used or expired. Run in a transaction.
 */
export const redeemInvitation = async (
  tx: Queryable,
  tokenHash: string,
  now: Date,
  passwordHash: string,
): Promise<OpenInvitation | undefined> => {
  const { rows } = await tx.query<Columns<'user_invitations', 'user_id'>>(
    `UPDATE user_invitations SET used = true
      WHERE token_hash = $1 AND NOT used AND expires_at > $2 RETURNING user_id`,
    [tokenHash, now],
  );
  const userId = rows[0]?.user_id;
  if (userId === undefined) return undefined;
  await tx.query('UPDATE user_invitations SET used = true WHERE user_id = $1', [userId]);
  const { rows: users } = await tx.query<OpenInvitation>(
    'UPDATE users SET password_hash = $2 WHERE user_id = $1 RETURNING user_id, username, email',
    [userId, passwordHash],
  );
  return users[0];
};

/** Removes an invited user who never chose a password (their invitation mail could not be sent). */
export const withdrawInvitee = async (db: Queryable, userId: string): Promise<void> => {
  await db.query('DELETE FROM users WHERE user_id = $1 AND password_hash IS NULL', [userId]);
};

export const deleteInvitationsOf = async (db: Queryable, userId: string): Promise<void> => {
  await db.query('DELETE FROM user_invitations WHERE user_id = $1', [userId]);
};

/** Usernames taken among `base` and `base` followed by digits (base1, base2, ...). */
export const takenUsernames = async (db: Queryable, base: string): Promise<Set<string>> => {
  const escaped = escapeLike(base);
  const { rows } = await db.query<Columns<'users', 'username'>>(
    `SELECT username FROM users
      WHERE username = $1 OR (username LIKE $2 AND substr(username, length($1) + 1) ~ '^[0-9]+$')`,
    [base, `${escaped}%`],
  );
  return new Set(rows.map((row) => row.username));
};
