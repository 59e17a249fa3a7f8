import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUser, type UserRecord } from '../store/users.ts';

describe('/users and /users/me', () => {
  let server: TestServer;
  let mia: UserRecord;
  let ned: UserRecord;
  const tokenOf = async (username: string, password: string) =>
    (
      (await (
        await fetch(`${server.api}/auth/token?${new URLSearchParams({ username, password }).toString()}`)
      ).json()) as { access_token: string }
    ).access_token;
  const get = async (path: string, token?: string) => {
    const response = await fetch(
      `${server.api}${path}`,
      token ? { headers: { authorization: `Bearer ${token}` } } : {},
    );
    return {
      status: response.status,
      body: (await response.json()) as { data: Array<Record<string, unknown>>; detail?: string },
    };
  };

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
    const { status, body } = await get('/users?prefix=sche');
    expect(status).toBe(200);
    expect(body.data.map((u) => u.username)).toEqual(['mia', 'ned']);
    expect(body.data[0]).toEqual({
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
    expect(
      (await get(`/users?user_id=${ned.user_id}&user_id=${mia.user_id}`)).body.data.map((u) => u.username),
    ).toEqual(['ned', 'mia']);
    expect((await get(`/users?user_id=${mia.user_id}`)).body.data).toHaveLength(1);
    expect((await get('/users?username=ned')).body.data[0]?.user_id).toBe(ned.user_id);
    const token = await tokenOf('mia', 'mia-password');
    expect((await get('/users?email=mia@example.org', token)).body.data[0]?.user_id).toBe(mia.user_id);
  });

  it('shows emails in listings to admins only, as NOMAD does', async () => {
    const asMia = (await get('/users?prefix=sche', await tokenOf('mia', 'mia-password'))).body.data;
    expect(asMia.map((u) => u.email)).toEqual([undefined, undefined]);
    const asNed = (await get('/users?prefix=sche', await tokenOf('ned', 'ned-password'))).body.data;
    expect(asNed.map((u) => u.email)).toEqual(['mia@example.org', 'ned@example.org']);
  });

  it('GET /users/me needs a valid token', async () => {
    expect((await get('/users/me')).status).toBe(401);
    const me = await get('/users/me', await tokenOf('mia', 'mia-password'));
    expect(me.body).toMatchObject({ user_id: mia.user_id, email: 'mia@example.org', is_admin: false });
  });

  it('answers invalid, foreign and expired tokens with 401 and a clear detail', async () => {
    const garbage = await get('/users/me', 'not-a-jwt');
    expect(garbage.status).toBe(401);
    expect(garbage.body.detail).toMatch(/Invalid token/);
    const realm = `${server.origin}/nomad-oasis/keycloak/auth/realms/oasis`;
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ typ: 'Bearer' })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(realm)
      .setSubject(mia.user_id)
      .setExpirationTime('5m')
      .sign(privateKey);
    expect((await get('/users/me', forged)).status).toBe(401);
    // Even a public endpoint refuses a bad token instead of silently treating the caller as anonymous.
    expect((await get('/users?prefix=x', forged)).status).toBe(401);
    const token = await tokenOf('mia', 'mia-password');
    const tampered = `${token.slice(0, -4)}AAAA`;
    expect((await get('/users/me', tampered)).status).toBe(401);
    const basic = await fetch(`${server.api}/users/me`, { headers: { authorization: 'Basic bWlhOm1pYQ==' } });
    expect(basic.status).toBe(401);
  });

  it('reads the token from the Authorization cookie for GET requests only', async () => {
    const token = await tokenOf('mia', 'mia-password');
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

  const meStatus = async (username: string) => {
    const { access_token: token } = (await (
      await fetch(`${server.api}/auth/token?username=${username}&password=${username}-password`)
    ).json()) as {
      access_token: string;
    };
    const response = await fetch(`${server.api}/users/me`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as { detail?: string } };
  };

  it('lets allowed users in, by username or email, and refuses the others', async () => {
    expect((await meStatus('olga')).status).toBe(200);
    expect((await meStatus('pat')).status).toBe(200);
    expect(await meStatus('quinn')).toEqual({
      status: 401,
      body: { detail: 'You are not allowed to access this NOMAD installation.' },
    });
  });
});
