import type { AppConfig, Artifacts } from '@oasis/schema';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { contractCheckedFetch } from '../../../api/contractCheckedFetch.ts';
import { AppProviders } from '../../../app/AppProviders.tsx';
import { readEnv } from '../../../core/env.ts';
import { usePrefetchedFirstPage } from './firstPage.ts';
import { SearchProvider } from './SearchProvider.tsx';
import { testArtifacts } from './testDefinitions.ts';

export const testApp: AppConfig = {
  label: 'Entries',
  path: 'entries',
  resource: 'entries',
  category: 'All',
  description: 'Search entries across all domains',
};

export interface RecordedRequest {
  url: string;
  body: Record<string, unknown>;
}

export interface SearchRenderOptions {
  app?: AppConfig;
  artifacts?: Artifacts;
  /** Initial URL query string, e.g. '?results.material.elements=Si'. */
  search?: string;
  /** The answer to POST {resource}/query (and other API calls) for a request body. */
  answer?: (url: string, body: Record<string, unknown>) => unknown | Promise<unknown>;
  /** More of the GUI config (`ui`), e.g. unit_systems. */
  ui?: Record<string, unknown>;
  /** Start the first results page as an app's route does (firstPage.ts). */
  prefetchFirstPage?: boolean;
  /** Serve artifacts.json only once this settles. */
  artifactsServed?: Promise<unknown>;
}

function PrefetchingRoute({ app, children }: { app: AppConfig; children: ReactNode }) {
  usePrefetchedFirstPage(app);
  return children;
}

/** An empty result page for a query body, with empty buckets for every aggregation asked for. */
export function emptyAnswer(_url: string, body: Record<string, unknown>): unknown {
  const aggregations = (body.aggregations ?? {}) as Record<string, Record<string, object>>;
  return {
    owner: body.owner ?? 'visible',
    pagination: { page_size: 10, ...(body.pagination as object), total: 0 },
    data: [],
    aggregations: Object.fromEntries(
      Object.entries(aggregations).map(([name, aggregation]) => [
        name,
        Object.fromEntries(
          Object.entries(aggregation).map(([type, config]) => [type, { ...config, data: [] }]),
        ),
      ]),
    ),
  };
}

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Renders `ui` inside the app's providers and a SearchProvider at /search/{app.path}, with an API that
 * serves the test artifacts and answers queries with `answer`. Returns the recorded query requests.
 */
export function renderWithSearch(ui: ReactNode, options: SearchRenderOptions = {}) {
  const app = options.app ?? testApp;
  const artifacts = options.artifacts ?? testArtifacts;
  const answer = options.answer ?? emptyAnswer;
  const requests: RecordedRequest[] = [];
  const env = readEnv(
    {
      appBase: 'http://oasis.test/nomad-oasis',
      ui: { ...options.ui, apps: { options: { [app.path]: app } } },
    },
    'http://oasis.test',
  );
  const fetch = vi.fn<typeof globalThis.fetch>(
    contractCheckedFetch(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/artifacts.json')) {
        await options.artifactsServed;
        return new Response(JSON.stringify(artifacts));
      }
      const body = (init?.body ? JSON.parse(String(init.body)) : {}) as Record<string, unknown>;
      if (url.endsWith('/query')) requests.push({ url, body });
      // An answer may come later (a promise) and may be a ready Response, e.g. an error status. Like a
      // browser's fetch, an aborted request rejects at once, whether or not its answer ever comes.
      const answered: unknown = await untilAborted(Promise.resolve(answer(url, body)), init?.signal);
      if (answered instanceof Response) return answered;
      return new Response(JSON.stringify(answered ?? {}));
    }),
  );
  const page = <SearchProvider app={app}>{ui}</SearchProvider>;
  const router = createMemoryRouter(
    [
      {
        path: `/search/${app.path}`,
        element: options.prefetchFirstPage ? <PrefetchingRoute app={app}>{page}</PrefetchingRoute> : page,
      },
    ],
    { initialEntries: [`/search/${app.path}${options.search ?? ''}`] },
  );
  const result = render(
    <AppProviders env={env} fetch={fetch}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, fetch, requests };
}
