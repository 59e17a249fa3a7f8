import { randomUUID } from 'node:crypto';
import { escapeLike, type Queryable } from '../db/database.ts';
import { hashPassword, UNKNOWN_USER_PASSWORD_HASH, verifyPassword } from '../security/password.ts';
import type { Columns } from '../db/rows.ts';

/** The columns `columns` reads: a user without the password hash (the hash never leaves this module). */
type UserRow = Columns<
  'users',
  | 'user_id'
  | 'username'
  | 'email'
  | 'first_name'
  | 'last_name'
  | 'affiliation'
  | 'affiliation_address'
  | 'is_admin'
  | 'created'
>;

/** A user as the store hands it out: its creation time as an ISO string. */
export type UserRecord = Omit<UserRow, 'created'> & { created: string };

export interface NewUser {
  username: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  affiliation?: string;
  affiliation_address?: string;
  /** Plain password; stored hashed. Users of an external identity provider have none. */
  password?: string;
  is_admin?: boolean;
  /** Given for users first seen in an external provider's token (its `sub`); random otherwise. */
  user_id?: string;
}

/** Raised when a username or email is already taken; `field` tells which, for a precise message. */
export class DuplicateUserError extends Error {
  constructor(readonly field: 'username' | 'email') {
    super(field === 'username' ? 'Username already exists.' : 'Email already exists.');
  }
}

const columns =
  'user_id, username, email, first_name, last_name, affiliation, affiliation_address, is_admin, created';

const toRecord = (row: UserRow): UserRecord => ({ ...row, created: row.created.toISOString() });

/** Usernames and emails compare case-insensitively (as Keycloak's), so they are stored lower-cased. */
export const normalizeLogin = (value: string): string => value.trim().toLowerCase();

const isUniqueViolation = (error: unknown): error is { code: string; constraint?: string; message: string } =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export const findUserById = async (db: Queryable, userId: string): Promise<UserRecord | undefined> => {
  const { rows } = await db.query<UserRow>(`SELECT ${columns} FROM users WHERE user_id = $1`, [userId]);
  return rows[0] && toRecord(rows[0]);
};

export const findUserByUsername = async (
  db: Queryable,
  username: string,
): Promise<UserRecord | undefined> => {
  const { rows } = await db.query<UserRow>(`SELECT ${columns} FROM users WHERE username = $1`, [
    normalizeLogin(username),
  ]);
  return rows[0] && toRecord(rows[0]);
};

export const findUserByEmail = async (db: Queryable, email: string): Promise<UserRecord | undefined> => {
  const { rows } = await db.query<UserRow>(`SELECT ${columns} FROM users WHERE email = $1`, [
    normalizeLogin(email),
  ]);
  return rows[0] && toRecord(rows[0]);
};

/**
 * Locks the user's row until the transaction ends, so that what one user creates under a limit (uploads,
 * groups, invitations) is counted and inserted one at a time. FOR NO KEY UPDATE: rows that merely reference
 * the user (uploads, login codes) can still be inserted meanwhile. False if there is no such user.
 */
export const lockUser = async (tx: Queryable, userId: string): Promise<boolean> => {
  const { rows } = await tx.query('SELECT 1 FROM users WHERE user_id = $1 FOR NO KEY UPDATE', [userId]);
  return rows.length > 0;
};

export const findUsersByIds = async (db: Queryable, userIds: string[]): Promise<UserRecord[]> => {
  if (userIds.length === 0) return [];
  const { rows } = await db.query<UserRow>(`SELECT ${columns} FROM users WHERE user_id = ANY($1::text[])`, [
    userIds,
  ]);
  // In the order asked for, as NOMAD's API answers.
  const byId = new Map(rows.map((row) => [row.user_id, toRecord(row)]));
  return userIds.flatMap((id) => byId.get(id) ?? []);
};

/** Which of these user ids name no user. */
export const unknownUserIds = async (db: Queryable, userIds: readonly string[]): Promise<string[]> => {
  if (userIds.length === 0) return [];
  const { rows } = await db.query<Columns<'users', 'user_id'>>(
    'SELECT user_id FROM users WHERE user_id = ANY($1::text[])',
    [userIds],
  );
  const known = new Set(rows.map((row) => row.user_id));
  return userIds.filter((id) => !known.has(id));
};

/**
 * Users whose first name, last name, full name or username (and, with `matchEmail`, email) starts with
 * `prefix` (case-insensitive).
 */
export const searchUsers = async (
  db: Queryable,
  prefix: string,
  options: { matchEmail: boolean; limit?: number },
): Promise<UserRecord[]> => {
  const escaped = escapeLike(prefix.trim().toLowerCase());
  const { rows } = await db.query<UserRow>(
    `SELECT ${columns} FROM users
      WHERE lower(first_name) LIKE $1 OR lower(last_name) LIKE $1 OR lower(first_name || ' ' || last_name) LIKE $1
         OR username LIKE $1 OR ($3 AND email LIKE $1)
      ORDER BY last_name, first_name, username LIMIT $2`,
    [`${escaped}%`, options.limit ?? 100, options.matchEmail],
  );
  return rows.map(toRecord);
};

