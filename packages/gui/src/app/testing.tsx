import { render } from '@testing-library/react';
import { User } from 'oidc-client-ts';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { contractCheckedFetch, minimalResponse } from '../api/contractCheckedFetch.ts';
import { createUserManager } from '../auth/userManager.ts';
import { realmUrl } from '../auth/session.ts';
import { AppProviders } from './AppProviders.tsx';
import { readEnv, type Env } from '../core/env.ts';
import { createRoutes } from './routes.tsx';

const ORIGIN = 'http://oasis.test';

/** An identity provider client holding (in memory, as in the browser) a login as `sub`, 'Jane Doe'. */
function loggedInManager(env: Env, sub: string) {
  const manager = createUserManager(env, ORIGIN);
  const now = Math.floor(Date.now() / 1000);
  const profile = {
    sub,
    name: 'Jane Doe',
    iss: realmUrl(env),
    aud: env.keycloakClientId,
    exp: now + 3600,
    iat: now,
  };
  void manager.storeUser(
    new User({
      access_token: 'access-1',
      token_type: 'Bearer',
      scope: 'openid profile email',
      expires_at: now + 3600,
      profile,
    }),
  );
  return manager;
}

/** The plainest entries app; tests add what they need. */
export const plainEntriesApp = { label: 'Entries', path: 'entries', resource: 'entries', category: 'All' };

/** The config (`rawEnv` of renderApp) of an installation with the apps `options`, and more of `ui`. */
export const appsEnv = (options: Record<string, object>, ui: Record<string, unknown> = {}) => ({
  ui: { apps: { options }, ...ui },
});

const testEnv = (rawEnv: Record<string, unknown>) =>
  readEnv({ appBase: `${ORIGIN}/nomad-oasis`, ...rawEnv }, ORIGIN);

/** Renders `router` with the app's providers and the API through `fetch`, anonymous or logged in as `loggedInAs`. */
function renderRouter(
  router: ReturnType<typeof createMemoryRouter>,
  env: Env,
  fetch: typeof globalThis.fetch,
  loggedInAs?: string,
) {
  const userManager = loggedInAs === undefined ? undefined : loggedInManager(env, loggedInAs);
  render(
    <AppProviders env={env} fetch={fetch} userManager={userManager}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/**
 * Renders the whole app at `path` with an API whose answers come from `answer` (by request path),
 * anonymous or logged in as `loggedInAs`.
 */
export function renderApp(
  path: string,
  rawEnv: Record<string, unknown> = {},
  answer: (url: string, method: string) => Response | Promise<Response> = (url, method) =>
    minimalResponse(method, url),
  { loggedInAs }: { loggedInAs?: string } = {},
) {
  const env = testEnv(rawEnv);
  const fetch = vi.fn<typeof globalThis.fetch>(
    contractCheckedFetch((input, init) => Promise.resolve(answer(String(input), init?.method ?? 'GET'))),
  );
  const router = createMemoryRouter(createRoutes(env), { initialEntries: [path] });
  renderRouter(router, env, fetch, loggedInAs);
  return { router, fetch, env };
}

/**
 * Renders a part of the app, `ui`, at any path with the app's providers (their config from `rawEnv`, as
 * for renderApp) and the API through `fetch`, anonymous or logged in as `loggedInAs`.
 */
export function renderWithProviders(
  ui: ReactElement,
  fetch: typeof globalThis.fetch,
  { rawEnv = {}, loggedInAs }: { rawEnv?: Record<string, unknown>; loggedInAs?: string } = {},
) {
  renderRouter(createMemoryRouter([{ path: '*', element: ui }]), testEnv(rawEnv), fetch, loggedInAs);
}
