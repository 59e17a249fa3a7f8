import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openMigratedDatabase } from '../testing/database.ts';
import {
  authenticateUser,
  createUser,
  DuplicateUserError,
  findUserByEmail,
  findUsersByIds,
  searchUsers,
  upsertUserFromClaims,
} from './users.ts';
import { userToWire } from '../services/users-wire.ts';

describe('user store', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openMigratedDatabase();
  });
  afterAll(async () => db?.close());

  it('creates users with random ids and never hands out the password hash', async () => {
    const user = await createUser(db, {
      username: 'Erin',
      email: 'Erin@Example.org',
      first_name: 'Erin',
      last_name: 'Edwards',
      affiliation: 'FHI',
      password: 'erin-password',
    });
    expect(user.user_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.username).toBe('erin');
    expect(JSON.stringify(user)).not.toContain('scrypt');
    expect(userToWire(user, { includeEmail: false })).toEqual({
      user_id: user.user_id,
      name: 'Erin Edwards',
      first_name: 'Erin',
      last_name: 'Edwards',
      username: 'erin',
      affiliation: 'FHI',
      created: user.created,
      is_admin: false,
      is_oasis_admin: false,
    });
    expect(userToWire(user, { includeEmail: true }).email).toBe('erin@example.org');
    expect((await findUserByEmail(db, 'ERIN@example.org'))?.user_id).toBe(user.user_id);
  });

  it('refuses duplicate usernames and emails with a clear error', async () => {
    await createUser(db, { username: 'frank', email: 'frank@example.org' });
    await expect(createUser(db, { username: 'FRANK' })).rejects.toThrow(new DuplicateUserError('username'));
    await expect(createUser(db, { username: 'frank2', email: 'frank@example.org' })).rejects.toThrow(
      'Email already exists.',
    );
  });

  it('authenticates by username or email', async () => {
    await createUser(db, { username: 'gina', email: 'gina@example.org', password: 'gina-password' });
    expect((await authenticateUser(db, 'gina', 'gina-password'))?.username).toBe('gina');
    expect((await authenticateUser(db, 'GINA@example.org', 'gina-password'))?.username).toBe('gina');
    expect(await authenticateUser(db, 'gina', 'wrong')).toBeUndefined();
    expect(await authenticateUser(db, 'nobody', 'gina-password')).toBeUndefined();
  });

  it('searches by prefix of names, username and (when asked) email, case-insensitively', async () => {
    await createUser(db, {
      username: 'hscheidt',
      first_name: 'Hanna',
      last_name: 'Scheidt',
      email: 'hanna@lab.org',
    });
    const names = async (prefix: string, matchEmail = true) =>
      (await searchUsers(db, prefix, { matchEmail })).map((u) => u.username);
    expect(await names('schei')).toEqual(['hscheidt']);
    expect(await names('HANNA S')).toEqual(['hscheidt']);
    expect(await names('hsch')).toEqual(['hscheidt']);
    expect(await names('hanna@')).toEqual(['hscheidt']);
    expect(await names('hanna@', false)).toEqual([]);
    expect(await names('%')).toEqual([]);
  });

  it('finds users by ids in the order asked for', async () => {
    const a = await createUser(db, { username: 'ida' });
    const b = await createUser(db, { username: 'jon' });
    expect((await findUsersByIds(db, [b.user_id, 'missing', a.user_id])).map((u) => u.username)).toEqual([
      'jon',
      'ida',
    ]);
  });

  it('upserts users of an external provider, also when the username is taken', async () => {
    const first = await upsertUserFromClaims(db, {
      sub: 'kc-1',
      preferred_username: 'kim',
      email: 'kim@example.org',
      given_name: 'Kim',
    });
    expect(first).toMatchObject({
      user_id: 'kc-1',
      username: 'kim',
      email: 'kim@example.org',
      first_name: 'Kim',
    });
    expect((await upsertUserFromClaims(db, { sub: 'kc-1', preferred_username: 'kim' })).user_id).toBe('kc-1');
    const clash = await upsertUserFromClaims(db, {
      sub: 'kc-2-abcdef',
      preferred_username: 'kim',
      email: 'kim@example.org',
    });
    expect(clash.username).toBe('kim-kc-2-abc');
    expect(clash.email).toBeNull();
  });
});
