import type { Upload } from '@oasis/schema';
import { render } from '@testing-library/react';
import { User } from 'oidc-client-ts';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { contractCheckedFetch, minimalResponse } from '../../../api/contractCheckedFetch.ts';
import { AppProviders } from '../../../app/AppProviders.tsx';
import { readEnv } from '../../../app/env.ts';
import { realmUrl } from '../../../auth/session.ts';
import { createUserManager } from '../../../auth/userManager.ts';

const ORIGIN = 'http://oasis.test';

/** An answer for a request, or undefined for the smallest answer the contract allows. */
export type Answer = (request: {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}) => Response | undefined;

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** An unpublished upload of 'author' with one entry, processed. */
export const testUpload = (fields: Partial<Upload> = {}): Upload => ({
  process_running: false,
  current_process: 'process_upload',
  process_status: 'SUCCESS',
  errors: [],
  warnings: [],
  upload_id: 'dft_upload',
  upload_create_time: '2024-09-06T19:24:53.290000',
  main_author: 'author',
  coauthors: [],
  coauthor_groups: [],
  reviewers: [],
  reviewer_groups: [],
  writers: ['author'],
  viewers: ['author'],
  published: false,
  published_to: [],
  with_embargo: false,
  embargo_length: 0,
  license: 'CC BY 4.0',
  entries: 1,
  ...fields,
});

/** An identity provider client holding a login as `sub` (kept in memory, as in the browser). */
function loggedInManager(env: ReturnType<typeof readEnv>, sub: string) {
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
    new User({ access_token: 'access-1', token_type: 'Bearer', expires_at: now + 3600, profile }),
  );
  return manager;
}

/**
 * Renders a part of the upload page with the app's providers, logged in as `loggedInAs` ('author' by
 * default; null for anonymous), the API answering through `answer` checked against the contract.
 */
export function renderWithApi(
  ui: ReactElement,
  {
    answer = () => undefined,
    loggedInAs = 'author',
    env: rawEnv = {},
  }: { answer?: Answer; loggedInAs?: string | null; env?: Record<string, unknown> } = {},
) {
  const env = readEnv({ appBase: `${ORIGIN}/nomad-oasis`, ...rawEnv }, ORIGIN);
  const stub = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const path = url.pathname.replace(/^.*\/api\/v1\//, '');
    return Promise.resolve(answer({ method, path, url, body }) ?? minimalResponse(method, url.href));
  };
  const fetch = vi.fn<typeof globalThis.fetch>(contractCheckedFetch(stub));
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  const userManager = loggedInAs === null ? undefined : loggedInManager(env, loggedInAs);
  render(
    <AppProviders env={env} fetch={fetch} userManager={userManager}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  /** The requests made so far (method, path below /api/v1/, query string and JSON body). */
  const requests = () =>
    fetch.mock.calls.map(([input, init]) => {
      const url = new URL(String(input));
      return {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^.*\/api\/v1\//, ''),
        search: url.search,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
    });
  return { fetch, requests };
}
