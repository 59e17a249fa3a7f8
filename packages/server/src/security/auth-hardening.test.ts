import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginLimits } from '../config/config.ts';
import { formFields, pkcePair, TestBrowser } from '../auth/provider/test-browser.ts';
import { createUser } from '../store/users.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { as, json } from '../testing/http.ts';

const limits = (overrides: Partial<LoginLimits>): LoginLimits => ({
  accountFailures: 5,
  accountTotalFailures: 100,
  addressFailures: 20,
  windowSeconds: 60,
  baseDelaySeconds: 1,
  maxDelaySeconds: 2,
  maxEntries: 1000,
  ...overrides,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const realmOf = (server: TestServer) => `${server.origin}/nomad-oasis/keycloak/auth/realms/oasis`;

const authUrl = (server: TestServer, challenge: string, extra: Record<string, string> = {}) =>
  `${realmOf(server)}/protocol/openid-connect/auth?${new URLSearchParams({
    client_id: 'nomad_public',
    redirect_uri: `${server.origin}/nomad-oasis/gui/auth/callback`,
    response_type: 'code',
    scope: 'openid profile email',
    state: 'state-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  }).toString()}`;

const tokenEndpoint = (server: TestServer, fields: Record<string, string>) =>
  fetch(`${realmOf(server)}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'nomad_public', ...fields }).toString(),
  });

const passwordToken = (server: TestServer, username: string, password: string) =>
  fetch(`${server.api}/auth/token?${new URLSearchParams({ username, password }).toString()}`);

describe('login back-off per account on every password path', () => {
  let server: TestServer;
  const log: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(
      { loginLimits: limits({ accountFailures: 3, addressFailures: 1000 }) },
      { logStream: { write: (line) => void log.push(line) } },
    );
    for (const username of ['ada', 'ben', 'cyd', 'dan', 'dave']) {
      await createUser(server.ctx.db, {
        username,
        password: `${username}-password`,
        email: `${username}@example.org`,
      });
    }
  });
  afterAll(async () => server?.close());

  it('GET /auth/token: 429 with Retry-After after 3 failures, doubling, and reset by a success', async () => {
    for (let i = 0; i < 3; i++) expect((await passwordToken(server, 'ada', 'wrong')).status).toBe(401);
    const limited = await passwordToken(server, 'ada', 'ada-password');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toEqual({
      detail: 'Too many failed login attempts. Please try again in 1 second.',
    });
    await sleep(1100);
    expect((await passwordToken(server, 'ADA', 'wrong')).status).toBe(401);
    const doubled = await passwordToken(server, 'ada', 'ada-password');
    expect(doubled.status).toBe(429);
    expect(doubled.headers.get('retry-after')).toBe('2');
    await sleep(2100);
    expect((await passwordToken(server, 'ada', 'ada-password')).status).toBe(200);
    // The success cleared the account's failures.
    expect((await passwordToken(server, 'ada', 'wrong')).status).toBe(401);
    expect((await passwordToken(server, 'ada', 'ada-password')).status).toBe(200);
  });

  it('counts the username and the email of one account as one account', async () => {
    for (let i = 0; i < 3; i++) expect((await passwordToken(server, 'dave', 'wrong')).status).toBe(401);
    const limited = await passwordToken(server, 'dave@example.org', 'dave-password');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
  });

  it('POST /auth/token counts as well', async () => {
    const post = (password: string) =>
      fetch(`${server.api}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'ben', password }),
      });
    for (let i = 0; i < 3; i++) expect((await post('wrong')).status).toBe(401);
    const limited = await post('ben-password');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
  });

  it("the provider's login form answers 429 with the form and a message", async () => {
    const browser = new TestBrowser();
    const page = await browser.get(authUrl(server, pkcePair().challenge));
    const { action, fields } = formFields(page.body);
    const submit = (password: string) =>
      browser.post(`${server.origin}${action}`, { ...fields, username: 'cyd', password });
    for (let i = 0; i < 3; i++) {
      const wrong = await submit('wrong');
      expect(wrong.status).toBe(200);
      expect(wrong.body).toContain('Invalid username or password.');
    }
    const limited = await submit('cyd-password');
    expect(limited.status).toBe(429);
    expect(limited.response.headers.get('retry-after')).toBe('1');
    expect(limited.body).toContain('Too many failed login attempts. Please try again in 1 second.');
    expect(limited.location).toBeNull();
  });

  it("the token endpoint's password grant answers 429 with an OAuth error", async () => {
    const grant = (password: string) =>
      tokenEndpoint(server, { grant_type: 'password', username: 'dan', password });
    for (let i = 0; i < 3; i++) expect((await grant('wrong')).status).toBe(401);
    const limited = await grant('dan-password');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('logs no passwords, tokens or codes', async () => {
    const secret = 'Secret-Pw-123';
    await passwordToken(server, 'ada', secret);
    await fetch(`${server.api}/users/me`, { headers: { authorization: 'Bearer Sekret.Token.Value' } });
    await fetch(
      `${realmOf(server)}/protocol/openid-connect/logout?id_token_hint=Hint.Secret.Value&state=visible`,
    );
    await fetch(`${server.origin}/nomad-oasis/gui/auth/callback?code=Code-Secret-Value&state=s`);
    await tokenEndpoint(server, { grant_type: 'refresh_token', refresh_token: 'Refresh-Secret-Value' });
    await sleep(100);
    const text = log.join('');
    expect(text).toContain('/auth/token?username=ada&password=[REDACTED]');
    expect(text).toContain('id_token_hint=[REDACTED]&state=visible');
    expect(text).toContain('code=[REDACTED]&state=s');
    for (const leaked of [
      secret,
      'Sekret.Token.Value',
      'Hint.Secret.Value',
      'Code-Secret-Value',
      'Refresh-Secret-Value',
      'ada-password',
      'cyd-password',
    ]) {
      expect(text).not.toContain(leaked);
    }
    expect(text.toLowerCase()).not.toContain('authorization');
  });
});

