// Users, tokens and server info through their services, against the embedded database.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore, type KeyStore } from '../auth/keys.ts';
import { HttpError } from '../errors.ts';
import { createUser } from '../store/users.ts';
import { createCaller } from '../testing/callers.ts';
import { openServiceContext, type ServiceTestContext } from '../testing/service-context.ts';
import { createAppToken } from './app-tokens.ts';
import { accessTokenByPassword } from './auth-tokens.ts';
import { readServerInfo } from './info.ts';
import { findUsersFor, readOwnAccount } from './users.ts';

describe('accounts and tokens', () => {
  let service: ServiceTestContext;
  let keyStore: KeyStore;
  beforeAll(async () => {
    service = await openServiceContext({ config: { globalLoginRequired: true, allowedUsers: ['ADA'] } });
    keyStore = createKeyStore(service.ctx.db);
    await createUser(service.ctx.db, { username: 'ada', password: 'ada-password', email: 'ada@example.org' });
  });
  afterAll(async () => service?.close());

  it('signs an access token for the right password only', async () => {
    const login = (password: string) =>
      accessTokenByPassword(service.ctx, keyStore, { username: 'ADA', password, address: '192.0.2.1' });
    expect(decodeJwt(await login('ada-password')).preferred_username).toBe('ada');
    await expect(login('wrong')).rejects.toThrow(
      new HttpError(401, 'Failed to authenticate user. Wrong username or password.'),
    );
  });

  it('lets only the listed users in, in global-login mode', async () => {
    const [ada] = (await findUsersFor(service.ctx, undefined, { username: 'ada' })).users;
    const asAda = { user_id: ada!.user_id, username: 'ada', name: 'ada', is_admin: false };
    expect((await readOwnAccount(service.ctx, asAda)).email).toBe('ada@example.org');
    await expect(readOwnAccount(service.ctx, await createCaller(service.ctx.db, 'cleo'))).rejects.toThrow(
      new HttpError(401, 'You are not allowed to access this NOMAD installation.'),
    );
  });

  it('creates app tokens from access tokens only, for at most 30 days', async () => {
    const caller = await createCaller(service.ctx.db, 'bea');
    const token = await createAppToken(service.ctx, keyStore, caller, 3600);
    expect(decodeJwt(token)).toMatchObject({ sub: caller.user_id, typ: 'AppToken' });
    await expect(
      createAppToken(service.ctx, keyStore, { ...caller, appToken: true }, 60),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(createAppToken(service.ctx, keyStore, caller, 2592001)).rejects.toMatchObject({
      statusCode: 422,
    });
    await expect(createAppToken(service.ctx, keyStore, undefined, 60)).rejects.toMatchObject({
      statusCode: 401,
    });
  });

  it('shows emails to admins only, and lists users to logged-in callers only', async () => {
    const admin = await createCaller(service.ctx.db, 'root', { isAdmin: true });
    expect((await findUsersFor(service.ctx, admin, { prefix: 'ad' })).includeEmail).toBe(true);
    const anonymous = await findUsersFor(service.ctx, undefined, { prefix: 'ad' });
    expect(anonymous).toMatchObject({ includeEmail: false, users: [{ username: 'ada' }] });
    await expect(findUsersFor(service.ctx, undefined, {})).rejects.toMatchObject({ statusCode: 401 });
  });

  it('counts only published data in the server info', async () => {
    const info = await readServerInfo(service.ctx);
    expect(info.statistics).toMatchObject({ n_entries: 0, n_uploads: 0, n_materials: 0 });
    expect(info.statistics.n_users).toBeGreaterThan(0);
    expect(info.parsers.length).toBeGreaterThan(0);
  });
});
