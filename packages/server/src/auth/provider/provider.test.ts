import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createUser } from '../../store/users.ts';
import { createKeyStore, rotateKeys } from '../keys.ts';
import { signRefreshToken } from '../tokens.ts';
import { storeRefreshToken } from './grants.ts';
import { formFields, pkcePair, TestBrowser, unescapeHtml } from './test-browser.ts';

interface TokenResponse {
  access_token: string;
  refresh_token: string;
  id_token?: string;
  token_type: string;
  expires_in: number;
  error?: string;
  error_description?: string;
}

describe('embedded OpenID Connect provider', () => {
  let server: TestServer;
  let realm: string;
  let redirectUri: string;

  const tokenRequest = async (fields: Record<string, string>) => {
    const response = await fetch(`${realm}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'nomad_public', ...fields }).toString(),
    });
    return { status: response.status, body: (await response.json()) as TokenResponse };
  };

  const authUrl = (challenge: string, extra: Record<string, string> = {}) =>
    `${realm}/protocol/openid-connect/auth?${new URLSearchParams({
      client_id: 'nomad_public',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid profile email',
      state: 'state-1',
      nonce: 'nonce-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...extra,
    }).toString()}`;

  /** GET auth -> login form -> POST with CSRF token -> the code from the redirect. */
  const login = async (
    browser: TestBrowser,
    challenge: string,
    username = 'carol',
    password = 'carol-password',
  ) => {
    const page = await browser.get(authUrl(challenge));
    expect(page.status).toBe(200);
    const { action, fields } = formFields(page.body);
    const posted = await browser.post(`${server.origin}${action}`, { ...fields, username, password });
    expect(posted.status).toBe(302);
    const location = new URL(posted.location!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('state-1');
    return location.searchParams.get('code')!;
  };

  beforeAll(async () => {
    server = await startTestServer();
    realm = `${server.origin}/nomad-oasis/keycloak/auth/realms/oasis`;
    redirectUri = `${server.origin}/nomad-oasis/gui/auth/callback`;
    await createUser(server.ctx.db, {
      username: 'carol',
      password: 'carol-password',
      email: 'carol@example.org',
      first_name: 'Carol',
      last_name: 'Cole',
    });
  });
  afterAll(async () => server?.close());

  it('publishes a discovery document and the signing key', async () => {
    const discovery = (await (await fetch(`${realm}/.well-known/openid-configuration`)).json()) as Record<
      string,
      string
    >;
    expect(discovery.issuer).toBe(realm);
    expect(discovery.authorization_endpoint).toBe(`${realm}/protocol/openid-connect/auth`);
    expect(discovery.token_endpoint).toBe(`${realm}/protocol/openid-connect/token`);
    const jwks = (await (await fetch(discovery.jwks_uri!)).json()) as { keys: Array<Record<string, string>> };
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]!.kid).toBeTruthy();
    expect(jwks.keys[0]!.d).toBeUndefined();
  });

  it('runs the authorization code flow with PKCE; the access token opens the API', async () => {
    const browser = new TestBrowser();
    const { verifier, challenge } = pkcePair();
    const page = await browser.get(authUrl(challenge));
    expect(page.body).toContain('Log in to NOMAD oasis');
    expect(page.body).toContain('Register');
    expect(page.response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const code = await login(browser, challenge);

    const { status, body } = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    expect(status).toBe(200);
    expect(body.token_type).toBe('Bearer');
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({
      iss: realm,
      azp: 'nomad_public',
      aud: 'account',
      typ: 'Bearer',
      preferred_username: 'carol',
      name: 'Carol Cole',
      email: 'carol@example.org',
    });
    expect(claims.exp! - claims.iat!).toBe(300);
    expect(decodeJwt(body.id_token!)).toMatchObject({
      aud: 'nomad_public',
      nonce: 'nonce-1',
      sub: claims.sub,
    });

    const me = await fetch(`${server.api}/users/me`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      username: 'carol',
      email: 'carol@example.org',
      user_id: claims.sub,
    });

    const userinfo = await fetch(`${realm}/protocol/openid-connect/userinfo`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(await userinfo.json()).toMatchObject({ sub: claims.sub, preferred_username: 'carol' });

    // The ID token is no access token.
    const withIdToken = await fetch(`${server.api}/users/me`, {
      headers: { authorization: `Bearer ${body.id_token}` },
    });
    expect(withIdToken.status).toBe(401);
  });

  it('refuses a wrong code_verifier and a second use of a code', async () => {
    const browser = new TestBrowser();
    const first = pkcePair();
    const code = await login(browser, first.challenge);
    const wrong = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: pkcePair().verifier,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');

    const second = pkcePair();
    // Within the SSO session the login form is skipped.
    const sso = await browser.get(authUrl(second.challenge));
    expect(sso.status).toBe(302);
    const code2 = new URL(sso.location!).searchParams.get('code')!;
    const exchange = {
      grant_type: 'authorization_code',
      code: code2,
      redirect_uri: redirectUri,
      code_verifier: second.verifier,
    };
    expect((await tokenRequest(exchange)).status).toBe(200);
    const reused = await tokenRequest(exchange);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
  });

  it('requires PKCE and shows the form again with prompt=login', async () => {
    const browser = new TestBrowser();
    const { challenge } = pkcePair();
    await login(browser, challenge);
    const forced = await browser.get(authUrl(challenge, { prompt: 'login' }));
    expect(forced.status).toBe(200);
    expect(forced.body).toContain('Log in to NOMAD oasis');

    const noPkce = await browser.get(authUrl(challenge).replace(/&code_challenge=[^&]*/, ''));
    expect(noPkce.status).toBe(302);
    expect(new URL(noPkce.location!).searchParams.get('error')).toBe('invalid_request');
  });

  it('rotates refresh tokens: a used refresh token is refused', async () => {
    const browser = new TestBrowser();
    const { verifier, challenge } = pkcePair();
    const code = await login(browser, challenge);
    const { body: tokens } = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
    // Refresh tokens are JWTs (as Keycloak's), which neither the API nor userinfo take as access tokens.
    const claims = decodeJwt(tokens.refresh_token);
    expect(claims).toMatchObject({ typ: 'Refresh', iss: realm, aud: realm, azp: 'nomad_public' });
    expect(claims.sub).toBe(decodeJwt(tokens.access_token).sub);
    const asBearer = { headers: { authorization: `Bearer ${refreshed.body.refresh_token}` } };
    expect((await fetch(`${server.api}/users/me`, asBearer)).status).toBe(401);
    expect((await fetch(`${realm}/protocol/openid-connect/userinfo`, asBearer)).status).toBe(401);
    // An access token is no refresh token either.
    expect(
      (await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshed.body.access_token }))
        .status,
    ).toBe(400);
    expect(decodeJwt(refreshed.body.access_token).sub).toBe(decodeJwt(tokens.access_token).sub);
    const replayed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(replayed.status).toBe(400);
    expect(replayed.body.error).toBe('invalid_grant');
    expect(
      (await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token }))
        .status,
    ).toBe(200);
  });

  it('takes a refresh token signed by a key another node rotated in', async () => {
    const { status, body } = await tokenRequest({
      grant_type: 'password',
      username: 'carol',
      password: 'carol-password',
    });
    expect(status).toBe(200);
    const claims = decodeJwt(body.refresh_token);
    // Another node rotates and signs with the new key; this server still holds the key set it read.
    const newKid = await rotateKeys(server.ctx.db, 3600);
    const other = await createKeyStore(server.ctx.db).keys();
    expect(other.signing.kid).toBe(newKid);
    const grant = { userId: claims.sub!, clientId: 'nomad_public', scope: 'openid', sid: String(claims.sid) };
    const token = await signRefreshToken(
      server.ctx.config,
      other.signing,
      { user_id: claims.sub! },
      {
        ...grant,
        jti: await storeRefreshToken(server.ctx.db, grant),
        expiresIn: 60,
      },
    );
    expect(decodeProtectedHeader(token).kid).toBe(newKid);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: token });
    expect(refreshed.status).toBe(200);
  });

  it('logout with an id_token_hint ends the session: its refresh tokens die and the form shows again', async () => {
    const browser = new TestBrowser();
    const { verifier, challenge } = pkcePair();
    const code = await login(browser, challenge);
    const { body: tokens } = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    const after = `${server.origin}/nomad-oasis/gui/about/information`;
    // As oidc-client-ts sends it on the GUI's logout.
    const loggedOut = await browser.get(
      `${realm}/protocol/openid-connect/logout?${new URLSearchParams({
        id_token_hint: tokens.id_token!,
        post_logout_redirect_uri: after,
        client_id: 'nomad_public',
      }).toString()}`,
    );
    expect(loggedOut.status).toBe(302);
    expect(loggedOut.location).toBe(after);
    expect(
      (await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).status,
    ).toBe(400);
    expect((await browser.get(authUrl(challenge))).status).toBe(200);

    const code2 = await login(browser, challenge);
    const { body: tokens2 } = await tokenRequest({
      grant_type: 'authorization_code',
      code: code2,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    const elsewhere = await browser.get(
      `${realm}/protocol/openid-connect/logout?${new URLSearchParams({
        id_token_hint: tokens2.id_token!,
        post_logout_redirect_uri: 'https://evil.example/',
      }).toString()}`,
    );
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toContain('You are logged out.');

    // Older adapters name the target redirect_uri; it is held to the same list.
    const legacy = await new TestBrowser().get(
      `${realm}/protocol/openid-connect/logout?${new URLSearchParams({ redirect_uri: after }).toString()}`,
    );
    expect(legacy.status).toBe(302);
    expect(legacy.location).toBe(after);
    const legacyForeign = await new TestBrowser().get(
      `${realm}/protocol/openid-connect/logout?redirect_uri=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(legacyForeign.status).toBe(200);
    expect(legacyForeign.location).toBeNull();
  });

  it('shows inline errors for a wrong password and a missing CSRF token', async () => {
    const browser = new TestBrowser();
    const { challenge } = pkcePair();
    const page = await browser.get(authUrl(challenge));
    const { action, fields } = formFields(page.body);
    const wrong = await browser.post(`${server.origin}${action}`, {
      ...fields,
      username: 'carol',
      password: 'nope',
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toContain('Invalid username or password.');
    // The hidden fields still carry the auth request.
    expect(formFields(wrong.body).fields.code_challenge).toBe(challenge);

    const stranger = new TestBrowser();
    const forged = await stranger.post(`${server.origin}${action}`, {
      ...fields,
      username: 'carol',
      password: 'carol-password',
    });
    expect(forged.status).toBe(400);
    expect(forged.location).toBeNull();
  });

  it('gives every form its own CSRF token, none of them the secret in the cookie, and takes any of them', async () => {
    const browser = new TestBrowser();
    const { challenge } = pkcePair();
    const first = formFields((await browser.get(authUrl(challenge))).body);
    const second = formFields((await browser.get(authUrl(challenge))).body);
    const secret = browser.cookies.get('OASIS_CSRF');
    // A token that changes with every page cannot be read off a compressed page a byte at a time (BREACH).
    expect(first.fields.csrf_token).not.toBe(second.fields.csrf_token);
    expect([first.fields.csrf_token, second.fields.csrf_token]).not.toContain(secret);
    // The older form still works: two tabs opened one after the other both log in.
    const posted = await browser.post(`${server.origin}${first.action}`, {
      ...first.fields,
      username: 'carol',
      password: 'carol-password',
    });
    expect(posted.status).toBe(302);
  });

  it('refuses unknown clients and foreign redirect URIs without redirecting', async () => {
    const browser = new TestBrowser();
    const { challenge } = pkcePair();
    const foreign = await browser.get(authUrl(challenge, { redirect_uri: 'https://evil.example/callback' }));
    expect(foreign.status).toBe(400);
    expect(foreign.location).toBeNull();
    expect(foreign.body).toContain('Invalid parameter: redirect_uri.');
    const unknown = await browser.get(authUrl(challenge, { client_id: 'somebody-else' }));
    expect(unknown.status).toBe(400);
    expect(unknown.location).toBeNull();
  });

  it('escapes values from the request in the pages', async () => {
    const browser = new TestBrowser();
    const { challenge } = pkcePair();
    const page = await browser.get(authUrl(challenge, { state: '"><script>alert(1)</script>' }));
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('<script>');
    expect(formFields(page.body).fields.state).toBe('"><script>alert(1)</script>');
  });

  it('registers a user, who is logged in and sent on through the flow', async () => {
    const browser = new TestBrowser();
    const { verifier, challenge } = pkcePair();
    const login = await browser.get(authUrl(challenge));
    const registerHref = unescapeHtml(/href="([^"]*registrations[^"]*)"/.exec(login.body)![1]!);
    const page = await browser.get(`${server.origin}${registerHref}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Register');
    expect(page.body).toContain('Back to login');
    const { action, fields } = formFields(page.body);
    const values = {
      ...fields,
      username: 'dave',
      email: 'dave@example.org',
      first_name: 'Dave',
      last_name: 'Doe',
      affiliation: 'Lab',
    };

    const mismatch = await browser.post(`${server.origin}${action}`, {
      ...values,
      password: 'dave-password',
      password_confirm: 'other-password',
    });
    expect(mismatch.body).toContain('Passwords do not match.');
    const taken = await browser.post(`${server.origin}${action}`, {
      ...values,
      username: 'carol',
      email: 'x@example.org',
      password: 'dave-password',
      password_confirm: 'dave-password',
    });
    expect(taken.body).toContain('Username already exists.');

    const done = await browser.post(`${server.origin}${action}`, {
      ...values,
      password: 'dave-password',
      password_confirm: 'dave-password',
    });
    expect(done.status).toBe(302);
    const code = new URL(done.location!).searchParams.get('code')!;
    const { status, body } = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    expect(status).toBe(200);
    expect(decodeJwt(body.access_token)).toMatchObject({
      preferred_username: 'dave',
      given_name: 'Dave',
      family_name: 'Doe',
    });

    const account = await browser.get(`${realm}/account`);
    expect(account.status).toBe(200);
    expect(account.body).toContain('dave@example.org');
    expect(account.body).toContain('/nomad-oasis/gui/');
  });

  it('supports the password grant', async () => {
    const ok = await tokenRequest({ grant_type: 'password', username: 'carol', password: 'carol-password' });
    expect(ok.status).toBe(200);
    expect(ok.body.refresh_token).toBeTruthy();
    const bad = await tokenRequest({ grant_type: 'password', username: 'carol', password: 'wrong' });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('invalid_grant');
  });
});
