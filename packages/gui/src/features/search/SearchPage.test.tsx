import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing.tsx';

const apps = {
  ui: {
    apps: {
      options: {
        entries: {
          label: 'Entries',
          path: 'entries',
          resource: 'entries',
          category: 'All',
          description: 'Search entries across all domains',
        },
      },
    },
  },
};

const artifacts = {
  searchQuantities: {
    'results.material.elements': {
      name: 'elements',
      description: 'Names of the different elements present in the structure.',
      type: { type_kind: 'enum', type_data: ['O', 'Si'] },
      aggregatable: true,
      dynamic: false,
      repeats: false,
    },
  },
  metainfo: { packages: [] },
  parserMetadata: {},
  northTools: {},
  unitList: [],
  unitPrefixes: {},
};

const answer = (url: string) =>
  url.endsWith('/artifacts.json')
    ? new Response(JSON.stringify(artifacts), { status: 200 })
    : url.endsWith('/entries/query')
      ? new Response(
          JSON.stringify({
            owner: 'public',
            pagination: { page_size: 20, order_by: 'upload_create_time', order: 'desc', total: 1 },
            aggregations: {
              'results.material.elements': {
                terms: {
                  data: [
                    { value: 'Si', count: 1 },
                    { value: 'O', count: 1 },
                  ],
                },
              },
            },
            data: [
              {
                entry_id: 'e1',
                entry_name: 'quartz',
                results: { material: { chemical_formula_hill: 'O2Si' } },
              },
            ],
          }),
        )
      : new Response('{}');

interface QueryBody {
  owner: string;
  query: unknown;
  pagination: unknown;
  aggregations?: unknown;
}

describe('SearchPage', () => {
  it('reads the filters from the URL, queries, and writes element clicks back', async () => {
    const { fetch, router } = renderApp('/search/entries?results.material.elements=Si', apps, answer);
    expect(await screen.findByRole('heading', { name: '1/1 result' }, { timeout: 8000 })).toBeInTheDocument();
    const bodies = () =>
      fetch.mock.calls
        .filter(([input]) => String(input).endsWith('/entries/query'))
        .map(([, init]) => JSON.parse(String(init?.body)) as QueryBody);
    expect(bodies()[0]).toMatchObject({
      owner: 'public',
      query: { 'results.material.elements': { all: ['Si'] } },
      pagination: { page_size: 20, order_by: 'upload_create_time', order: 'desc' },
      required: { exclude: ['quantities', 'sections', 'files'] },
      aggregations: {
        'results.material.elements': { terms: { quantity: 'results.material.elements', size: 118 } },
      },
    });
    expect(screen.getByText('O2Si')).toBeInTheDocument();

    const table = screen.getByRole('group', { name: 'periodic table' });
    expect(within(table).getByRole('button', { name: 'Si' })).toHaveAttribute('aria-pressed', 'true');
    // Counts are known: elements without entries cannot be chosen.
    expect(within(table).getByRole('button', { name: 'Fe' })).toBeDisabled();
    await userEvent.click(within(table).getByRole('button', { name: 'O' }));
    expect(router.state.location.search).toBe('?results.material.elements=Si,O');
    await waitFor(
      () => expect(bodies().at(-1)?.query).toEqual({ 'results.material.elements': { all: ['Si', 'O'] } }),
      {
        timeout: 3000,
      },
    );

    // Deleting a chip removes its value from the URL again.
    const chip = within(screen.getByRole('group', { name: 'query' })).getByRole('button', { name: 'O' });
    chip.focus();
    await userEvent.keyboard('{Delete}');
    expect(router.state.location.search).toBe('?results.material.elements=Si');
  }, 15000);

  it('opens the entry page on row click', async () => {
    const { router } = renderApp('/search/entries', apps, answer);
    await userEvent.click(await screen.findByText('quartz', undefined, { timeout: 3000 }));
    expect(router.state.location.pathname).toBe('/search/entries/entry/id/e1');
  }, 15000);
});
