import { render } from '@testing-library/react';
import { User } from 'oidc-client-ts';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { contractCheckedFetch, minimalResponse } from '../api/contractCheckedFetch.ts';
import { createUserManager } from '../auth/userManager.ts';
import { realmUrl } from '../auth/session.ts';
import { AppProviders } from './AppProviders.tsx';
import { readEnv, type Env } from './env.ts';
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

/**
 * Renders the whole app at `path` with an API whose answers come from `answer` (by request path),
 * anonymous or logged in as `loggedInAs`.
 */
export function renderApp(
  path: string,
  rawEnv: Record<string, unknown> = {},
  answer: (url: string, method: string) => Response = (url, method) => minimalResponse(method, url),
  { loggedInAs }: { loggedInAs?: string } = {},
) {
  const env = readEnv({ appBase: `${ORIGIN}/nomad-oasis`, ...rawEnv }, ORIGIN);
  const fetch = vi.fn<typeof globalThis.fetch>(
    contractCheckedFetch((input, init) => Promise.resolve(answer(String(input), init?.method ?? 'GET'))),
  );
  const router = createMemoryRouter(createRoutes(env), { initialEntries: [path] });
  const userManager = loggedInAs === undefined ? undefined : loggedInManager(env, loggedInAs);
  render(
    <AppProviders env={env} fetch={fetch} userManager={userManager}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, fetch, env };
}
