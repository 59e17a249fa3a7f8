import type { UsersQuery } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import { apiClient, refusalOf } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUser, type UserRecord } from '../store/users.ts';

describe('/users and /users/me', () => {
  let server: TestServer;
  let mia: UserRecord;
  let ned: UserRecord;
  const tokenOf = async (username: string, password: string) =>
    (await apiClient(server).call('authToken', { query: { username, password } })).access_token;
  const find = async (query: UsersQuery, token?: string) =>
    (await apiClient(server, token).call('usersFind', { query })).data;
  const me = (token?: string) => apiClient(server, token).call('usersMe');

  beforeAll(async () => {
    server = await startTestServer();
    mia = await createUser(server.ctx.db, {
      username: 'mia',
      password: 'mia-password',
      email: 'mia@example.org',
      first_name: 'Mia',
      last_name: 'Scheidt',
      affiliation: 'FHI',
    });
    ned = await createUser(server.ctx.db, {
      username: 'ned',
      password: 'ned-password',
      email: 'ned@example.org',
      first_name: 'Ned',
      last_name: 'Schell',
      is_admin: true,
    });
  });
  afterAll(async () => server?.close());

  it('finds users by prefix, without their emails for anonymous callers', async () => {
    const data = await find({ prefix: 'sche' });
    expect(data.map((u) => u.username)).toEqual(['mia', 'ned']);
    expect(data[0]).toEqual({
      user_id: mia.user_id,
      name: 'Mia Scheidt',
      first_name: 'Mia',
      last_name: 'Scheidt',
      username: 'mia',
      affiliation: 'FHI',
      created: mia.created,
      is_admin: false,
      is_oasis_admin: false,
    });
  });

  it('finds users by repeated user_id, username and, when logged in, email', async () => {
    expect((await find({ user_id: [ned.user_id, mia.user_id] })).map((u) => u.username)).toEqual([
      'ned',
      'mia',
    ]);
    expect(await find({ user_id: [mia.user_id] })).toHaveLength(1);
    expect((await find({ username: 'ned' }))[0]?.user_id).toBe(ned.user_id);
    const token = await tokenOf('mia', 'mia-password');
    expect((await find({ email: 'mia@example.org' }, token))[0]?.user_id).toBe(mia.user_id);
  });

  it('shows emails in listings to admins only, as NOMAD does', async () => {
    const asMia = await find({ prefix: 'sche' }, await tokenOf('mia', 'mia-password'));
    expect(asMia.map((u) => u.email)).toEqual([undefined, undefined]);
    const asNed = await find({ prefix: 'sche' }, await tokenOf('ned', 'ned-password'));
    expect(asNed.map((u) => u.email)).toEqual(['mia@example.org', 'ned@example.org']);
  });

  it('GET /users/me needs a valid token', async () => {
    expect((await refusalOf(me()))[0]).toBe(401);
    expect(await me(await tokenOf('mia', 'mia-password'))).toMatchObject({
      user_id: mia.user_id,
      email: 'mia@example.org',
      is_admin: false,
    });
  });

  it('answers invalid, foreign and expired tokens with 401 and a clear detail', async () => {
    const [status, body] = await refusalOf(me('not-a-jwt'));
    expect(status).toBe(401);
    expect(body).toMatchObject({ detail: expect.stringMatching(/Invalid token/) });
    const realm = `${server.origin}/nomad-oasis/keycloak/auth/realms/oasis`;
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ typ: 'Bearer' })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(realm)
      .setSubject(mia.user_id)
      .setExpirationTime('5m')
      .sign(privateKey);
    expect((await refusalOf(me(forged)))[0]).toBe(401);
    // Even a public endpoint refuses a bad token instead of silently treating the caller as anonymous.
    expect((await refusalOf(find({ prefix: 'x' }, forged)))[0]).toBe(401);
    const token = await tokenOf('mia', 'mia-password');
    const tampered = `${token.slice(0, -4)}AAAA`;
    expect((await refusalOf(me(tampered)))[0]).toBe(401);
    // raw: a Basic authorization header, which the client never sends.
    const basic = await fetch(`${server.api}/users/me`, { headers: { authorization: 'Basic bWlhOm1pYQ==' } });
    expect(basic.status).toBe(401);
  });

  it('reads the token from the Authorization cookie for GET requests only', async () => {
    const token = await tokenOf('mia', 'mia-password');
    // raw: the token goes in a cookie, not in the client's Authorization header.
    const cookie = { cookie: `Authorization=${encodeURIComponent(`Bearer ${token}`)}` };
    expect((await fetch(`${server.api}/users/me`, { headers: cookie })).status).toBe(200);
    // A cross-site form could send the cookie along: state-changing methods ignore it.
    const post = await fetch(`${server.api}/uploads`, { method: 'POST', headers: cookie });
    expect(post.status).toBe(401);
  });
});

describe('/users/me in global-login mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ globalLoginRequired: true, allowedUsers: ['olga', 'pat@example.org'] });
    await createUser(server.ctx.db, { username: 'olga', password: 'olga-password' });
    await createUser(server.ctx.db, { username: 'pat', password: 'pat-password', email: 'pat@example.org' });
    await createUser(server.ctx.db, { username: 'quinn', password: 'quinn-password' });
  });
  afterAll(async () => server?.close());

  /** The token `username` logs in for. */
  const tokenOf = async (username: string) =>
    (await apiClient(server).call('authToken', { query: { username, password: `${username}-password` } }))
      .access_token;
  const me = (token: string) => apiClient(server, token).call('usersMe');

  it('lets allowed users in, by username or email, and refuses the others', async () => {
    expect((await me(await tokenOf('olga'))).username).toBe('olga');
    expect((await me(await tokenOf('pat'))).username).toBe('pat');
    expect(await refusalOf(me(await tokenOf('quinn')))).toEqual([
      401,
      { detail: 'You are not allowed to access this NOMAD installation.' },
    ]);
  });
});