describe('login back-off of an account guessed at from elsewhere', () => {
  let server: TestServer;

  beforeAll(async () => {
    // Behind a proxy that names the clients, so that the test can be several clients.
    server = await startTestServer({
      trustProxy: true,
      loginLimits: limits({
        accountFailures: 3,
        accountTotalFailures: 9,
        addressFailures: 1000,
        baseDelaySeconds: 60,
        maxDelaySeconds: 60,
      }),
    });
    await createUser(server.ctx.db, { username: 'gil', password: 'gil-password', email: 'gil@example.org' });
  });
  afterAll(async () => server?.close());

  const from = (address: string, username: string, password: string) =>
    fetch(`${server.api}/auth/token?${new URLSearchParams({ username, password }).toString()}`, {
      headers: { 'x-forwarded-for': address },
    });

  it('a stranger at one address cannot lock the owner out; only many addresses delay the account', async () => {
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.9', 'gil', 'guess')).status).toBe(401);
    expect((await from('203.0.113.9', 'gil', 'gil-password')).status).toBe(429);
    // The owner, at home, logs in.
    expect((await from('198.51.100.4', 'gil', 'gil-password')).status).toBe(200);
    // Three addresses with three failures each reach the account's total: now every address waits.
    for (const address of ['203.0.113.10', '203.0.113.11'])
      for (let i = 0; i < 3; i++) expect((await from(address, 'gil', 'guess')).status).toBe(401);
    const limited = await from('198.51.100.4', 'gil', 'gil-password');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(50);
  });
});

describe('login back-off per client address', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({
      loginLimits: limits({
        accountFailures: 1000,
        addressFailures: 4,
        baseDelaySeconds: 60,
        maxDelaySeconds: 60,
      }),
    });
    token = await createUserWithToken(server, 'eve');
  });
  afterAll(async () => server?.close());

  it('counts failures of all paths and accounts from one address, app_token and refresh included', async () => {
    const appToken = (bearer: string) => fetch(`${server.api}/auth/app_token?expires_in=60`, as(bearer));
    expect((await appToken('not-a-token')).status).toBe(401);
    expect((await appToken(`${token.slice(0, -4)}AAAA`)).status).toBe(401);
    expect(
      (await tokenEndpoint(server, { grant_type: 'refresh_token', refresh_token: 'guessed' })).status,
    ).toBe(400);
    expect((await passwordToken(server, 'somebody', 'guess')).status).toBe(401);

    const limitedLogin = await passwordToken(server, 'eve', 'eve-password');
    expect(limitedLogin.status).toBe(429);
    expect(Number(limitedLogin.headers.get('retry-after'))).toBeGreaterThan(50);
    const limitedAppToken = await appToken(token);
    expect(limitedAppToken.status).toBe(429);
    expect(limitedAppToken.headers.get('retry-after')).toBeTruthy();
    const limitedRefresh = await tokenEndpoint(server, {
      grant_type: 'refresh_token',
      refresh_token: 'guessed',
    });
    expect(limitedRefresh.status).toBe(429);
    // Other endpoints do not care.
    expect((await fetch(`${server.api}/users/me`, as(token))).status).toBe(200);
  });
});

