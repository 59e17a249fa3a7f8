import type { AppConfig } from '@oasis/schema';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { contractCheckedFetch } from '../../../api/contractCheckedFetch.ts';
import { AppProviders } from '../../../app/AppProviders.tsx';
import { readEnv } from '../../../core/env.ts';
import { UnitsMenu } from '../../units/UnitsMenu.tsx';
import { UnitsProvider } from '../../units/UnitsProvider.tsx';
import { SearchProvider } from '../context/index.ts';
import { testArtifacts } from '../context/testDefinitions.ts';
import { SearchResults } from './SearchResults.tsx';

const unitSystems = {
  selected: 'Custom',
  options: {
    Custom: { label: 'Custom', units: { energy: { definition: 'eV', locked: false } } },
    SI: { label: 'International System of Units (SI)', units: { energy: { definition: 'J', locked: true } } },
  },
};

export interface QueryBody {
  owner: string;
  query: Record<string, unknown>;
  pagination: { order_by?: string; order?: string; page_size?: number; page_after_value?: string };
}

/**
 * The results table in a search context at /search/{app.path}, with the units menu beside it and an
 * entry page route to land on; `answer` gives the body of each POST {resource}/query.
 */
export function renderResults(
  app: AppConfig,
  answer: (body: QueryBody) => unknown | Promise<unknown>,
  rawEnv: Record<string, unknown> = {},
) {
  const env = readEnv(
    {
      ...rawEnv,
      appBase: 'http://oasis.test/nomad-oasis',
      ui: { apps: { options: { [app.path]: app } }, unit_systems: unitSystems },
    },
    'http://oasis.test',
  );
  const bodies: QueryBody[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(
    contractCheckedFetch(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/artifacts.json')) return new Response(JSON.stringify(testArtifacts));
      const body = JSON.parse(String(init?.body ?? '{}')) as QueryBody;
      bodies.push(body);
      return new Response(JSON.stringify(await answer(body)));
    }),
  );
  const router = createMemoryRouter(
    [
      {
        path: `/search/${app.path}`,
        element: (
          <UnitsProvider>
            <UnitsMenu />
            <SearchProvider app={app}>
              <SearchResults />
            </SearchProvider>
          </UnitsProvider>
        ),
      },
      { path: `/search/${app.path}/entry/id/:entryId`, element: <p>the entry page</p> },
    ],
    { initialEntries: [`/search/${app.path}`] },
  );
  render(
    <AppProviders env={env} fetch={fetch}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { bodies, router };
}
