import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUser } from '../store/users.ts';

describe('/auth/token and /auth/app_token', () => {
  let server: TestServer;
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    server = await startTestServer();
    await createUser(server.ctx.db, {
      username: 'lena',
      password: 'lena-password',
      first_name: 'Lena',
      last_name: 'Lang',
    });
  });
  afterAll(async () => server?.close());

  it('GET /auth/token exchanges username and password for a bearer token', async () => {
    const response = await fetch(`${server.api}/auth/token?username=lena&password=lena-password`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { access_token: string; token_type: string };
    expect(body.token_type).toBe('bearer');
    expect(decodeJwt(body.access_token)).toMatchObject({
      iss: `${server.origin}/nomad-oasis/keycloak/auth/realms/oasis`,
      preferred_username: 'lena',
    });
    expect((await fetch(`${server.api}/users/me`, bearer(body.access_token))).status).toBe(200);
  });

  it('POST /auth/token takes form fields and JSON', async () => {
    const form = await fetch(`${server.api}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&username=lena&password=lena-password',
    });
    expect(form.status).toBe(200);
    const json = await fetch(`${server.api}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'lena', password: 'lena-password' }),
    });
    expect(json.status).toBe(200);
  });

  it('answers wrong credentials with 401 and a detail', async () => {
    const response = await fetch(`${server.api}/auth/token?username=lena&password=wrong`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      detail: 'Failed to authenticate user. Wrong username or password.',
    });
    expect((await fetch(`${server.api}/auth/token?username=nobody&password=x`)).status).toBe(401);
  });

  it('issues app tokens to logged-in users, up to 30 days by default', async () => {
    const { access_token: token } = (await (
      await fetch(`${server.api}/auth/token?username=lena&password=lena-password`)
    ).json()) as {
      access_token: string;
    };
    expect((await fetch(`${server.api}/auth/app_token?expires_in=60`)).status).toBe(401);
    const tooLong = await fetch(`${server.api}/auth/app_token?expires_in=2592001`, bearer(token));
    expect(tooLong.status).toBe(422);
    expect(await tooLong.json()).toMatchObject({ detail: [{ ctx: { limit_value: 2592000 } }] });
    const response = await fetch(`${server.api}/auth/app_token?expires_in=3600`, bearer(token));
    expect(response.status).toBe(200);
    const { app_token: appToken } = (await response.json()) as { app_token: string };
    const claims = decodeJwt(appToken);
    expect(claims.exp! - claims.iat!).toBe(3600);
    const me = await fetch(`${server.api}/users/me`, bearer(appToken));
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: 'lena' });
  });

  it('documents the routes in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${server.api}/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/auth/token', '/auth/app_token', '/users', '/users/me']),
    );
  });
});