describe('tokens, redirects, logout and the user directory', () => {
  let server: TestServer;
  let token: string;
  let realm: string;
  const callback = () => `${server.origin}/nomad-oasis/gui/auth/callback`;

  beforeAll(async () => {
    server = await startTestServer();
    realm = realmOf(server);
    token = await createUserWithToken(server, 'fay');
    await createUser(server.ctx.db, {
      username: 'gus',
      password: 'gus-password',
      email: 'gus@example.org',
      first_name: 'Gus',
      last_name: 'Grant',
    });
  });
  afterAll(async () => server?.close());

  it('does not let an app token create app tokens', async () => {
    const minted = await fetch(`${server.api}/auth/app_token?expires_in=600`, as(token));
    expect(minted.status).toBe(200);
    const { app_token: appToken } = await json<{ app_token: string }>(minted);
    expect((await fetch(`${server.api}/users/me`, as(appToken))).status).toBe(200);
    const again = await fetch(`${server.api}/auth/app_token?expires_in=600`, as(appToken));
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({
      detail:
        'App tokens cannot create app tokens. Authenticate with an access token (log in, or use /auth/token).',
    });
  });

  it('accepts only configured redirect URIs, compared after normalising', async () => {
    const { challenge } = pkcePair();
    const browser = new TestBrowser();
    for (const redirect_uri of [
      `${server.origin}/nomad-oasis/api/v1/info`,
      `${server.origin}/nomad-oasis/gui/../api/v1/info`,
      `${server.origin}/nomad-oasis/gui%2F..%2F..%2Fapi`,
      `${server.origin}/nomad-oasis/guievil`,
      `${server.origin}/nomad-oasis/gui/auth/callback#fragment`,
      `https://evil.example/nomad-oasis/gui/auth/callback`,
    ]) {
      const refused = await browser.get(authUrl(server, challenge, { redirect_uri }));
      expect(refused.status, redirect_uri).toBe(400);
      expect(refused.location, redirect_uri).toBeNull();
      expect(refused.body).toContain('Invalid parameter: redirect_uri.');
    }
    // The GUI's callback, and NOMAD's GUI, which comes back to the page it started from.
    for (const redirect_uri of [callback(), `${server.origin}/nomad-oasis/gui/search/entries?x=1`]) {
      expect((await browser.get(authUrl(server, challenge, { redirect_uri }))).status, redirect_uri).toBe(
        200,
      );
    }
  });

  it('honours configured redirect URIs: exact ones and prefixes ending in *', async () => {
    const other = await startTestServer({
      redirectUris: ['https://app.example.org/callback', 'http://localhost:3000/nomad-oasis/gui/*'],
    });
    try {
      const { challenge } = pkcePair();
      const browser = new TestBrowser();
      const status = async (redirect_uri: string) =>
        (await browser.get(authUrl(other, challenge, { redirect_uri }))).status;
      expect(await status('https://app.example.org/callback')).toBe(200);
      expect(await status('https://app.example.org/callback/more')).toBe(400);
      expect(await status('http://localhost:3000/nomad-oasis/gui/auth/callback')).toBe(200);
      expect(await status(`${other.origin}/nomad-oasis/gui/auth/callback`)).toBe(400);
      // The login form may post on to where the redirect leads.
      const page = await browser.get(
        authUrl(other, challenge, { redirect_uri: 'https://app.example.org/callback' }),
      );
      expect(page.response.headers.get('content-security-policy')).toContain(
        `form-action 'self' ${other.origin} https://app.example.org http://localhost:3000;`,
      );
    } finally {
      await other.close();
    }
  });

  it('answers silent renewal (prompt=none) with redirects only, so the provider pages may refuse frames', async () => {
    const browser = new TestBrowser();
    const { challenge } = pkcePair();
    const anonymous = await browser.get(authUrl(server, challenge, { prompt: 'none' }));
    expect(anonymous.status).toBe(302);
    expect(new URL(anonymous.location!).searchParams.get('error')).toBe('login_required');
    const page = await browser.get(authUrl(server, challenge));
    const { action, fields } = formFields(page.body);
    await browser.post(`${server.origin}${action}`, { ...fields, username: 'gus', password: 'gus-password' });
    const renewed = await browser.get(authUrl(server, challenge, { prompt: 'none' }));
    expect(renewed.status).toBe(302);
    expect(renewed.response.headers.get('content-security-policy')).toBeNull();
    expect(new URL(renewed.location!).searchParams.get('code')).toBeTruthy();
  });

  it('logs out only by the POST of its confirmation form or with a valid id_token_hint', async () => {
    const browser = new TestBrowser();
    const { challenge } = pkcePair();
    const page = await browser.get(authUrl(server, challenge));
    const login = formFields(page.body);
    await browser.post(`${server.origin}${login.action}`, {
      ...login.fields,
      username: 'gus',
      password: 'gus-password',
    });
    const loggedIn = async () => (await browser.get(authUrl(server, challenge))).status === 302;
    expect(await loggedIn()).toBe(true);

    const after = `${server.origin}/nomad-oasis/gui/about/information`;
    const link = `${realm}/protocol/openid-connect/logout?post_logout_redirect_uri=${encodeURIComponent(after)}`;
    const asked = await browser.get(link);
    expect(asked.status).toBe(200);
    expect(asked.body).toContain('Do you want to log out?');
    expect(await loggedIn()).toBe(true);

    const form = formFields(asked.body);
    expect(form.action).toBe(new URL(`${realm}/protocol/openid-connect/logout`).pathname);
    expect(form.fields.post_logout_redirect_uri).toBe(after);
    // A form posted from elsewhere has no CSRF token: asked again, still logged in.
    const forged = await browser.post(`${server.origin}${form.action}`, { post_logout_redirect_uri: after });
    expect(forged.status).toBe(200);
    expect(forged.body).toContain('Do you want to log out?');
    expect(await loggedIn()).toBe(true);

    const invalidHint = await browser.get(`${link}&id_token_hint=not-a-token`);
    expect(invalidHint.status).toBe(400);
    expect(await loggedIn()).toBe(true);

    const confirmed = await browser.post(`${server.origin}${form.action}`, form.fields);
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toBe(after);
    expect(await loggedIn()).toBe(false);
  });

  it("shows the account page's logout as a POST form", async () => {
    const browser = new TestBrowser();
    const page = await browser.get(authUrl(server, pkcePair().challenge));
    const login = formFields(page.body);
    await browser.post(`${server.origin}${login.action}`, {
      ...login.fields,
      username: 'gus',
      password: 'gus-password',
    });
    const account = await browser.get(`${realm}/account`);
    expect(account.status).toBe(200);
    expect(account.body).toMatch(/<form method="post" action="[^"]*\/protocol\/openid-connect\/logout"/);
    expect(account.body).not.toMatch(/href="[^"]*logout/);
    const form = formFields(account.body);
    const done = await browser.post(`${server.origin}${form.action}`, form.fields);
    expect(done.status).toBe(302);
    expect(done.location).toBe(`${server.origin}/nomad-oasis/gui/`);
  });

  it('shows anonymous callers no emails, no lookup by email and no full list', async () => {
    const byName = await json<{ data: Array<Record<string, unknown>> }>(
      await fetch(`${server.api}/users?prefix=gra`),
    );
    expect(byName.data.map((u) => u.username)).toEqual(['gus']);
    expect(byName.data[0]).not.toHaveProperty('email');
    const byEmailPrefix = await json<{ data: unknown[] }>(await fetch(`${server.api}/users?prefix=gus@`));
    expect(byEmailPrefix.data).toEqual([]);

    const byEmail = await fetch(`${server.api}/users?email=gus@example.org`);
    expect(byEmail.status).toBe(401);
    expect(await byEmail.json()).toEqual({ detail: 'Finding users by email requires login.' });
    expect((await fetch(`${server.api}/users`)).status).toBe(401);
    expect((await fetch(`${server.api}/users?prefix=`)).status).toBe(401);

    // Logged-in users may look up by email, but see no emails of others either.
    const found = await json<{ data: Array<Record<string, unknown>> }>(
      await fetch(`${server.api}/users?email=gus@example.org`, as(token)),
    );
    expect(found.data.map((u) => u.username)).toEqual(['gus']);
    expect(found.data[0]).not.toHaveProperty('email');
  });
});
