import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUser, findUserById } from '../store/users.ts';

/**
 * An installation configured with an external Keycloak. A second oasis plays Keycloak: its embedded provider
 * has the same path layout, so this exercises the real remote-JWKS code path without any mock.
 */
describe('with an external Keycloak', () => {
  let idp: TestServer;
  let oasis: TestServer;

  beforeAll(async () => {
    idp = await startTestServer();
    await createUser(idp.ctx.db, {
      username: 'sam',
      password: 'sam-password',
      email: 'sam@example.org',
      first_name: 'Sam',
      last_name: 'Stone',
    });
    oasis = await startTestServer({
      keycloak: {
        serverUrl: `${idp.origin}/nomad-oasis/keycloak/auth/`,
        realm: 'oasis',
        clientId: 'nomad_public',
      },
    });
  });
  afterAll(async () => {
    await oasis?.close();
    await idp?.close();
  });

  it('does not run the embedded provider', async () => {
    const response = await fetch(
      `${oasis.origin}/nomad-oasis/keycloak/auth/realms/oasis/.well-known/openid-configuration`,
    );
    expect(response.status).toBe(404);
  });

  it("gets tokens by Keycloak's password grant, verifies them by its JWKS and registers the user", async () => {
    const tokenResponse = await fetch(`${oasis.api}/auth/token?username=sam&password=sam-password`);
    expect(tokenResponse.status).toBe(200);
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const me = await fetch(`${oasis.api}/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    const user = (await me.json()) as { user_id: string; username: string; email: string; name: string };
    expect(user).toMatchObject({ username: 'sam', email: 'sam@example.org', name: 'Sam Stone' });
    expect(await findUserById(oasis.ctx.db, user.user_id)).toBeDefined();
    expect((await fetch(`${oasis.api}/auth/token?username=sam&password=wrong`)).status).toBe(401);
  });

  it("issues app tokens signed by the installation's own key", async () => {
    const { access_token: token } = (await (
      await fetch(`${oasis.api}/auth/token?username=sam&password=sam-password`)
    ).json()) as {
      access_token: string;
    };
    const { app_token: appToken } = (await (
      await fetch(`${oasis.api}/auth/app_token?expires_in=600`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { app_token: string };
    expect(
      (await fetch(`${oasis.api}/users/me`, { headers: { authorization: `Bearer ${appToken}` } })).status,
    ).toBe(200);
  });
});
