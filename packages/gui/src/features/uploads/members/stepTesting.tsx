import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { contractCheckedFetch, minimalResponse } from '../../../api/contractCheckedFetch.ts';
import { renderWithProviders } from '../../../app/testing.tsx';

/** An answer for a request, or undefined for the smallest answer the contract allows. */
export type Answer = (request: {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}) => Response | undefined;

/** A fetch call as Answer sees it: the path is below /api/v1/, the body parsed from JSON. */
function describeRequest(input: RequestInfo | URL, init?: RequestInit) {
  const url = new URL(String(input));
  return {
    method: init?.method ?? 'GET',
    path: url.pathname.replace(/^.*\/api\/v1\//, ''),
    url,
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  };
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
  const stub = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = describeRequest(input, init);
    return Promise.resolve(answer(request) ?? minimalResponse(request.method, request.url.href));
  };
  const fetch = vi.fn<typeof globalThis.fetch>(contractCheckedFetch(stub));
  renderWithProviders(ui, fetch, { rawEnv, loggedInAs: loggedInAs ?? undefined });
  /** The requests made so far (method, path below /api/v1/, query string and JSON body). */
  const requests = () =>
    fetch.mock.calls.map(([input, init]) => {
      const { method, path, url, body } = describeRequest(input, init);
      return { method, path, search: url.search, body };
    });
  return { fetch, requests };
}
