import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createUser } from '../../store/users.ts';
import { startKeycloakJsGui, type KeycloakJsGui } from './keycloak-js-gui.ts';

/** What the page shows once keycloak-js's `init` settled. */
interface Outcome {
  authenticated?: boolean;
  token?: string | null;
  refreshToken?: string | null;
  sessionId?: string | null;
  error?: string;
}

interface Navigation {
  url: string;
  status: number;
  location?: string;
}

/** The page's global `keycloak` (this package has no DOM types; the functions run in the page). */
interface Gui {
  keycloak: {
    token?: string;
    refreshToken?: string;
    refreshTokenParsed?: Record<string, unknown>;
    authenticated?: boolean;
    updateToken(minValidity: number): Promise<boolean>;
    loadUserInfo(): Promise<Record<string, unknown>>;
    loadUserProfile(): Promise<Record<string, unknown>>;
    createAccountUrl(): string;
    createLogoutUrl(): string;
    createRegisterUrl(): string;
  };
}

/**
 * keycloak-js 25, the client library of NOMAD's own GUI, in a real Chromium against the embedded provider:
 * the GUI page is served from another loopback origin, as a GUI deployed apart from the oasis server.
 */
describe('keycloak-js against the embedded provider', () => {
  let server: TestServer;
  let gui: KeycloakJsGui;
  let browser: Browser;
  let realm: string;

  beforeAll(async () => {
    gui = await startKeycloakJsGui();
    server = await startTestServer({ redirectUris: ['/nomad-oasis/gui/*', `${gui.origin}/app/*`] });
    gui.useAuthServer(`${server.origin}/nomad-oasis/keycloak/auth`);
    realm = `${server.origin}/nomad-oasis/keycloak/auth/realms/oasis`;
    await createUser(server.ctx.db, {
      username: 'kim',
      password: 'kim-password',
      email: 'kim@example.org',
      first_name: 'Kim',
      last_name: 'Kurz',
      affiliation: 'Lab K',
    });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await gui?.close();
  });

  /** The page's documents (main frame only) from the provider, with their status and redirect target. */
  const recordProviderDocuments = (page: Page): Navigation[] => {
    const seen: Navigation[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
      if (!response.url().startsWith(server.origin)) return;
      seen.push({ url: response.url(), status: response.status(), location: response.headers().location });
    });
    return seen;
  };

  /** Every response the page and its frames got from the provider. */
  const recordProviderResponses = (page: Page): Navigation[] => {
    const seen: Navigation[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(server.origin))
        seen.push({ url: response.url(), status: response.status() });
    });
    return seen;
  };

  /**
   * The outcome of the page's init once it shows `authenticated` as expected (or an error): a page that is
   * navigating away may still show the previous one.
   */
  const outcome = async (page: Page, authenticated: boolean): Promise<Outcome> => {
    const text = await page
      .locator('#result[data-done="true"]', {
        hasText: new RegExp(`"authenticated":${authenticated}|"error"`),
      })
      .textContent({ timeout: 20_000 });
    return JSON.parse(text ?? '{}') as Outcome;
  };

  const usersMe = (token: string) =>
    fetch(`${server.api}/users/me`, { headers: { authorization: `Bearer ${token}` } });

  const refresh = (refreshToken: string) =>
    fetch(`${realm}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: 'nomad_public',
      }).toString(),
    });

  /** Clicks the page's login button and submits the provider's form; returns the form's redirect. */
  const logInThroughForm = async (page: Page, documents: Navigation[]) => {
    await page.click('#login');
    await page.waitForURL((url) => url.href.startsWith(`${realm}/protocol/openid-connect/auth`));
    expect(await page.locator('h1').textContent()).toBe('Log in to NOMAD oasis');
    await page.fill('#username', 'kim');
    await page.fill('#password', 'kim-password');
    await page.click('button[type="submit"]');
    await page.waitForURL((url) => url.href.startsWith(gui.origin));
    const posted = documents.find(
      (d) => d.url.startsWith(`${realm}/protocol/openid-connect/auth`) && d.location,
    );
    expect(posted?.status).toBe(302);
    return posted!.location!;
  };

  const open = async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    return { context, page, documents: recordProviderDocuments(page) };
  };

  it('logs in, refreshes, finds the session again and logs out as NOMAD GUI does (check-sso, PKCE)', async () => {
    const pageUrl = gui.pageUrl('nomad');
    const { context, page, documents } = await open();
    try {
      // No session: the prompt=none round trip comes back with login_required, never a provider page.
      await page.goto(pageUrl);
      expect(await outcome(page, false)).toEqual({
        authenticated: false,
        token: null,
        refreshToken: null,
        sessionId: null,
      });
      expect(documents.map((d) => d.status)).toEqual([302]);
      const silent = new URL(documents[0]!.url);
      expect(silent.searchParams.get('prompt')).toBe('none');
      expect(silent.searchParams.get('code_challenge_method')).toBe('S256');
      expect(silent.searchParams.get('response_mode')).toBe('fragment');
      expect(documents[0]!.location).toMatch(
        new RegExp(`^${pageUrl.replace(/[.]/g, '\\.')}#error=login_required&state=[0-9a-f-]{36}$`),
      );
      // keycloak-js took its parameters out of the address again.
      expect(page.url()).toBe(pageUrl);

      // Login through the provider's form: the code comes back in the fragment, state first.
      documents.length = 0;
      const callback = new URL(await logInThroughForm(page, documents));
      expect(`${callback.origin}${callback.pathname}`).toBe(pageUrl);
      const fragment = new URLSearchParams(callback.hash.slice(1));
      expect([...fragment.keys()]).toEqual(['state', 'session_state', 'iss', 'code']);
      expect(fragment.get('iss')).toBe(realm);
      const loggedIn = await outcome(page, true);
      expect(loggedIn.error).toBeUndefined();
      expect(loggedIn.authenticated).toBe(true);
      expect(loggedIn.sessionId).toBe(fragment.get('session_state'));
      const me = await usersMe(loggedIn.token!);
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ username: 'kim', email: 'kim@example.org' });

      // The refresh token is a JWT keycloak-js decodes (typ Refresh, 30 days), and no access token.
      const refreshClaims = await page.evaluate(
        () => (globalThis as unknown as Gui).keycloak.refreshTokenParsed,
      );
      expect(refreshClaims).toMatchObject({ typ: 'Refresh', iss: realm, azp: 'nomad_public' });
      expect(Number(refreshClaims!.exp) - Number(refreshClaims!.iat)).toBe(30 * 24 * 3600);
      expect((await usersMe(loggedIn.refreshToken!)).status).toBe(401);
      const userinfoWithRefresh = await fetch(`${realm}/protocol/openid-connect/userinfo`, {
        headers: { authorization: `Bearer ${loggedIn.refreshToken}` },
      });
      expect(userinfoWithRefresh.status).toBe(401);

      // What NOMAD's GUI loads with the token, from its own origin (CORS preflights included).
      const profiles = await page.evaluate(async () => {
        const { keycloak } = globalThis as unknown as Gui;
        return { userInfo: await keycloak.loadUserInfo(), profile: await keycloak.loadUserProfile() };
      });
      expect(profiles.userInfo).toMatchObject({
        sub: decodeJwt(loggedIn.token!).sub,
        preferred_username: 'kim',
      });
      expect(profiles.profile).toMatchObject({
        username: 'kim',
        firstName: 'Kim',
        lastName: 'Kurz',
        email: 'kim@example.org',
        attributes: { affiliation: ['Lab K'] },
      });

      // updateToken(-1): the token endpoint answers keycloak-js's credentialed XHR from the GUI's origin.
      const renewed = await page.evaluate(async () => {
        const { keycloak } = globalThis as unknown as Gui;
        const refreshed = await keycloak.updateToken(-1);
        return { refreshed, token: keycloak.token!, refreshToken: keycloak.refreshToken! };
      });
      expect(renewed.refreshed).toBe(true);
      expect(renewed.token).not.toBe(loggedIn.token);
      expect(decodeJwt(renewed.token).jti).not.toBe(decodeJwt(loggedIn.token!).jti);
      expect(renewed.refreshToken).not.toBe(loggedIn.refreshToken);
      expect((await usersMe(renewed.token)).status).toBe(200);
      // Rotation: the refresh token keycloak-js used is spent.
      expect((await refresh(loggedIn.refreshToken!)).status).toBe(400);

      // A reload finds the session by check-sso without showing the form.
      documents.length = 0;
      await page.reload();
      const again = await outcome(page, true);
      expect(again.authenticated).toBe(true);
      expect(again.sessionId).toBe(loggedIn.sessionId);
      expect(documents.map((d) => d.status)).toEqual([302]);
      expect(documents[0]!.location).toMatch(new RegExp(`^${pageUrl.replace(/[.]/g, '\\.')}#state=`));
      expect((await usersMe(again.token!)).status).toBe(200);

      // The account page of createAccountUrl, with its way back to the GUI.
      const accountUrl = await page.evaluate(() =>
        (globalThis as unknown as Gui).keycloak.createAccountUrl(),
      );
      expect(accountUrl.startsWith(`${realm}/account?`)).toBe(true);
      const accountPage = await context.newPage();
      const account = await accountPage.goto(accountUrl);
      expect(account?.status()).toBe(200);
      expect(await accountPage.locator('dd').first().textContent()).toBe('kim');
      expect(await accountPage.locator('a.button').getAttribute('href')).toBe(pageUrl);
      await accountPage.close();

      // Logout by keycloak-js's GET (id_token_hint, post_logout_redirect_uri): back on the page, logged out.
      // Two refresh tokens of the session are live now: the refreshed one and the one of the reload.
      documents.length = 0;
      await page.click('#logout');
      expect(await outcome(page, false)).toMatchObject({ authenticated: false, token: null });
      const logout = documents.find((d) => d.url.startsWith(`${realm}/protocol/openid-connect/logout`));
      expect(new URL(logout!.url).searchParams.get('id_token_hint')).toBeTruthy();
      expect(logout!.status).toBe(302);
      expect(logout!.location).toBe(pageUrl);
      // The check-sso after it: the session is gone.
      expect(documents.at(-1)!.location).toMatch(/#error=login_required&state=/);
      // Refresh tokens of the ended session are refused, the unused ones included.
      for (const token of [renewed.refreshToken, again.refreshToken!]) {
        const refused = await refresh(token);
        expect(refused.status).toBe(400);
        expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
      }
    } finally {
      await context.close();
    }
  }, 90_000);

  it('createRegisterUrl lands on the registration form, which carries the request on', async () => {
    const { context, page } = await open();
    try {
      await page.goto(gui.pageUrl('nomad'));
      expect((await outcome(page, false)).authenticated).toBe(false);
      const registerUrl = await page.evaluate(() =>
        (globalThis as unknown as Gui).keycloak.createRegisterUrl(),
      );
      const registration = await page.goto(registerUrl);
      expect(registration?.status()).toBe(200);
      expect(await page.locator('h1').textContent()).toBe('Register');
      // The form carries the client's request on (PKCE challenge, redirect).
      expect(await page.locator('input[name="code_challenge"]').getAttribute('value')).toMatch(
        /^[A-Za-z0-9_-]{43}$/,
      );
      expect(await page.locator('input[name="redirect_uri"]').getAttribute('value')).toBe(
        gui.pageUrl('nomad'),
      );
    } finally {
      await context.close();
    }
  }, 60_000);

  it('with the login status iframe and silent check-sso, notices a logout in another tab', async () => {
    const pageUrl = gui.pageUrl('iframes');
    const { context, page, documents } = await open();
    const responses = recordProviderResponses(page);
    try {
      await page.goto(pageUrl);
      expect(await outcome(page, false)).toMatchObject({ authenticated: false, token: null });
      // Answered by the frames alone, no redirect of the page: the cookie check said "supported" (else
      // keycloak-js turns its frames off and redirects) and the status frame "unchanged".
      expect(documents).toEqual([]);
      const statusOf = (path: string) => responses.find((r) => r.url === `${realm}${path}`)?.status;
      expect(statusOf('/protocol/openid-connect/3p-cookies/step1.html')).toBe(302);
      expect(statusOf('/protocol/openid-connect/3p-cookies/step2.html')).toBe(200);
      expect(statusOf('/protocol/openid-connect/login-status-iframe.html')).toBe(200);
      expect(
        responses.find((r) =>
          r.url.startsWith(`${realm}/protocol/openid-connect/login-status-iframe.html/init?`),
        )?.status,
      ).toBe(204);

      await logInThroughForm(page, documents);
      const loggedIn = await outcome(page, true);
      expect(loggedIn.authenticated).toBe(true);

      // Reload: the status frame reports the session, and the silent frame gets the code; the page stays.
      documents.length = 0;
      await page.reload();
      const again = await outcome(page, true);
      expect(again.authenticated).toBe(true);
      expect(again.sessionId).toBe(loggedIn.sessionId);
      expect(documents).toEqual([]);
      expect((await usersMe(again.token!)).status).toBe(200);

      // Another tab logs out; the status frame tells this page, and keycloak-js drops its tokens.
      const logoutUrl = await page.evaluate(() => (globalThis as unknown as Gui).keycloak.createLogoutUrl());
      const other = await context.newPage();
      await other.goto(logoutUrl);
      await page.locator('body[data-logged-out="true"]').waitFor({ timeout: 10_000 });
      expect(await page.evaluate(() => (globalThis as unknown as Gui).keycloak.authenticated)).toBe(false);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('answers the status frame and CORS with credentials only for origins of the redirect URIs', async () => {
    const init = (origin: string, clientId = 'nomad_public') =>
      fetch(
        `${realm}/protocol/openid-connect/login-status-iframe.html/init?${new URLSearchParams({ client_id: clientId, origin }).toString()}`,
      );
    expect((await init(gui.origin)).status).toBe(204);
    expect((await init('https://evil.example')).status).toBe(403);
    expect((await init(gui.origin, 'other-client')).status).toBe(403);
    const frame = await fetch(`${realm}/protocol/openid-connect/login-status-iframe.html`);
    expect(frame.headers.get('content-security-policy')).toContain(
      `frame-ancestors ${server.origin} ${gui.origin};`,
    );
    const discovery = (await (await fetch(`${realm}/.well-known/openid-configuration`)).json()) as Record<
      string,
      string
    >;
    expect(discovery.check_session_iframe).toBe(`${realm}/protocol/openid-connect/login-status-iframe.html`);

    // Credentialed CORS for the GUI's origin; other origins get no credentials.
    const preflight = await fetch(`${realm}/protocol/openid-connect/token`, {
      method: 'OPTIONS',
      headers: { origin: gui.origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(gui.origin);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const foreign = await fetch(`${realm}/protocol/openid-connect/logout`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
