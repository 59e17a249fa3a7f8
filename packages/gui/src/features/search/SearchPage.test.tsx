import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing.tsx';
import { minimalResponse } from '../../api/contractCheckedFetch.ts';
import { emptyAnswer } from './context/testing.tsx';
import { testArtifacts } from './context/testDefinitions.ts';

const entriesApp = {
  label: 'Entries',
  path: 'entries',
  resource: 'entries',
  category: 'All',
  description: 'Search entries across all domains',
  readme: 'Search **entries** here.',
  menu: {
    type: 'menu',
    title: 'Filters',
    size: 'sm',
    items: [
      { type: 'menu', title: 'Material' },
      {
        type: 'menu',
        title: 'Elements / Formula',
        size: 'xxl',
        indentation: 1,
        items: [{ type: 'periodic_table', search_quantity: 'results.material.elements' }],
      },
      { type: 'terms', search_quantity: 'results.method.simulation.program_name' },
    ],
  },
};
const materialsApp = {
  label: 'Materials',
  path: 'materials',
  resource: 'materials',
  category: 'Theory',
  description: 'Search materials that are identified from calculations',
};
const env = { ui: { apps: { options: { entries: entriesApp, materials: materialsApp } } } };

const answer = (url: string, init?: RequestInit) => {
  if (url.endsWith('/artifacts.json')) return new Response(JSON.stringify(testArtifacts));
  if (!url.endsWith('/query')) return minimalResponse(init?.method ?? 'GET', url);
  const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
  const base = emptyAnswer(url, body) as { aggregations: Record<string, { terms?: { data: unknown[] } }> };
  for (const [name, aggregation] of Object.entries(base.aggregations)) {
    if (aggregation.terms && name.startsWith('results.material.elements')) {
      aggregation.terms.data = [
        { value: 'Si', count: 3 },
        { value: 'O', count: 2 },
      ];
    }
    if (aggregation.terms && name === 'results.method.simulation.program_name:menu') {
      aggregation.terms.data = [{ value: 'VASP', count: 3 }];
    }
  }
  return new Response(JSON.stringify(base));
};

const bodies = (fetch: ReturnType<typeof renderApp>['fetch'], suffix: string) =>
  fetch.mock.calls
    .filter(([input]) => String(input).endsWith(suffix))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('SearchPage', () => {
  it('shows the app, filters from the URL, menu items and chips', async () => {
    const { fetch, router } = renderApp(
      '/search/entries?results.method.simulation.program_name=VASP&state=x&iss=y',
      env,
      (url) => answer(url, fetch.mock.calls.at(-1)?.[1]),
    );
    const menu = await screen.findByRole('navigation', { name: 'Filters' });
    expect(screen.getByRole('heading', { level: 1, name: 'Entries' })).toBeInTheDocument();
    expect(screen.getByText('Search entries across all domains')).toBeInTheDocument();
    expect(screen.getByText('Search entries here.')).toBeInTheDocument();
    expect(within(menu).getByText('Material')).toBeInTheDocument();

    await waitFor(() => expect(bodies(fetch, '/entries/query').length).toBeGreaterThan(0));
    expect(bodies(fetch, '/entries/query')[0]).toMatchObject({
      owner: 'public',
      query: { 'results.method.simulation.program_name:any': ['VASP'] },
    });
    const chips = screen.getByRole('group', { name: 'query' });
    expect(within(chips).getByText('VASP')).toBeInTheDocument();

    // The sub-menu opens beside the menu; its periodic table asks for element counts.
    await userEvent.click(within(menu).getByRole('button', { name: 'Elements / Formula' }));
    const sub = screen.getByRole('navigation', { name: 'Elements / Formula' });
    const table = within(sub).getByRole('group', { name: 'periodic table' });
    await waitFor(() => expect(within(table).getByRole('button', { name: 'Fe' })).toBeDisabled());
    await userEvent.click(within(table).getByRole('button', { name: 'Si' }));
    expect(router.state.location.search).toBe(
      '?results.method.simulation.program_name=VASP&results.material.elements=Si',
    );

    // Removing a chip removes the filter.
    const vasp = within(screen.getByRole('group', { name: 'query' })).getByRole('button', { name: 'VASP' });
    vasp.focus();
    await userEvent.keyboard('{Delete}');
    expect(router.state.location.search).toBe('?results.material.elements=Si');
  });

  it('collapses the menu to a rotated Filters strip', async () => {
    renderApp('/search/entries', env, (url) => answer(url));
    await userEvent.click(await screen.findByRole('button', { name: 'Hide the filter menu' }));
    expect(screen.queryByRole('button', { name: 'Elements / Formula' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show the filter menu' }));
    expect(screen.getByRole('button', { name: 'Elements / Formula' })).toBeInTheDocument();
  });

  it('toggles the GUI options with Alt+g', async () => {
    renderApp('/search/entries', env, (url) => answer(url));
    await screen.findByRole('navigation', { name: 'Filters' });
    fireEvent.keyDown(window, { key: 'g', code: 'KeyG', altKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'GUI options' });
    expect(within(dialog).getByLabelText('app configuration')).toHaveTextContent('path: entries');
    fireEvent.keyDown(window, { key: 'g', code: 'KeyG', altKey: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('searches a materials app at materials/query', async () => {
    const { fetch } = renderApp('/search/materials', env, (url) => answer(url));
    expect(await screen.findByRole('heading', { level: 1, name: 'Materials' })).toBeInTheDocument();
    await waitFor(() => expect(bodies(fetch, '/materials/query').length).toBeGreaterThan(0));
  });

  it("starts another app's search afresh: a link from materials to entries keeps no materials order", async () => {
    const ordered = { ...materialsApp, pagination: { order_by: 'chemical_formula_hill', page_size: 20 } };
    const envs = { ui: { apps: { options: { entries: entriesApp, materials: ordered } } } };
    const { fetch, router } = renderApp('/search/materials', envs, (url) => answer(url));
    await waitFor(() => expect(bodies(fetch, '/materials/query').length).toBeGreaterThan(0));
    await router.navigate('/search/entries?results.material.elements=Si');
    expect(await screen.findByRole('heading', { level: 1, name: 'Entries' })).toBeInTheDocument();
    await waitFor(() => expect(bodies(fetch, '/entries/query').length).toBeGreaterThan(0));
    for (const body of bodies(fetch, '/entries/query'))
      expect(body.pagination).not.toMatchObject({ order_by: 'chemical_formula_hill' });
  });
});