export const listUsers = async (db: Queryable, limit = 1000): Promise<UserRecord[]> => {
  const { rows } = await db.query<UserRow>(
    `SELECT ${columns} FROM users ORDER BY created, username LIMIT $1`,
    [limit],
  );
  return rows.map(toRecord);
};

export const createUser = async (db: Queryable, input: NewUser): Promise<UserRecord> => {
  const username = normalizeLogin(input.username);
  const email = input.email?.trim() ? normalizeLogin(input.email) : null;
  if (!username) throw new Error('A username is required.');
  // Checked first for a clear message; the unique constraints still guard against a concurrent insert.
  if (await findUserByUsername(db, username)) throw new DuplicateUserError('username');
  if (email && (await findUserByEmail(db, email))) throw new DuplicateUserError('email');
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  try {
    const { rows } = await db.query<UserRow>(
      `INSERT INTO users (user_id, username, email, first_name, last_name, affiliation, affiliation_address, password_hash, is_admin)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${columns}`,
      [
        input.user_id ?? randomUUID(),
        username,
        email,
        input.first_name?.trim() ?? '',
        input.last_name?.trim() ?? '',
        input.affiliation?.trim() || null,
        input.affiliation_address?.trim() || null,
        passwordHash,
        input.is_admin ?? false,
      ],
    );
    return toRecord(rows[0]!);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DuplicateUserError(
        `${error.constraint ?? error.message}`.includes('email') ? 'email' : 'username',
      );
    }
    throw error;
  }
};

/** The account a login ($1, normalised) names: the one with that username, else the one with that email. */
const BY_LOGIN = 'FROM users WHERE username = $1 OR email = $1 ORDER BY (username = $1) DESC LIMIT 1';

/**
 * The user with this username (or email) and password, or undefined. Unknown users cost as much time as a
 * wrong password, so the answer time does not tell which accounts exist.
 */
export const authenticateUser = async (
  db: Queryable,
  login: string,
  password: string,
): Promise<UserRecord | undefined> => {
  const { rows } = await db.query<UserRow & Columns<'users', 'password_hash'>>(
    `SELECT ${columns}, password_hash ${BY_LOGIN}`,
    [normalizeLogin(login)],
  );
  const row = rows[0];
  const ok = await verifyPassword(password, row?.password_hash ?? UNKNOWN_USER_PASSWORD_HASH);
  if (!row || !row.password_hash || !ok) return undefined;
  const { password_hash: _hash, ...user } = row;
  return toRecord(user);
};

/** The id of the account a login (username or email) names, as authenticateUser chooses it. */
export const userIdForLogin = async (db: Queryable, login: string): Promise<string | undefined> => {
  const { rows } = await db.query<Columns<'users', 'user_id'>>(`SELECT user_id ${BY_LOGIN}`, [
    normalizeLogin(login),
  ]);
  return rows[0]?.user_id;
};

/** Claims of an external provider's token that describe its user (Keycloak's standard claims). */
export interface UserClaims {
  sub: string;
  preferred_username?: string;
  email?: string;
  given_name?: string;
  family_name?: string;
}

/**
 * The user of an external provider's token, inserted at first sight. A username or email already taken by
 * another (local) account is not an error: the new row gets a suffixed username and no email.
 */
export const upsertUserFromClaims = async (db: Queryable, claims: UserClaims): Promise<UserRecord> => {
  const existing = await findUserById(db, claims.sub);
  if (existing) return existing;
  const base = normalizeLogin(claims.preferred_username ?? claims.email ?? claims.sub) || claims.sub;
  const candidate = {
    user_id: claims.sub,
    first_name: claims.given_name,
    last_name: claims.family_name,
  };
  const attempts: NewUser[] = [
    { ...candidate, username: base, email: claims.email },
    { ...candidate, username: `${base}-${claims.sub.slice(0, 8)}` },
  ];
  for (const attempt of attempts) {
    try {
      return await createUser(db, attempt);
    } catch (error) {
      if (!(error instanceof DuplicateUserError)) throw error;
      // A concurrent request may have inserted this very user meanwhile.
      const raced = await findUserById(db, claims.sub);
      if (raced) return raced;
    }
  }
  throw new Error(`Cannot register the user ${claims.sub} of the identity provider.`);
};

export const fullName = (user: Pick<UserRecord, 'first_name' | 'last_name' | 'username'>): string =>
  `${user.first_name} ${user.last_name}`.trim() || user.username;
